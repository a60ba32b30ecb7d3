import { averageRange } from '../zones.js';
import { newYorkDayNumber } from '../market-sim.js';
import type { Candle } from '@chart-kit/core';
import { RANGE_LOOKBACK } from './market-script.js';
import { directionOf, nearEdge, type PlantedBand } from './planted-band.js';

/**
 * What price did when it came back to a zone, as the course's validating lessons read it:
 * - strong: it went at least {@link STRONG_BOUNCE_IN_RANGES} average ranges away before any close
 *   beyond the zone's far side;
 * - break: a candle closed beyond the far side before that (the zone failed);
 * - weak: neither, within the replay's window (a small reaction, a stall at the zone).
 */
export type ZoneReaction = 'strong' | 'weak' | 'break';
export const ZONE_REACTIONS: readonly ZoneReaction[] = ['strong', 'weak', 'break'];

/** How far price must leave a zone after a return to count as a strong bounce. */
export const STRONG_BOUNCE_IN_RANGES = 2;
/**
 * Candles after the return that decide its reaction: two hours of 5-minute candles, which is
 * also where the app's replay of a zone exercise stops.
 */
export const REACTION_WINDOW_CANDLES = 24;

export interface ReactionReading {
  reaction: ZoneReaction;
  /** The first candle that traded back into the zone. */
  returnIndex: number;
  /** Farthest price went beyond the near edge before any break: dollars and average ranges. */
  away: number;
  awayInRanges: number;
  /** The candle that closed beyond the far side within the window, or null. */
  breakIndex: number | null;
  /** The average candle range at the return, the yardstick of the reading. */
  yardstick: number;
}

export const entersZone = (band: PlantedBand, candle: Candle): boolean =>
  band.type === 'demand' ? candle.low <= band.upper : candle.high >= band.lower;

export const closesBeyondZone = (band: PlantedBand, candle: Candle): boolean =>
  band.type === 'demand' ? candle.close < band.lower : candle.close > band.upper;

/**
 * Reads price's first return to `band` from candle `from` on and what it did in the
 * {@link REACTION_WINDOW_CANDLES} candles from that return; null when price never came back.
 */
export function readReaction(
  candles: readonly Candle[],
  band: PlantedBand,
  from: number,
): ReactionReading | null {
  let returnIndex = -1;
  for (let index = Math.max(0, from); index < candles.length; index++) {
    const candle = candles[index];
    if (candle !== undefined && entersZone(band, candle)) {
      returnIndex = index;
      break;
    }
  }
  if (returnIndex < 0) return null;
  const direction = directionOf(band.type);
  const edge = nearEdge(band);
  const yardstick = averageRange(candles, returnIndex, RANGE_LOOKBACK);
  const end = Math.min(candles.length, returnIndex + REACTION_WINDOW_CANDLES);
  let away = 0;
  let breakIndex: number | null = null;
  for (let index = returnIndex; index < end; index++) {
    const candle = candles[index];
    if (candle === undefined) break;
    if (closesBeyondZone(band, candle)) {
      breakIndex = index;
      break;
    }
    // The bounce is what came after the touch: the return candle's own high (for demand) was
    // made on its way down to the zone, so only its close counts.
    const reached = index === returnIndex ? candle.close : direction > 0 ? candle.high : candle.low;
    away = Math.max(away, direction * (reached - edge));
  }
  const awayInRanges = yardstick > 0 ? away / yardstick : 0;
  const reaction: ZoneReaction =
    awayInRanges >= STRONG_BOUNCE_IN_RANGES ? 'strong' : breakIndex !== null ? 'break' : 'weak';
  return {
    reaction,
    returnIndex,
    away: Math.round(away * 100) / 100,
    awayInRanges,
    breakIndex,
    yardstick,
  };
}

/** A strong bounce as the validating lessons define it: this many average ranges... */
export const TEXTBOOK_BOUNCE_IN_RANGES = 3;
/** ...within this many candles of the return, in its session. */
const TEXTBOOK_BOUNCE_CANDLES = 6;

/**
 * Why the return at `returnIndex` is not a textbook hold, or null when it is: a wick into the
 * zone with the body outside, a bounce of {@link TEXTBOOK_BOUNCE_IN_RANGES} average ranges within
 * {@link TEXTBOOK_BOUNCE_CANDLES} candles of the same session, and no close beyond the far side
 * to the chart's end. Only a chart that another chart continues asks for it: the later chart
 * measures its room to this zone, which must still stand.
 */
export function textbookHoldProblem(
  candles: readonly Candle[],
  band: PlantedBand,
  returnIndex: number,
): string | null {
  const touch = candles[returnIndex];
  if (touch === undefined || !entersZone(band, touch)) return 'the return missed the zone';
  const direction = directionOf(band.type);
  const bodyOutside =
    direction > 0
      ? Math.min(touch.open, touch.close) > band.upper
      : Math.max(touch.open, touch.close) < band.lower;
  if (!bodyOutside) return 'the return closed inside the zone';
  if (direction > 0 ? touch.low < band.lower : touch.high > band.upper) {
    return 'the return broke through the zone';
  }
  let best = 0;
  // A gap the next morning is not the zone's doing.
  const session = newYorkDayNumber(touch.time);
  for (const candle of candles.slice(returnIndex, returnIndex + TEXTBOOK_BOUNCE_CANDLES)) {
    if (newYorkDayNumber(candle.time) !== session || closesBeyondZone(band, candle)) break;
    best = Math.max(best, direction > 0 ? candle.high - band.upper : band.lower - candle.low);
  }
  if (candles.slice(returnIndex).some((candle) => closesBeyondZone(band, candle))) {
    return 'the zone broke after the return';
  }
  const inRanges = best / averageRange(candles, returnIndex, RANGE_LOOKBACK);
  if (inRanges < TEXTBOOK_BOUNCE_IN_RANGES) {
    return `the reaction was only ${inRanges.toFixed(1)} average ranges`;
  }
  return null;
}
