import type { Candle } from '@chart-kit/core';
import { averageRange, detectZones, type DetectedZone, type ZoneType } from './zones.js';

/**
 * An exercise is a puzzle with one answer. These rules say when a chart has one: nothing else in
 * view looks nearly as much like the zone the lesson describes, and the answer is not buried in
 * earlier trading. Scenario generators check them on every chart they make, and tests check them
 * over the whole catalogue.
 */

/**
 * Another zone in view competes with the answer when its departure (in average candle ranges)
 * reaches this share of the answer's.
 */
export const RIVAL_DEPARTURE_RATIO = 0.7;
/**
 * ...or, for a zone, this many average ranges: about the three the course's own rules ask of a
 * zone, less a margin for a beginner's eye (a pause that left by 2.7 ranges reads as a base too).
 * Two fresh zones that both look like the course's zones leave a puzzle its rules can't settle,
 * however much further the answer's move went.
 */
export const RIVAL_ZONE_DEPARTURE = 2.5;
/**
 * Candles in view before the answer's pattern that may trade inside its band: price passing
 * through a level touches one to three candles, a market ranging there touches many.
 */
export const MAX_CONGESTION_CANDLES = 3;
/**
 * Candles anywhere before the answer's pattern (the days a learner can pan back to, which the
 * 1-hour view shows at once) that may trade inside its band: price may have passed through it a
 * few times, but a band that was an earlier day's trading range is no clean base.
 */
export const MAX_HISTORY_CONGESTION_CANDLES = 6;
/**
 * What a beginner would take for a zone: the course's detector with looser thresholds (a base
 * candle may be as big as an average candle, a move made of medium candles counts).
 */
export const TEMPTING_ZONE_DETECTION = {
  baseBodyRatio: 0.8,
  legBodyRatio: 0.5,
  minDeparture: 2,
  rangeLookback: 20,
} as const;
/**
 * A pause just before the answer's leg in (at most this many candles before it) that price left
 * the same way as the answer, all the way through the answer's move, is a base a beginner marks
 * first: it is where the whole move started.
 */
export const PAUSE_BEFORE_LEG_IN_CANDLES = 2;
/** Candles of such a pause: small (body at most half an average range), two or more in a row. */
const PAUSE_BODY_RATIO = 0.5;
const PAUSE_MIN_CANDLES = 2;
/** A sharp turn is measured over the answer's move length plus this many candles. */
const TURN_EXTRA_CANDLES = 2;
/** A turning point is the extreme of the candles this far on each side of it. */
const TURN_PIVOT_SPAN = 4;

export interface ClarityAnswer {
  type: ZoneType;
  upper: number;
  lower: number;
  /** First candle of the answer's pattern (the leg in of a zone, the first touch of a level). */
  patternStart: number;
  /** Last candle that belongs to the answer's pattern (the end of the move away, the last bounce). */
  patternEnd: number;
  /** How far price left the answer, in average candle ranges (see {@link departureOf}). */
  departure: number;
  /** Candles of the answer's move away, for measuring sharp turns over the same span. */
  moveCandles: number;
}

export interface ClarityInput {
  /**
   * The puzzle's candles: everything the learner can see or pan to, up to the puzzle's end
   * (earlier history is checked for congestion too).
   */
  candles: readonly Candle[];
  answer: ClarityAnswer;
  /** First and last candle index in the opening view (inclusive). */
  view: { from: number; to: number };
}

/** Something in view a learner could mark instead of the answer. */
export interface Rival {
  kind: 'zone' | 'turn';
  upper: number;
  lower: number;
  /** First candle of its base (a zone) or the turning candle (a turn). */
  start: number;
  departure: number;
}

export interface ClarityReport {
  /** Fresh rivals of the answer's type in view whose departure is at least the ratio. */
  rivals: Rival[];
  /** Candles in view before the pattern that trade inside the answer's band. */
  congestion: number[];
  /** Candles anywhere before the pattern that trade inside the answer's band. */
  historyCongestion: number[];
  clear: boolean;
  /** Sentences naming what makes the chart ambiguous (empty when clear). */
  problems: string[];
}

const overlaps = (candle: Candle, lower: number, upper: number) =>
  candle.low <= upper && candle.high >= lower;

