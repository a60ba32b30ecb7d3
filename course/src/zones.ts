import type { Candle } from '@chart-kit/core';

/** Demand: buyers waited there (price left upwards). Supply: sellers waited there (downwards). */
export const ZONE_TYPES = ['supply', 'demand'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export interface ZoneDetectionOptions {
  /** Longest base, in candles; a longer pause is a range, not a zone. Default 3. */
  maxBaseCandles?: number;
  /** Candles before a move over which its average range is measured. Default 20. */
  rangeLookback?: number;
  /** A base candle's body is at most this many average ranges. Default 0.5. */
  baseBodyRatio?: number;
  /** Each candle of the move away has a body of at least this many average ranges. Default 0.7. */
  legBodyRatio?: number;
  /** The move away must carry price this many average ranges beyond the zone. Default 3. */
  minDeparture?: number;
}

/** A candidate zone, with the evidence behind it. Indexes refer to the analysed series. */
export interface DetectedZone {
  type: ZoneType;
  upper: number;
  lower: number;
  /** First and last candle of the base (inclusive). */
  baseStart: number;
  baseEnd: number;
  /** Last candle of the move away. */
  moveEnd: number;
  /** Average candle range (high - low) before the move, the yardstick of "small" and "strong". */
  averageRange: number;
  /** How far the move carried price beyond the zone, in average ranges. */
  departure: number;
  /** First later candle that traded back into the zone, or null: the zone is still fresh. */
  firstReturn: number | null;
  /** Higher is clearer; see {@link detectZones}. */
  strength: number;
}

const DEFAULTS: Required<ZoneDetectionOptions> = {
  maxBaseCandles: 3,
  rangeLookback: 20,
  baseBodyRatio: 0.5,
  legBodyRatio: 0.7,
  minDeparture: 3,
};

/** Each extra base candle costs this share of strength: the less time at the base, the better. */
const TIME_AT_BASE_PENALTY = 0.1;
/** A zone price has already come back to has used up part of its orders. */
const TESTED_ZONE_FACTOR = 0.5;
const RELATIVE_SLACK = 1e-9;

const body = (candle: Candle): number => Math.abs(candle.close - candle.open);

/**
 * Mean range (high - low) of the up to `lookback` candles before `index`. For the first candle,
 * which has none before it, its own range.
 */
export function averageRange(candles: readonly Candle[], index: number, lookback = 20): number {
  return new RangeAverager(candles, lookback).before(index);
}

class RangeAverager {
  private readonly prefixSums: number[] = [0];

  constructor(
    private readonly candles: readonly Candle[],
    private readonly lookback: number,
  ) {
    let sum = 0;
    for (const candle of candles) {
      sum += candle.high - candle.low;
      this.prefixSums.push(sum);
    }
  }

  before(index: number): number {
    const start = Math.max(0, index - this.lookback);
    const count = index - start;
    if (count === 0) {
      const own = this.candles[index];
      return own === undefined ? 0 : own.high - own.low;
    }
    return ((this.prefixSums[index] ?? 0) - (this.prefixSums[start] ?? 0)) / count;
  }
}

/**
 * Zone bounds from its base candles. Demand: lower = lowest low of the base, upper = highest body
 * top (max of open and close). Supply, mirrored: upper = highest high, lower = lowest body bottom.
 * The far side takes the wick (the extreme orders reached), the near side the bodies (where price
 * actually settled), the usual "wick to body" way of drawing a zone.
 */
export function zoneBounds(
  type: ZoneType,
  base: readonly Candle[],
): { upper: number; lower: number } {
  if (base.length === 0) throw new RangeError('zoneBounds needs at least one base candle');
  if (type === 'demand') {
    return {
      lower: Math.min(...base.map((candle) => candle.low)),
      upper: Math.max(...base.map((candle) => Math.max(candle.open, candle.close))),
    };
  }
  return {
    upper: Math.max(...base.map((candle) => candle.high)),
    lower: Math.min(...base.map((candle) => Math.min(candle.open, candle.close))),
  };
}

/**
 * Finds candidate supply and demand zones by the usual criteria for spotting them by eye:
 *
 * - a base: 1 to `maxBaseCandles` consecutive small candles (body <= baseBodyRatio average ranges)
 *   right before the move, with a candle that is not small before it (a longer pause is a range);
 * - a strong move away: consecutive candles in one direction, each with a body of at least
 *   legBodyRatio average ranges, carrying the close at least `minDeparture` average ranges beyond
 *   the zone (up from demand, down from supply);
 * - still valid: no later candle closed beyond the zone's far side (demand: below its lower bound).
 *
 * The average range is measured over the `rangeLookback` candles before the move, so "small" and
 * "strong" mean the same thing in a quiet and in a wild market.
 *
 * strength = departure x (1 - 0.1 per base candle after the first) x (0.5 if price has already
 * been back into the zone, else 1): a far, fast departure from a short base that price has not
 * revisited is the clearest zone. Zones come sorted by strength, strongest first (ties: earlier
 * base first).
 */
export function detectZones(
  candles: readonly Candle[],
  options: ZoneDetectionOptions = {},
): DetectedZone[] {
  return zonesOfEveryMove(candles, options, zoneFromMove).sort(
    (a, b) => b.strength - a.strength || a.baseStart - b.baseStart,
  );
}

type ZoneOfMove = (
  candles: readonly Candle[],
  moveStart: number,
  type: ZoneType,
  yardstick: number,
  settings: Required<ZoneDetectionOptions>,
) => DetectedZone | null;

/** `zoneOf` at every candle that could start a move, each way, in candle order. */
function zonesOfEveryMove(
  candles: readonly Candle[],
  options: ZoneDetectionOptions,
  zoneOf: ZoneOfMove,
): DetectedZone[] {
  const settings = { ...DEFAULTS, ...options };
  const averager = new RangeAverager(candles, settings.rangeLookback);
  const zones: DetectedZone[] = [];
  for (let moveStart = 1; moveStart < candles.length; moveStart++) {
    const yardstick = averager.before(moveStart);
    if (!(yardstick > 0)) continue;
    for (const type of ['demand', 'supply'] as const) {
      const zone = zoneOf(candles, moveStart, type, yardstick, settings);
      if (zone) zones.push(zone);
    }
  }
  return zones;
}

function zoneFromMove(
  candles: readonly Candle[],
  moveStart: number,
  type: ZoneType,
  yardstick: number,
  settings: Required<ZoneDetectionOptions>,
): DetectedZone | null {
  const formed = formingZone(candles, moveStart, type, yardstick, settings);
  if (!formed) return null;
  let firstReturn: number | null = null;
  for (let index = formed.moveEnd + 1; index < candles.length; index++) {
    const later = candles[index];
    if (later === undefined) break;
    const closedBeyond =
      type === 'demand' ? later.close < formed.lower : later.close > formed.upper;
    if (closedBeyond) return null;
    const touched = type === 'demand' ? later.low <= formed.upper : later.high >= formed.lower;
    if (touched && firstReturn === null) firstReturn = index;
  }
  const freshness = firstReturn === null ? 1 : TESTED_ZONE_FACTOR;
  return { ...formed, firstReturn, strength: formed.strength * freshness };
}

/**
 * The zone a move starting at `moveStart` makes, judged only on the candles up to the end of that
 * move: its base, its legs and its departure. Whether a later candle breaks or revisits it is not
 * read (`firstReturn` is null), so this is the zone as a trader sees it the moment it forms.
 */
function formingZone(
  candles: readonly Candle[],
  moveStart: number,
  type: ZoneType,
  yardstick: number,
  settings: Required<ZoneDetectionOptions>,
): DetectedZone | null {
  const direction = type === 'demand' ? 1 : -1;
  // Bodies and averages carry rounding noise (100.3 - 100 is not exactly 0.3), so a candle exactly
  // at a threshold is classified the same way wherever on the price scale it sits.
  const slack = yardstick * RELATIVE_SLACK;
  const isLeg = (candle: Candle | undefined): candle is Candle =>
    candle !== undefined &&
    (candle.close - candle.open) * direction > 0 &&
    body(candle) >= settings.legBodyRatio * yardstick - slack;
  const isSmall = (candle: Candle | undefined): boolean =>
    candle !== undefined && body(candle) <= settings.baseBodyRatio * yardstick + slack;

  if (!isLeg(candles[moveStart])) return null;

  let baseStart = moveStart;
  // Stops one past the longest allowed base: that is enough to know the pause was too long.
  while (
    baseStart > 0 &&
    moveStart - baseStart <= settings.maxBaseCandles &&
    isSmall(candles[baseStart - 1])
  ) {
    baseStart--;
  }
  const baseLength = moveStart - baseStart;
  // No base, a pause too long to be a base, or a base running into the start of the series (its
  // true length is unknown).
  if (baseLength === 0 || baseLength > settings.maxBaseCandles || baseStart === 0) return null;

  let moveEnd = moveStart;
  while (isLeg(candles[moveEnd + 1])) moveEnd++;

  const bounds = zoneBounds(type, candles.slice(baseStart, moveStart));
  const nearEdge = type === 'demand' ? bounds.upper : bounds.lower;
  let farthestClose = nearEdge;
  for (let index = moveStart; index <= moveEnd; index++) {
    const close = candles[index]?.close ?? nearEdge;
    if ((close - farthestClose) * direction > 0) farthestClose = close;
  }
  const measured = ((farthestClose - nearEdge) * direction) / yardstick;
  if (measured < settings.minDeparture - RELATIVE_SLACK) return null;
  // Accepted within rounding of the threshold is at the threshold: a zone never reports a
  // departure below the rule it passed (2.999999999999978 for a move of exactly 3 yardsticks).
  const departure = Math.max(measured, settings.minDeparture);
  const timeAtBase = 1 - TIME_AT_BASE_PENALTY * (baseLength - 1);
  return {
    type,
    ...bounds,
    baseStart,
    baseEnd: moveStart - 1,
    moveEnd,
    averageRange: yardstick,
    departure,
    firstReturn: null,
    strength: departure * timeAtBase,
  };
}

/**
 * Every zone of {@link detectZones}'s criteria as it forms, without looking past the end of its
 * move: zones that later break are kept (a trader could not know), and none is marked as
 * revisited. In the order their moves end. This is how the course's rules are measured on real
 * charts, where what happens next must not choose the zones.
 */
export function zonesAsTheyForm(
  candles: readonly Candle[],
  options: ZoneDetectionOptions = {},
): DetectedZone[] {
  return zonesOfEveryMove(candles, options, formingZone).sort(
    (a, b) => a.moveEnd - b.moveEnd || a.baseStart - b.baseStart,
  );
}

/**
 * The index of the first candle at or after `from` that trades inside the zone (price came back to
 * it), or -1 when none does.
 */
export function firstReturnIndex(
  candles: readonly Candle[],
  zone: { upper: number; lower: number },
  from: number,
): number {
  for (let index = Math.max(0, from); index < candles.length; index++) {
    const candle = candles[index];
    if (candle && candle.low <= zone.upper && candle.high >= zone.lower) return index;
  }
  return -1;
}
