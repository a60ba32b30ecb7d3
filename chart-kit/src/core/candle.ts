/** One price bar. `time` is the bar's opening time in unix seconds. */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

/** Thrown by {@link validateSeries}; names the first offending candle. */
export class SeriesError extends Error {
  constructor(
    readonly index: number,
    readonly problem: string,
  ) {
    super(`candle ${index}: ${problem}`);
    this.name = 'SeriesError';
  }
}

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

/**
 * Checks that a series can be drawn and graded: times strictly ascending (no duplicates), every
 * number finite, and each candle's high/low enclosing its open and close.
 * Throws a {@link SeriesError} naming the index and the problem of the first bad candle.
 */
export function validateSeries(candles: readonly Candle[]): void {
  let previousTime = Number.NEGATIVE_INFINITY;
  candles.forEach((candle, index) => {
    if (!Number.isFinite(candle.time)) {
      throw new SeriesError(index, `time is not a finite number (${String(candle.time)})`);
    }
    for (const field of PRICE_FIELDS) {
      if (!Number.isFinite(candle[field])) {
        throw new SeriesError(index, `${field} is not a finite number (${String(candle[field])})`);
      }
    }
    if (candle.volume !== undefined && !(Number.isFinite(candle.volume) && candle.volume >= 0)) {
      throw new SeriesError(
        index,
        `volume must be a finite number >= 0 (${String(candle.volume)})`,
      );
    }
    if (candle.time === previousTime) {
      throw new SeriesError(index, `duplicate time ${candle.time}`);
    }
    if (candle.time < previousTime) {
      throw new SeriesError(
        index,
        `time ${candle.time} is before the previous candle's ${previousTime} (series must ascend)`,
      );
    }
    const bodyTop = Math.max(candle.open, candle.close);
    const bodyBottom = Math.min(candle.open, candle.close);
    if (candle.high < bodyTop) {
      throw new SeriesError(index, `high ${candle.high} is below the body top ${bodyTop}`);
    }
    if (candle.low > bodyBottom) {
      throw new SeriesError(index, `low ${candle.low} is above the body bottom ${bodyBottom}`);
    }
    previousTime = candle.time;
  });
}