/**
 * How far a move carried price from a band, in average candle ranges: from the band's near edge
 * to the farthest close of `moveStart..moveEnd`, over the average range before the move.
 */
export function departureOf(
  candles: readonly Candle[],
  band: { type: ZoneType; upper: number; lower: number },
  moveStart: number,
  moveEnd: number,
): number {
  const yardstick = averageRange(candles, moveStart, TEMPTING_ZONE_DETECTION.rangeLookback);
  if (!(yardstick > 0)) return 0;
  let farthest = 0;
  for (let index = moveStart; index <= moveEnd; index++) {
    const close = candles[index]?.close;
    if (close === undefined) break;
    const distance = band.type === 'demand' ? close - band.upper : band.lower - close;
    farthest = Math.max(farthest, distance);
  }
  return farthest / yardstick;
}

/** Zones a beginner could take for the answer: same type, fresh, based in view, not the answer. */
function rivalZones(input: ClarityInput, minimum: number): Rival[] {
  const { candles, answer, view } = input;
  return detectZones(candles, TEMPTING_ZONE_DETECTION)
    .filter(
      (zone: DetectedZone) =>
        zone.type === answer.type &&
        zone.firstReturn === null &&
        zone.baseStart >= view.from &&
        zone.baseStart <= view.to &&
        !(zone.baseEnd >= answer.patternStart && zone.baseStart <= answer.patternEnd) &&
        !(zone.lower <= answer.upper && zone.upper >= answer.lower) &&
        zone.departure >= minimum,
    )
    .map((zone) => ({
      kind: 'zone' as const,
      upper: zone.upper,
      lower: zone.lower,
      start: zone.baseStart,
      departure: zone.departure,
    }));
}

/**
 * Sharp turns a beginner's eye goes to: a candle whose low (demand) or high (supply) is the extreme
 * of its neighbourhood, followed by a fast move away that price has not come back into.
 */
function rivalTurns(input: ClarityInput, minimum: number): Rival[] {
  const { candles, answer, view } = input;
  const demand = answer.type === 'demand';
  const span = answer.moveCandles + TURN_EXTRA_CANDLES;
  const rivals: Rival[] = [];
  for (let index = view.from; index <= view.to; index++) {
    const pivot = candles[index];
    if (!pivot || (index >= answer.patternStart && index <= answer.patternEnd)) continue;
    const extreme = demand ? pivot.low : pivot.high;
    let isPivot = true;
    for (let offset = -TURN_PIVOT_SPAN; offset <= TURN_PIVOT_SPAN && isPivot; offset++) {
      const other = candles[index + offset];
      if (!other || offset === 0) continue;
      if (demand ? other.low < extreme : other.high > extreme) isPivot = false;
    }
    if (!isPivot) continue;
    const band = demand
      ? { type: answer.type, lower: pivot.low, upper: Math.max(pivot.open, pivot.close) }
      : { type: answer.type, upper: pivot.high, lower: Math.min(pivot.open, pivot.close) };
    if (band.lower <= answer.upper && band.upper >= answer.lower) continue;
    const departure = departureOf(candles, band, index + 1, index + span);
    if (departure < minimum) continue;
    const revisited = candles
      .slice(index + span + 1)
      .some((later) => (demand ? later.low <= band.upper : later.high >= band.lower));
    if (revisited) continue;
    rivals.push({ kind: 'turn', ...band, start: index, departure });
  }
  return rivals;
}

/**
 * The pause (two or more small candles in a row) that ends at most
 * {@link PAUSE_BEFORE_LEG_IN_CANDLES} candles before the answer's leg in, when price left it the
 * answer's way through the end of the answer's move and never came back to it before the puzzle
 * ends: the origin of the whole move, which a beginner takes for the zone. Null when there is none.
 */
