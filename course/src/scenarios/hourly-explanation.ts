import { periodStart, TIMEFRAMES } from '@chart-kit/core';
import { newYorkClock, listOfTimes, candleAt } from './explanation-words.js';
import type { ZoneScenario } from './scenario-types.js';
import { explainZone } from './zone-explanation.js';

/** Start times of the 1-hour candles that contain the base candles. */
export function hourlyBaseTimes(scenario: ZoneScenario): number[] {
  const hours = scenario.baseIndexes.map((index) =>
    periodStart(candleAt(scenario.candles, index).time, TIMEFRAMES['1hr']),
  );
  return [...new Set(hours)];
}

/** A 1-hour candle reads as a base when its body is under this share of its range. */
const HOURLY_BASE_BODY_SHARE = 0.5;

/**
 * Whether the zone's base shows as a base on the 1-hour chart: every hour holding its candles
 * has a small body. A zone planted on the 1-hour chart itself always does.
 */
export function baseShowsOnHourly(scenario: ZoneScenario): boolean {
  if (scenario.hourlyZone) return true;
  const hours = hourlyBaseTimes(scenario);
  return scenario.hourly
    .filter((hour) => hours.includes(hour.time))
    .every(
      (hour) => Math.abs(hour.close - hour.open) < HOURLY_BASE_BODY_SHARE * (hour.high - hour.low),
    );
}

/**
 * The same explanation, led by where the base sits on the 1-hour chart, and whether it shows
 * there as a base at all: where it does not, or where the zone is too thin to mark at that
 * timeframe (`tooThin`, judged by the page that shows it), the 1-hour view is context (the trend,
 * the room to the next zone), and the zone is marked on the 5-minute chart.
 */
export function explainHourlyZone(
  scenario: ZoneScenario,
  options: { tooThin?: boolean } = {},
): string {
  const hours = hourlyBaseTimes(scenario);
  const where =
    hours.length === 1
      ? `On the 1-hour chart the whole base sits inside the ${newYorkClock(hours[0] ?? 0)} candle`
      : `On the 1-hour chart the base spans the ${listOfTimes(hours)} candles`;
  const shows = baseShowsOnHourly(scenario);
  const role = shows
    ? options.tooThin === true
      ? `, ${hours.length === 1 ? 'a small-bodied hour' : 'small-bodied hours'}, but at this ` +
        'timeframe the zone is too thin to mark, so the 1-hour view is context only (the trend, ' +
        'the room to the next zone) and the zone is marked on the 5-minute chart.'
      : ', a small-bodied hour: the zone shows as a base on this timeframe too.'
    : `, ${hours.length === 1 ? 'a candle' : 'candles'} with a large body: at this timeframe the ` +
      'base does not show, so the 1-hour view is context only (the trend, the room to the next ' +
      'zone) and the zone is marked on the 5-minute chart.';
  return `${scenario.hourlyZone ? '' : `${where}${role} `}On the 5-minute chart: ${explainZone(scenario)}`;
}
