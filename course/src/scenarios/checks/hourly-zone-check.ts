import { aggregateCandles, TIMEFRAMES, type Candle } from '@chart-kit/core';
import { averageRange } from '../../zones.js';
import type { Draft } from '../candidate.js';
import { RANGE_LOOKBACK } from '../market-script.js';
import { directionOf } from '../planted-band.js';

const HOUR = TIMEFRAMES['1hr'];
/**
 * Hours before a 1-hour zone's base hour that may trade inside it: price passing through a few
 * times, not a day spent there.
 */
const MAX_HOURLY_CONGESTION = 4;

/**
 * A higher-timeframe chart: on the 1-hour chart the base hour is small-bodied, the hours after
 * it carry price away and never close back inside, the 5-minute zone nests inside the 1-hour one
 * and the 1-hour zone is not buried in earlier hours; null for any other chart.
 */
export function hourlyNestingProblem(puzzle: readonly Candle[], draft: Draft): string | null {
  const zone = draft.hourlyZone;
  if (!zone) return null;
  const hours = aggregateCandles(puzzle, HOUR);
  const start = puzzle[zone.hourStart]?.time;
  const index = hours.findIndex((hour) => hour.time === start);
  const hour = hours[index];
  if (!hour) return 'the base hour is missing';
  const body = Math.abs(hour.close - hour.open);
  if (body >= 0.5 * (hour.high - hour.low)) return 'the base hour is not small-bodied';
  const yardstick = averageRange(hours, index, RANGE_LOOKBACK);
  const direction = directionOf(draft.band.type);
  const [first, second] = hours.slice(index + 1, index + 3);
  if (!first || !second) return 'the strong hours run past the puzzle';
  if (direction * (first.close - first.open) < 0.7 * yardstick) {
    return 'the hour after the base is not strong';
  }
  if (zone.strongHours > 1 && direction * (second.close - first.open) < 1.2 * yardstick) {
    return 'the hours after the base do not carry price away';
  }
  if (draft.band.lower < zone.lower - 1e-9 || draft.band.upper > zone.upper + 1e-9) {
    return 'the 5-minute zone is not inside the 1-hour zone';
  }
  // The lesson reads the hours after the base as a move away: no finished hour before the
  // puzzle's end closes back inside the 1-hour zone (the hour still forming may reach into it:
  // that is price coming back to the zone, the setup the lesson is about).
  const lastFinished = hours.length - 2;
  for (let later = index + 1; later <= lastFinished; later++) {
    const close = hours[later]?.close ?? Number.NaN;
    if (close <= zone.upper && close >= zone.lower) {
      return 'a later hour closes back inside the 1-hour zone';
    }
  }
  // The 1-hour zone is read on the 1-hour chart, which shows the whole history at once: it must
  // not sit in an earlier sideways stretch there.
  const earlier = hours
    .slice(0, index)
    .filter((hour) => hour.low <= zone.upper && hour.high >= zone.lower);
  if (earlier.length > MAX_HOURLY_CONGESTION) {
    return `${earlier.length} earlier hours trade inside the 1-hour zone`;
  }
  return null;
}
