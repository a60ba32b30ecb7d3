import type { ZoneType } from '../zones.js';
import type { Direction, MarketScript } from './market-script.js';
import { directionOf } from './planted-band.js';
import { plantZone, type PlantedZone } from './planted-zone.js';

/** A 5-minute zone whose base sits in one small-bodied hourly candle, followed by strong hours. */
export interface PlantedHourlyZone extends PlantedZone {
  /** Index of the first 5-minute candle of the base's hour. */
  hourStart: number;
  /** The 1-hour zone: the base hour's far wick to its near body edge. */
  hourlyBand: { upper: number; lower: number };
}

const CANDLES_PER_HOUR = 12;
const SECONDS_PER_HOUR = 3600;
const FIVE_MINUTES = 300;
/**
 * Room to the limit before the base hour, in average hourly ranges plus 5-minute ranges: the
 * strong hour's move (about one hourly range) and as much again, so that the new 1-hour zone sits
 * clear of where the earlier chart traded under its zone (its hours must not congest the new one).
 * With 1.2 hourly ranges chart 16 was drawn in 1 attempt of 50; with 2.5, in 1 of 8.
 */
const ROOM_IN_HOURLY_RANGES = 2.5;
const ROOM_IN_RANGES = 1.5;
/**
 * Lean away from the limit, in candle sigmas, while the room is short: a few sharp candles away
 * from the opposing zone, as sellers (buyers) there push price off it in a volatile morning.
 */
const ROOM_LEAN = 1.5;

/**
 * A higher-timeframe zone with the 5-minute zone nested inside it. Inside one full hour, price
 * drops (for demand) into a 5-minute base and climbs back to about where the hour opened, so the
 * hourly candle is small-bodied with a long lower wick; the next `strongHours` hours each move a
 * full average hourly range away. `hourUtcOffset` maps a candle time to New York time.
 */
export function plantHourlyZone(
  script: MarketScript,
  type: ZoneType,
  strongHours: number,
  hourlyRangeBefore: () => number,
  isGoodHourStart: (time: number) => boolean,
  /** A price the strong hours must not pass (the next opposing zone), if any. */
  limit?: number,
  /**
   * A rise (a slide, for supply) just before the hour, this many average ranges in this many
   * candles: the hour's drop then ends in a higher low (a lower high), inside a trend.
   */
  riseFirst?: { ranges: readonly [number, number]; candles: readonly [number, number] },
): PlantedHourlyZone {
  const { random } = script;
  const direction = directionOf(type);
  // The strong hours need room before the limit (see ROOM_IN_HOURLY_RANGES). Until there is that
  // much, price leans away from the limit harder, and an hour later is taken when the session has
  // one: a volatile morning can carry price close to an opposing zone.
  const short = () =>
    limit !== undefined &&
    direction * (limit - script.price) <
      ROOM_IN_HOURLY_RANGES * hourlyRangeBefore() + ROOM_IN_RANGES * script.yardstick();
  if (riseFirst !== undefined) {
    const candles = random.integer(...riseFirst.candles);
    while (!isGoodHourStart(script.nextTime + candles * FIVE_MINUTES)) {
      script.lean(1, -direction as Direction, 0.08);
    }
    const rise = script.yardstick() * random.between(...riseFirst.ranges);
    script.steerTo(script.price + direction * rise, candles, 0.8);
  }
  while (
    !isGoodHourStart(script.nextTime) ||
    (short() && isGoodHourStart(script.nextTime + SECONDS_PER_HOUR))
  ) {
    script.lean(1, -direction as Direction, short() ? ROOM_LEAN : 0.08);
  }
  const hourStart = script.length;
  const hourOpen = script.price;
  const baseCandles = random.integer(1, 2);
  const legInCandles = 4;
  const moveCandles = random.integer(3, 4);
  const zone = plantZone(script, type, {
    legIn: -1,
    legInCandles,
    legInBody: [0.8, 1.05],
    baseCandles,
    moveCandles,
    departure: 0,
    moveTo: hourOpen + direction * script.yardstick() * random.between(0.2, 0.5),
  });
  const rest = CANDLES_PER_HOUR - (script.length - hourStart);
  script.lean(rest, direction, 0, 0.4);
  const hour = script.candles.slice(hourStart, hourStart + CANDLES_PER_HOUR);
  const open = hour[0]?.open ?? hourOpen;
  const close = hour[hour.length - 1]?.close ?? hourOpen;
  const hourlyBand =
    direction > 0
      ? { lower: Math.min(...hour.map((candle) => candle.low)), upper: Math.max(open, close) }
      : { upper: Math.max(...hour.map((candle) => candle.high)), lower: Math.min(open, close) };
  for (let index = 0; index < strongHours; index++) {
    let target = script.price + direction * random.between(0.9, 1.2) * hourlyRangeBefore();
    if (limit !== undefined) {
      const stop = limit - direction * script.yardstick() * random.between(0.4, 0.8);
      target = direction > 0 ? Math.min(target, stop) : Math.max(target, stop);
    }
    script.steerTo(target, CANDLES_PER_HOUR, 0.8);
  }
  return { ...zone, hourStart, hourlyBand };
}
