import { useEffect, type CSSProperties } from 'react';
import type { ChartEngine } from '../engine/chart-engine.js';
import type { ChartError } from '../engine/chart-error.js';
import { type UseChartOptions, useChart } from './use-chart.js';

export interface ChartProps extends UseChartOptions {
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** An accessible description of what the chart shows. */
  label?: string;
  /** Called with the engine once it is ready (and with undefined when it goes away). */
  onEngine?: (engine: ChartEngine | undefined) => void;
  /**
   * Called with a typed error when the chart cannot start or refuses new data (see
   * `ChartError`). Without it the chart shows the error's message in its box; with it, the
   * application says what it wants and the box stays empty.
   */
  onError?: (error: ChartError) => void;
}

/** What the chart's box says when it cannot draw and the application did not take the error. */
function errorText(error: ChartError): string {
  switch (error.kind) {
    case 'data':
      return `The chart's data has a bad ${error.lineSeries === undefined ? 'candle' : 'point'}. ${error.message}.`;
    case 'webgl-unavailable':
      return 'The chart needs WebGL, which this browser has turned off or does not support.';
    case 'start-failed':
      return `${error.message}.`;
  }
}

/**
 * A candlestick chart filling a box of the given size. Pass `candles` (one series) or `series`
 * (by timeframe, with `timeframes` for more); the hooks (`useLines`, `useTimeframe`, ...) take the engine from `onEngine`.
 */
export function Chart({
  width = '100%',
  height = 400,
  className,
  style,
  label,
  onEngine,
  onError,
  ...options
}: ChartProps) {
  const { containerRef, engine, error } = useChart({ ...options, label, onError });

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
      {error && !engine && !onError && (
        <p role="alert" style={{ margin: 0, padding: '1rem', color: '#ef5350' }}>
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
