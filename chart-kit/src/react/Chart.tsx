import { useEffect, type CSSProperties } from 'react';
import type { Candle } from '../core/candle.js';
import type { ChartEngine, ChartOptions } from '../engine/chart-engine.js';
import { useChart } from './use-chart.js';

export interface ChartProps extends Omit<ChartOptions, 'candles'> {
  candles: readonly Candle[];
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** An accessible description of what the chart shows. */
  label?: string;
  /** Called with the engine once it is ready (and with undefined when it goes away). */
  onEngine?: (engine: ChartEngine | undefined) => void;
}

/** A candlestick chart filling a box of the given size. */
export function Chart({
  candles,
  width = '100%',
  height = 400,
  className,
  style,
  label,
  onEngine,
  ...options
}: ChartProps) {
  const { containerRef, engine, error } = useChart({ ...options, candles });

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
