import { useEffect, type CSSProperties } from 'react';
import type { ChartEngine, ChartOptions } from '../engine/chart-engine.js';
import { useChart } from './use-chart.js';

export interface ChartProps extends ChartOptions {
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** An accessible description of what the chart shows. */
  label?: string;
  /** Called with the engine once it is ready (and with undefined when it goes away). */
  onEngine?: (engine: ChartEngine | undefined) => void;
}

/**
 * A candlestick chart filling a box of the given size. Pass `candles` (one series) or `series`
 * (5min and 1hr); the hooks (`useLines`, `useTimeframe`, ...) take the engine from `onEngine`.
 */
export function Chart({
  width = '100%',
  height = 400,
  className,
  style,
  label,
  onEngine,
  ...options
}: ChartProps) {
  const { containerRef, engine, error } = useChart({ ...options, label });

  useEffect(() => {
    onEngine?.(engine);
  }, [engine, onEngine]);

  useEffect(() => {
    if (engine && label) engine.canvas.setAttribute('aria-label', label);
  }, [engine, label]);

  return (
    <div
      ref={containerRef}
      className={className}
      style={{ position: 'relative', width, height, ...style }}
    >
      {error && (
        <p role="alert" style={{ margin: 0, padding: '1rem', color: '#ef5350' }}>
          The chart could not start: {error.message}. It needs a browser with WebGL turned on.
        </p>
      )}
    </div>
  );
}
