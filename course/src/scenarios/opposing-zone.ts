import { averageRange, zoneBounds, type ZoneType } from '../zones.js';
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

/**
 * A chart to skip: after the move away price falls back most of the way, bounces to a lower high
 * and turns down again towards the zone. That turn is the nearest opposing zone, only about 1 to
 * 1.6R above the zone's model entry (for demand; below, for supply): too little room for 2R.
 */
export function plantWall(script: MarketScript, draft: Draft): OpposingZone {
  const { band, averageRange: range } = draft;
  const { random } = script;
  const direction = directionOf(band.type);
  const risk = band.upper - band.lower + 0.25 * range;
  const entry = nearEdge(band);
  const approach = entry + direction * range * random.between(1.0, 1.3);
  // A turn a learner can see: well above where price ends (for demand).
  const wallAt =
    direction *
    Math.max(
      direction * (entry + direction * (random.between(1.0, 1.6) * risk + 0.3 * range)),
      direction * (approach + direction * 0.8 * range),
    );
  script.lean(random.integer(2, 4), direction, 0.05);
  // Quieter steps: the pull back must not reach the zone before the puzzle's end.
  script.steerTo(entry + direction * range * random.between(1.2, 1.5), random.integer(6, 9), 0.6);
  const bounceStart = script.length;
  script.steerTo(wallAt, random.integer(3, 5), 0.6);
  // The wall is a base a learner can mark, then a sharp turn back.
  plantTurningBase(script, direction, range, [0.3, 0.6]);
  script.steerTo(approach, random.integer(5, 8), 0.75);
  let turn = bounceStart;
  for (let index = bounceStart; index < script.length; index++) {
    const candle = script.at(index);
    const best = script.at(turn);
    if (direction > 0 ? candle.high > best.high : candle.low < best.low) turn = index;
  }
  return opposingZoneAt(script.candles, turn, band.type);
}
