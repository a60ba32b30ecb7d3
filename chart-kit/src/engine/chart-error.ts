import { ChartDataError } from '../model/chart-data-error.js';

export { ChartDataError };

/**
 * The browser offers no WebGL (turned off, blocked by policy, or not there) and no WebGPU to
 * fall back on. The only error that speaks of WebGL.
 */
export class WebGLUnavailableError extends Error {
  readonly kind = 'webgl-unavailable';

  constructor(options?: ErrorOptions) {
    super(
      'This browser has WebGL turned off or does not support it, so the chart cannot draw.',
      options,
    );
    this.name = 'WebGLUnavailableError';
  }
}

/**
 * WebGL is there but the chart could not start on it (a driver failure, a context the browser
 * refused, an exception while drawing the first frame). `cause` holds the original error.
 */
export class ChartStartError extends Error {
  readonly kind = 'start-failed';

  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The chart could not start: ${reason}`, { cause });
    this.name = 'ChartStartError';
  }
}

/**
 * Why a chart could not start (or refused new data), told apart by `kind`:
 * - 'data': a candle cannot be drawn; `index`, `time`, `timeframe` and `problem` name it;
 * - 'webgl-unavailable': the browser gives no WebGL;
 * - 'start-failed': anything else went wrong while starting, with the original as `cause`.
 */
export type ChartError = ChartDataError | WebGLUnavailableError | ChartStartError;

/** Whether `value` is one of the chart's errors. */
export function isChartError(value: unknown): value is ChartError {
  return (
    value instanceof ChartDataError ||
    value instanceof WebGLUnavailableError ||
    value instanceof ChartStartError
  );
}

/** `reason` as a ChartError: itself when it is one, otherwise a ChartStartError wrapping it. */
export function toChartError(reason: unknown): ChartError {
  return isChartError(reason) ? reason : new ChartStartError(reason);
}
