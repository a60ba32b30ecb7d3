import { groups } from 'd3-array';
import { validateSeries, type Candle } from './candle.js';

/** The chart timeframes the course uses, as candle periods in seconds. */
export const TIMEFRAMES = { '5min': 300, '1hr': 3600 } as const;

export type Timeframe = keyof typeof TIMEFRAMES;

/**
 * Start of the period that contains `time`, aligned to multiples of the period since the unix epoch,
 * so that 09:35 falls in the 09:00 hour whatever the first candle of the series is.
 */
export function periodStart(time: number, periodSeconds: number): number {
  // `+ 0` turns a -0 (from a time of -0) into 0, so equal buckets also compare equal with Object.is.
  return Math.floor(time / periodSeconds) * periodSeconds + 0;
}

/**
 * Merges candles into candles of a longer period (5min -> 1hr with `TIMEFRAMES['1hr']`).
 * Each output candle's time is the start of its period, not the time of its first input candle,
 * so the hourly series lines up with the clock even when the first 5min candle of an hour is missing.
 * Periods without input candles are left out rather than filled, as the input has gaps (nights,
 * weekends) that a chart should not draw as flat bars.
 *
 * Throws a SeriesError if the input is not a valid ascending series: open and close are taken from
 * the first and last candle of each period, which is only meaningful in time order.
 */
export function aggregateCandles(candles: readonly Candle[], periodSeconds: number): Candle[] {
  if (!(Number.isFinite(periodSeconds) && periodSeconds > 0)) {
    throw new RangeError(`periodSeconds must be a finite number > 0 (${String(periodSeconds)})`);
  }
  validateSeries(candles);
  // d3's groups keeps keys in first-seen order, and the input ascends, so the buckets ascend too.
  return groups(candles, (candle) => periodStart(candle.time, periodSeconds)).map(
    ([bucketTime, bucket]) => mergeBucket(bucketTime, bucket),
  );
}

function mergeBucket(time: number, bucket: readonly Candle[]): Candle {
  const first = bucket[0];
  const last = bucket[bucket.length - 1];
  if (first === undefined || last === undefined) {
    throw new Error('aggregateCandles: d3 groups produced an empty bucket');
  }
  let high = first.high;
  let low = first.low;
  let volume: number | undefined;
  for (const candle of bucket) {
    if (candle.high > high) high = candle.high;
    if (candle.low < low) low = candle.low;
    if (candle.volume !== undefined) volume = (volume ?? 0) + candle.volume;
  }
  const merged: Candle = { time, open: first.open, high, low, close: last.close };
  // Leave the key out (rather than set it to undefined) so merged candles look like source candles.
  if (volume !== undefined) merged.volume = volume;
  return merged;
}
