import { averageRange } from '../../zones.js';
import { newYorkDayNumber } from '../../market-sim.js';
import type { Candle } from '@chart-kit/core';
import { candleAt, type Candidate } from '../candidate.js';
import { RANGE_LOOKBACK } from '../market-script.js';
import type { PlantedBand } from '../planted-band.js';
import { entersZone } from '../reaction.js';

/** Candles one visit to a support or resistance may last: a touch, not a stall. */
const MAX_TOUCH_CANDLES = 5;

/**
 * A support, resistance or flip read as its lesson teaches it, from the opening view's first
 * candle `from`: the band a learner marks is the planted one, and no visit to the level is a
 * stall; else a sentence saying why not.
 */
export function levelReadingProblem(
  candidate: Candidate,
  puzzle: readonly Candle[],
  from: number,
): string | null {
  const { band } = candidate.draft;
  if (candidate.concepts.has('support') || candidate.concepts.has('resistance')) {
    // A learner who follows the lesson (the extremes of the touches in view) marks this band.
    const taught = bandAsTaught(puzzle, band, from);
    if (
      Math.abs(taught.upper - band.upper) > 0.005 ||
      Math.abs(taught.lower - band.lower) > 0.005
    ) {
      return 'the touches read by the lesson’s rule give another band';
    }
  }
  const lingering = lingeringTouch(candidate, puzzle, from);
  if (lingering !== null) return `price lingers at the level from candle ${lingering}`;
  return null;
}

/**
 * The visits of price to a level from `from` on, as a learner reads them: runs of candles that
 * reach the band, apart when price went at least 1.5 average ranges away in between.
 */
export function levelVisits(
  puzzle: readonly Candle[],
  band: PlantedBand,
  from: number,
): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let awaySince = true;
  for (let index = from; index < puzzle.length; index++) {
    const candle = candleAt(puzzle, index);
    const yardstick = averageRange(puzzle, index, RANGE_LOOKBACK);
    const farAway =
      band.type === 'demand'
        ? candle.close > band.upper + 1.5 * yardstick
        : candle.close < band.lower - 1.5 * yardstick;
    // The push away is the level's doing only in the touch's own session: an overnight gap is
    // not buyers or sellers answering at the level.
    const lastTouch = current.at(-1);
    const sameSession =
      lastTouch === undefined ||
      newYorkDayNumber(candleAt(puzzle, lastTouch).time) === newYorkDayNumber(candle.time);
    if (entersZone(band, candle)) {
      if (awaySince && current.length > 0) {
        groups.push(current);
        current = [];
      }
      current.push(index);
      awaySince = false;
    } else if (farAway && sameSession) {
      awaySince = true;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * The band a learner marks by the lesson's rule: in each visit, the candle reaching furthest is
 * the touch; the band runs from the most extreme touch to the body edge nearest the far side.
 */
function bandAsTaught(puzzle: readonly Candle[], band: PlantedBand, from: number): PlantedBand {
  const demand = band.type === 'demand';
  const touches = levelVisits(puzzle, band, from).map((group) =>
    group
      .map((index) => candleAt(puzzle, index))
      .reduce((best, candle) =>
        demand ? (candle.low < best.low ? candle : best) : candle.high > best.high ? candle : best,
      ),
  );
  return demand
    ? {
        type: band.type,
        lower: Math.min(...touches.map((candle) => candle.low)),
        upper: Math.max(...touches.map((candle) => Math.min(candle.open, candle.close))),
      }
    : {
        type: band.type,
        upper: Math.max(...touches.map((candle) => candle.high)),
        lower: Math.min(...touches.map((candle) => Math.max(candle.open, candle.close))),
      };
}

/**
 * A touch is price reaching a level and turning away, not a stall on it: the first candle of a
 * visit (to a support or resistance, or to a flip's old level before its break) that lasts more
 * than {@link MAX_TOUCH_CANDLES} candles; null when every visit is short.
 */
function lingeringTouch(
  candidate: Candidate,
  puzzle: readonly Candle[],
  from: number,
): number | null {
  const { draft, concepts } = candidate;
  let band: PlantedBand | undefined;
  let until = puzzle.length;
  if (concepts.has('support') || concepts.has('resistance')) band = draft.band;
  if (draft.flip) {
    // Before the break the level held from the other side.
    band = { ...draft.band, type: draft.band.type === 'demand' ? 'supply' : 'demand' };
    until = draft.flip.breakIndex;
  }
  if (!band) return null;
  const visits = levelVisits(puzzle.slice(0, until), band, from);
  const long = visits.find((visit) => visit.length > MAX_TOUCH_CANDLES);
  return long?.[0] ?? null;
}
