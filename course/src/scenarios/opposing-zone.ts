import { averageRange, detectZones, zoneBounds, type ZoneType } from '../zones.js';
import type { Candle } from '@chart-kit/core';
import { candleAt, type Draft } from './candidate.js';
import { RANGE_LOOKBACK, type Direction, type MarketScript } from './market-script.js';
import { directionOf, nearEdge } from './planted-band.js';

/** The next opposing zone in a trade's direction, and the candle where price turned there. */
export interface OpposingZone {
  upper: number;
  lower: number;
  index: number;
}

/**
 * Where the move away was turned back before the puzzle ends: the top of the rally (for demand;
 * the bottom of the drop for supply), as the next opposing zone: its high down to its body top.
 */
export function turnAfterMove(
  candles: readonly Candle[],
  draft: Draft,
  revealEnd: number,
): OpposingZone | null {
  const demand = draft.band.type === 'demand';
  let turn: number | null = null;
  for (let index = draft.moveEnd + 1; index < revealEnd; index++) {
    const candle = candleAt(candles, index);
    const best = turn === null ? undefined : candleAt(candles, turn);
    if (!best || (demand ? candle.high > best.high : candle.low < best.low)) turn = index;
  }
  if (turn === null) return null;
  return opposingZoneAt(candles, turn, draft.band.type);
}

/**
 * The opposing zone where price turned at candle `turn`, bounded as the course bounds any zone:
 * for a long's supply above, from the highest high of the turning candles to their lowest body
 * bottom (mirrored for a short). The turning candles are the turn and its neighbours whose
 * extreme lies within a quarter range of it, as long as their bodies are small.
 */
function opposingZoneAt(candles: readonly Candle[], turn: number, type: ZoneType): OpposingZone {
  const demand = type === 'demand';
  const yardstick = averageRange(candles, turn, RANGE_LOOKBACK);
  const extreme = (candle: Candle) => (demand ? candle.high : candle.low);
  const top = candleAt(candles, turn);
  const near = (index: number) => {
    const candle = candles[index];
    return (
      candle !== undefined &&
      Math.abs(extreme(candle) - extreme(top)) <= 0.25 * yardstick &&
      Math.abs(candle.close - candle.open) <= 0.5 * yardstick
    );
  };
  const base = [turn - 1, turn + 1].filter(near).map((index) => candleAt(candles, index));
  return { ...zoneBounds(demand ? 'supply' : 'demand', [top, ...base]), index: turn };
}

/**
 * Where a move is turned back: a small candle or two with their long wicks on the side the move
 * came from (for a long's move up, the sellers' side): the base of the next opposing zone.
 */
export function plantTurningBase(
  script: MarketScript,
  moveDirection: Direction,
  yardstick: number,
  farWick: [number, number],
): void {
  for (let count = script.random.integer(1, 2); count > 0; count--) {
    script.small(moveDirection, yardstick, 0.25, farWick);
  }
}

/** The wall's move away, in the chart's average ranges at the answer: a turn a learner sees. */
const WALL_MIN_MOVE_IN_RANGES = 2;

/**
 * A chart to skip: after the move away price falls back most of the way, bounces to a lower high
 * and is sent back down from there, towards the zone. That lower high is the nearest opposing
 * zone, and a zone by the course's own rules (`detectZones`): a strong leg in, a base of one or
 * two small candles, and a move away of strong candles carrying the close at least three average
 * ranges (of the quiet candles before it) beyond it. It sits about 1 to 1.7R from the zone's model
 * entry (above, for demand): too little room for 2R. The wall's bounds are the detected zone's,
 * read by `planDecision`.
 */
export function plantWall(script: MarketScript, draft: Draft): OpposingZone {
  const { band, averageRange: range } = draft;
  const { random } = script;
  const direction = directionOf(band.type);
  const back = -direction as Direction;
  // Measured from the base's near-side wick: the puzzle must end visibly away from it.
  const nearSide = band.nearSideWick ?? nearEdge(band);
  script.lean(random.integer(2, 4), direction, 0.05);
  // Quieter steps: the pull back must not reach the zone before the puzzle's end.
  script.steerTo(
    nearSide + direction * range * random.between(1.2, 1.5),
    random.integer(6, 9),
    0.6,
  );
  // A quiet spell: the wall's move away is measured in these candles' small ranges, so a wall
  // that is a zone by the course's rules can stand near enough to leave under 2R.
  script.lean(random.integer(9, 12), direction, 0, 0.55);
  const quiet = script.yardstick();
  const approachGap = range * random.between(0.8, 1.0);
  const wallMove = random.between(3.1, 3.3);
  // A move a learner sees too: at least two of the chart's average ranges.
  const wallDistance = Math.max(wallMove * quiet, WALL_MIN_MOVE_IN_RANGES * range);
  const wallAt = nearSide + direction * (approachGap + wallDistance);
  script.steerTo(wallAt - direction * 1.1 * quiet, random.integer(2, 3), 0.5);
  // A leg in that is no pause, so the base is one or two candles and not the end of a range.
  script.strong(direction, random.between(1.0, 1.2), quiet);
  const baseStart = script.length;
  // Wicks of the chart's ranges, so the band is no wick; bodies small in the quiet ones.
  plantTurningBase(script, direction, 0.8 * range, [0.4, 0.65]);
  const base = script.candles.slice(baseStart);
  const wallEdge =
    direction > 0
      ? Math.min(...base.map((candle) => Math.min(candle.open, candle.close)))
      : Math.max(...base.map((candle) => Math.max(candle.open, candle.close)));
  // The move away from the wall: strong candles, in the yardstick the course measures it by.
  const yardstick = script.yardstick();
  const target =
    wallEdge - direction * Math.max(wallMove * yardstick, WALL_MIN_MOVE_IN_RANGES * range);
  const distance = direction * (script.price - target);
  const count = Math.max(3, Math.min(4, Math.ceil(distance / (1.5 * yardstick))));
  const weights = Array.from({ length: count }, () => random.between(0.85, 1.15));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  for (const weight of weights) {
    script.strong(back, Math.max(0.75, (distance * weight) / total / yardstick), yardstick);
  }
  script.lean(random.integer(1, 3), back, 0.05, 0.6);
  return { ...zoneBounds(direction > 0 ? 'supply' : 'demand', base), index: baseStart };
}

/**
 * The next opposing zone as the course's rules find it on the puzzle's candles (the measured
 * setups' rule): the nearest zone of the other type that `detectZones` finds unbroken at the
 * puzzle's end, its near edge beyond the answer's entry; null when there is none.
 */
export function nearestDetectedOpposing(
  candles: readonly Candle[],
  draft: Draft,
  revealEnd: number,
): OpposingZone | null {
  const demand = draft.band.type === 'demand';
  const entry = nearEdge(draft.band);
  const found = detectZones(candles.slice(0, revealEnd)).filter(
    (zone) =>
      zone.type === (demand ? 'supply' : 'demand') &&
      (demand ? zone.lower > entry : zone.upper < entry),
  );
  const nearest = found.sort((a, b) => (demand ? a.lower - b.lower : b.upper - a.upper))[0];
  return nearest ? { upper: nearest.upper, lower: nearest.lower, index: nearest.baseStart } : null;
}