export function pauseBeforeLegIn(input: ClarityInput): Rival | null {
  const { candles, answer } = input;
  const demand = answer.type === 'demand';
  for (
    let end = answer.patternStart - 1;
    end >= answer.patternStart - 1 - PAUSE_BEFORE_LEG_IN_CANDLES;
    end--
  ) {
    const yardstick = averageRange(
      candles,
      Math.max(0, end),
      TEMPTING_ZONE_DETECTION.rangeLookback,
    );
    if (!(yardstick > 0)) return null;
    const small = (index: number) => {
      const candle = candles[index];
      return (
        candle !== undefined && Math.abs(candle.close - candle.open) <= PAUSE_BODY_RATIO * yardstick
      );
    };
    let start = end;
    while (start - 1 >= 0 && small(start - 1) && small(end)) start--;
    if (!small(end) || end - start + 1 < PAUSE_MIN_CANDLES) continue;
    const pause = candles.slice(start, end + 1);
    const band = demand
      ? {
          type: answer.type,
          lower: Math.min(...pause.map((c) => c.low)),
          upper: Math.max(...pause.map((c) => Math.max(c.open, c.close))),
        }
      : {
          type: answer.type,
          upper: Math.max(...pause.map((c) => c.high)),
          lower: Math.min(...pause.map((c) => Math.min(c.open, c.close))),
        };
    // Left the answer's way: after the leg in (which opens at the pause), nothing to the puzzle's
    // end trades back into it.
    const revisited = candles
      .slice(answer.patternStart + 1)
      .some((later) => (demand ? later.low <= band.upper : later.high >= band.lower));
    if (revisited) continue;
    const departure = departureOf(candles, band, end + 1, answer.patternEnd);
    if (departure < RIVAL_DEPARTURE_RATIO * answer.departure) continue;
    return { kind: 'zone', upper: band.upper, lower: band.lower, start, departure };
  }
  return null;
}

/**
 * Checks that a chart has one clear answer:
 * - no rival: no other fresh zone of the answer's type based in view (found by the course's
 *   detector with {@link TEMPTING_ZONE_DETECTION}) whose departure reaches
 *   {@link RIVAL_DEPARTURE_RATIO} of the answer's or {@link RIVAL_ZONE_DEPARTURE} ranges, and no
 *   sharp fresh turn in view that reaches that share of the answer's;
 * - no pause just before the answer's leg in that the whole move left (see
 *   {@link pauseBeforeLegIn});
 * - no congestion: at most {@link MAX_CONGESTION_CANDLES} candles in view, and at most
 *   {@link MAX_HISTORY_CONGESTION_CANDLES} in all the history before it, trade inside the
 *   answer's band before its pattern (a clean zone is not tangled up with earlier price action).
 */
export function assessClarity(input: ClarityInput): ClarityReport {
  const { candles, answer, view } = input;
  const minimum = RIVAL_DEPARTURE_RATIO * answer.departure;
  const pause = pauseBeforeLegIn(input);
  const rivals = [
    ...rivalZones(input, Math.min(minimum, RIVAL_ZONE_DEPARTURE)),
    ...rivalTurns(input, minimum),
    ...(pause ? [pause] : []),
  ];
  const historyCongestion: number[] = [];
  for (let index = 0; index < answer.patternStart; index++) {
    const candle = candles[index];
    if (candle && overlaps(candle, answer.lower, answer.upper)) historyCongestion.push(index);
  }
  const congestion = historyCongestion.filter((index) => index >= view.from);
  const problems: string[] = rivals.map(
    (rival) =>
      `a fresh ${rival.kind === 'zone' ? 'zone' : 'sharp turn'} at candle ${rival.start} ` +
      `(${rival.lower}-${rival.upper}) left by ${rival.departure.toFixed(1)} average ranges, ` +
      `against the answer's ${answer.departure.toFixed(1)}`,
  );
  if (congestion.length > MAX_CONGESTION_CANDLES) {
    problems.push(
      `${congestion.length} earlier candles in view trade inside the answer's band ` +
        `(at most ${MAX_CONGESTION_CANDLES} allowed)`,
    );
  }
  if (historyCongestion.length > MAX_HISTORY_CONGESTION_CANDLES) {
    problems.push(
      `${historyCongestion.length} earlier candles trade inside the answer's band ` +
        `(at most ${MAX_HISTORY_CONGESTION_CANDLES} allowed before its pattern)`,
    );
  }
  return { rivals, congestion, historyCongestion, clear: problems.length === 0, problems };
}
