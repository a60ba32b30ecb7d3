import { bisectLeft, bisectRight } from 'd3-array';
import type { IndexViewport } from './scales.js';

/**
 * A stretch of a series in time, as an API can send it: the opening times (unix seconds) of the
 * first and of the last candle to show, both inclusive. Times beyond either end of the series
 * stand for empty candle slots of the series' period there (room left of the first candle, or to
 * draw into the future after the last).
 */
export interface TimeWindow {
  from: number;
  to: number;
}

/**
 * Fractional index to time, linear between candles and extrapolated by `periodSeconds` beyond
 * either end, so a view reaching into the empty margin still has a time.
 */
export function timeAtIndex(
  times: ArrayLike<number>,
  index: number,
  periodSeconds: number,
): number {
  const count = times.length;
  if (count === 0) return index * periodSeconds;
  const first = times[0] ?? 0;
  const last = times[count - 1] ?? 0;
  if (index <= 0) return first + index * periodSeconds;
  if (index >= count - 1) return last + (index - (count - 1)) * periodSeconds;
  const lower = Math.floor(index);
  const a = times[lower] ?? 0;
  const b = times[lower + 1] ?? a;
  return a + (b - a) * (index - lower);
}

/** Inverse of {@link timeAtIndex}. */
export function indexAtTime(times: ArrayLike<number>, time: number, periodSeconds: number): number {
  const count = times.length;
  if (count === 0) return time / periodSeconds;
  const first = times[0] ?? 0;
  const last = times[count - 1] ?? 0;
  if (time <= first) return (time - first) / periodSeconds;
  if (time >= last) return count - 1 + (time - last) / periodSeconds;
  const upper = bisectRight(times, time);
  const a = times[upper - 1] ?? 0;
  const b = times[upper] ?? a;
  return upper - 1 + (b === a ? 0 : (time - a) / (b - a));
}

/**
 * The period of a series whose timeframe is not given: the shortest step between two candles
 * (gaps such as nights and weekends are longer, never shorter). 60 s for fewer than two candles.
 */
export function seriesPeriodSeconds(times: ArrayLike<number>): number {
  let shortest = Number.POSITIVE_INFINITY;
  for (let index = 1; index < times.length; index++) {
    const step = (times[index] ?? 0) - (times[index - 1] ?? 0);
    if (step > 0 && step < shortest) shortest = step;
  }
  return Number.isFinite(shortest) ? shortest : 60;
}

/** Rounding slack for whole slots computed from times (a period is whole seconds). */
const SLOT_EPSILON = 1e-9;

/** The slot of the first candle opening at or after `time`, extrapolated beyond the series. */
function slotAtOrAfter(times: ArrayLike<number>, time: number, periodSeconds: number): number {
  const count = times.length;
  const first = times[0] ?? 0;
  const last = times[count - 1] ?? 0;
  if (count === 0 || time <= first) return Math.ceil((time - first) / periodSeconds - SLOT_EPSILON);
  if (time > last) return count - 1 + Math.ceil((time - last) / periodSeconds - SLOT_EPSILON);
  return bisectLeft(times, time);
}

/** The slot of the last candle opening at or before `time`, extrapolated beyond the series. */
function slotAtOrBefore(times: ArrayLike<number>, time: number, periodSeconds: number): number {
  const count = times.length;
  const first = times[0] ?? 0;
  const last = times[count - 1] ?? 0;
  if (count === 0 || time < first) return Math.floor((time - first) / periodSeconds + SLOT_EPSILON);
  if (time >= last) return count - 1 + Math.floor((time - last) / periodSeconds + SLOT_EPSILON);
  return bisectRight(times, time) - 1;
}

/** Opening time of a whole slot: a candle's time, or extrapolated by the period beyond the series. */
function timeOfSlot(times: ArrayLike<number>, slot: number, periodSeconds: number): number {
  const count = times.length;
  if (count === 0) return slot * periodSeconds;
  if (slot < 0) return (times[0] ?? 0) + slot * periodSeconds;
  if (slot > count - 1) return (times[count - 1] ?? 0) + (slot - (count - 1)) * periodSeconds;
  return times[slot] ?? 0;
}

/**
 * The index viewport that shows a time window edge to edge: from the left edge of the first
 * candle opening at or after `from` to the right edge of the last opening at or before `to`.
 * A window inside a gap (a night) still shows one slot. The chart clamps the result like any
 * viewport (see `clampViewport`).
 */
export function viewportOfTimeWindow(
  times: ArrayLike<number>,
  window: TimeWindow,
  periodSeconds: number,
): IndexViewport {
  checkWindow(window);
  checkPeriod(periodSeconds);
  const first = slotAtOrAfter(times, window.from, periodSeconds);
  const last = Math.max(first, slotAtOrBefore(times, window.to, periodSeconds));
  return { fromIndex: first - 0.5, toIndex: last + 0.5 };
}

/**
 * The time window of a viewport: the opening times of the first and last candle slots it shows
 * at least half of. Inverse of {@link viewportOfTimeWindow} for viewports that start and end on
 * candle edges.
 */
export function timeWindowOfViewport(
  times: ArrayLike<number>,
  viewport: IndexViewport,
  periodSeconds: number,
): TimeWindow {
  checkPeriod(periodSeconds);
  const first = Math.round(viewport.fromIndex + 0.5);
  const last = Math.max(first, Math.round(viewport.toIndex - 0.5));
  return {
    from: timeOfSlot(times, first, periodSeconds),
    to: timeOfSlot(times, last, periodSeconds),
  };
}

function checkWindow({ from, to }: TimeWindow): void {
  if (!Number.isFinite(from) || !Number.isFinite(to) || from > to) {
    throw new RangeError(
      `time window must be finite with from <= to ({ from: ${from}, to: ${to} })`,
    );
  }
}

function checkPeriod(periodSeconds: number): void {
  if (!(Number.isFinite(periodSeconds) && periodSeconds > 0)) {
    throw new RangeError(`periodSeconds must be a finite number > 0 (${String(periodSeconds)})`);
  }
}
