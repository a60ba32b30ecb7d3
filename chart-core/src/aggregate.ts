import { bisectRight, groups } from 'd3-array';
import { validateSeries, type Candle } from './candle.js';
import { type SessionOptions, sessionStarts } from './sessions.js';
import { seriesPeriodSeconds } from './time-window.js';
import {
  type Timeframe,
  TimeframeMultipleError,
  timeframeParts,
  timeframeSeconds,
} from './timeframe.js';

/**
 * The periods in seconds of the two timeframes chart-kit first offered. Any timeframe's length:
 * {@link timeframeSeconds}.
 */
export const TIMEFRAMES = { '5min': 300, '1hr': 3600 } as const satisfies Partial<
  Record<Timeframe, number>
>;

/**
 * Start of the period that contains `time`, aligned to multiples of the period since the unix epoch,
 * so that 09:35 falls in the 09:00 hour whatever the first candle of the series is.
 */
export function periodStart(time: number, periodSeconds: number): number {
  // `+ 0` turns a -0 (from a time of -0) into 0, so equal buckets also compare equal with Object.is.
  return Math.floor(time / periodSeconds) * periodSeconds + 0;
}

/**
 * Merges candles into candles of a longer period (5min -> 1hr with `TIMEFRAMES['1hr']`), aligned
 * to the clock (see {@link aggregateTimeframe} for buckets that start at each session's open).
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

export interface TimeframeAggregateOptions {
  /**
   * The timeframe of the input candles. Default: the shortest step between two of them (the
   * check that `timeframe` is a multiple of it is skipped for fewer than two candles).
   */
  base?: Timeframe;
  /** How sessions are found (see {@link sessionStarts}). */
  sessions?: SessionOptions;
}

/**
 * Merges a series into a longer timeframe, session by session (see {@link sessionStarts}):
 * - minutes and hours count from each session's open: 4hr candles of a 09:30 to 16:00 session
 *   are 09:30-13:30 and 13:30-16:00, not aligned to midnight UTC, and 1hr ones start at 09:30,
 *   10:30...; the last one of a session ends at its close;
 * - days merge whole sessions: '1D' is one candle per session, '5D' five consecutive sessions,
 *   counted from the first session of the series.
 * A candle never merges candles of two sessions, and each candle's time is its bucket's start
 * (for days: the first candle's time of its first session). Volumes add up; open and close come
 * from the first and last candle of the bucket.
 *
 * Throws a {@link TimeframeMultipleError} when `timeframe`'s length is not a whole multiple of the
 * base period (15min from 10min candles; a day counts as 24 hours here), a TimeframeError for a
 * malformed timeframe, and a SeriesError for candles that are not a valid ascending series.
 */
export function aggregateTimeframe(
  candles: readonly Candle[],
  timeframe: Timeframe,
  options: TimeframeAggregateOptions = {},
): Candle[] {
  const { count, unit } = timeframeParts(timeframe);
  const periodSeconds = timeframeSeconds(timeframe);
  validateSeries(candles);
  const times = candles.map((candle) => candle.time);
  const baseSeconds =
    options.base !== undefined
      ? timeframeSeconds(options.base)
      : times.length > 1
        ? seriesPeriodSeconds(times)
        : undefined;
  if (baseSeconds !== undefined && !isWholeMultiple(periodSeconds, baseSeconds)) {
    throw new TimeframeMultipleError(timeframe, baseSeconds);
  }
  const opens = sessionStarts(times, baseSeconds ?? periodSeconds, options.sessions).map(
    (index) => times[index] ?? 0,
  );
  // Sessions are contiguous and ascending, so a candle's session is the last one opening at or
  // before it.
  const sessionOf = (time: number) => bisectRight(opens, time) - 1;
  const bucketOf =
    unit === 'D'
      ? (candle: Candle) => opens[Math.floor(sessionOf(candle.time) / count) * count] ?? 0
      : (candle: Candle) => {
          const open = opens[sessionOf(candle.time)] ?? 0;
          return open + Math.floor((candle.time - open) / periodSeconds) * periodSeconds;
        };
  return groups(candles, bucketOf).map(([bucketTime, bucket]) => mergeBucket(bucketTime, bucket));
}

/** Whether `length` is `base` times a whole number, allowing for float noise in the times. */
function isWholeMultiple(length: number, base: number): boolean {
  const ratio = length / base;
  return ratio >= 1 - 1e-9 && Math.abs(ratio - Math.round(ratio)) < 1e-9;
}

function mergeBucket(time: number, bucket: readonly Candle[]): Candle {
  const first = bucket[0];
  const last = bucket[bucket.length - 1];
  if (first === undefined || last === undefined) {
    throw new Error('aggregate: d3 groups produced an empty bucket');
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
