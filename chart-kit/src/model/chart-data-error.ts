import { LinePointError, type Timeframe, SeriesError } from '@chart-kit/core';

/**
 * Candles (or a line series' points) a chart cannot draw: names the first bad candle or point
 * (its index in the array passed, its time when that is a number, the series it is in) and what
 * is wrong with it. Thrown when a chart is created or given new data; the chart keeps the data it
 * had.
 */
export class ChartDataError extends Error {
  readonly kind = 'data';
  /** Index of the bad candle in the array passed. */
  readonly index: number;
  /** The bad candle's `time`, when it is a finite number. */
  readonly time: number | undefined;
  /** Which of `series` holds it; undefined for `candles` and for a line series' point. */
  readonly timeframe: Timeframe | undefined;
  /** The id of the line series whose point is bad; undefined for a candle. */
  readonly lineSeries: string | undefined;
  /** What is wrong, e.g. 'high 10.5 is below the body top 11'. */
  readonly problem: string;

  constructor(
    detail: {
      index: number;
      time: number | undefined;
      timeframe: Timeframe | undefined;
      problem: string;
      lineSeries?: string;
    },
    options?: ErrorOptions,
  ) {
    const time = detail.time === undefined ? '' : ` (time ${detail.time})`;
    const series = detail.timeframe === undefined ? '' : ` of the ${detail.timeframe} series`;
    super(
      detail.lineSeries === undefined
        ? `Candle ${detail.index}${time}${series}: ${detail.problem}`
        : `Point ${detail.index}${time} of line series ${JSON.stringify(detail.lineSeries)}: ${detail.problem}`,
      options,
    );
    this.name = 'ChartDataError';
    this.index = detail.index;
    this.time = detail.time;
    this.timeframe = detail.timeframe;
    this.lineSeries = detail.lineSeries;
    this.problem = detail.problem;
  }
}

/** Runs `load` (which validates candles), turning a SeriesError into a ChartDataError. */
export function loadingSeries<T>(timeframe: Timeframe | undefined, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof SeriesError)) throw error;
    throw new ChartDataError(
      { index: error.index, time: error.time, timeframe, problem: error.problem },
      { cause: error },
    );
  }
}

/** Runs `load` (which validates a line series' points), turning a LinePointError into a ChartDataError. */
export function loadingLinePoints<T>(lineSeries: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof LinePointError)) throw error;
    throw new ChartDataError(
      {
        index: error.index,
        time: error.time,
        timeframe: undefined,
        problem: error.problem,
        lineSeries,
      },
      { cause: error },
    );
  }
}
