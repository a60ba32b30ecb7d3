import { averageRange, detectZones } from '../../zones.js';
import { SMALL_MOVE_DEPARTURE } from '../../measured-rates/rates.js';
import { newYorkDayNumber } from '../../market-sim.js';
import type { Candle } from '@chart-kit/core';
import { candleAt, type Candidate } from '../candidate.js';
import { RANGE_LOOKBACK } from '../market-script.js';
import { directionOf, nearEdge } from '../planted-band.js';
import { entersZone } from '../reaction.js';
import { skipReasonOf } from '../request-rules.js';

/** At the puzzle's end price is at least this far from the zone (and its near-side wick). */
const END_CLEARANCE_IN_RANGES = 0.5;

/** The answer's own pattern, checked as a zone or as a touched level; null when it holds. */
export function patternProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  return candidate.zoneLike ? checkZone(candidate, puzzle) : checkTouchedBand(candidate, puzzle);
}

/** A zone: found by the detector with the planted bounds, fresh until the puzzle's end. */
function checkZone(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const problem = detectedZoneProblem(candidate, puzzle) ?? earlyReturnProblem(candidate, puzzle);
  if (problem !== null) return problem;
  if (!candidate.draft.touchedByDesign) return endClearanceProblem(candidate, puzzle);
  return null;
}

/**
 * The detector finds the planted zone (a small move only with its lower departure, and no further
 * than that), and its base and move away trade in one session.
 */
function detectedZoneProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft } = candidate;
  const { band } = draft;
  const firstBase = draft.baseIndexes[0] ?? -1;
  const [smallest, zoneDeparture] = SMALL_MOVE_DEPARTURE;
  const planted = detectZones(puzzle, {
    rangeLookback: RANGE_LOOKBACK,
    ...(draft.smallMove ? { minDeparture: smallest } : {}),
  }).find(
    (found) =>
      found.type === band.type &&
      found.baseStart === firstBase &&
      Math.abs(found.upper - band.upper) < 0.005 &&
      Math.abs(found.lower - band.lower) < 0.005,
  );
  if (!planted) return 'the detector did not find the planted zone';
  if (draft.smallMove && planted.departure >= zoneDeparture) {
    return `the small move left by ${planted.departure.toFixed(1)} average ranges`;
  }
  // A gap is not a move away: the base and the move out happen in one session, so the pattern
  // is one a learner can see happen (and the explanation's weekday is the base's and the move's).
  const session = (index: number) => newYorkDayNumber(candleAt(puzzle, index).time);
  if (session(firstBase) !== session(draft.moveEnd)) {
    return 'the base and its move away span a session close';
  }
  return null;
}

/** Price does not come back to the zone before the puzzle's end. */
function earlyReturnProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft } = candidate;
  // On a chart to skip because the zone is not fresh, its one earlier return is the point.
  const testedByDesign = skipReasonOf(candidate.request, candidate.concepts) === 'fresh';
  const early = puzzle
    .slice(draft.moveEnd + 1)
    .findIndex((candle) => entersZone(draft.band, candle));
  if (early !== -1 && !testedByDesign) {
    return `price came back early at ${draft.moveEnd + 1 + early}`;
  }
  return null;
}

/**
 * The lesson says price has not come back: at the end it is visibly away, not a cent short of
 * the zone or inside the wick the grading accepts.
 */
function endClearanceProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { band } = candidate.draft;
  const last = candleAt(puzzle, puzzle.length - 1);
  const direction = directionOf(band.type);
  const wick = band.nearSideWick ?? nearEdge(band);
  const nearest = direction > 0 ? Math.max(band.upper, wick) : Math.min(band.lower, wick);
  const gap = direction > 0 ? last.low - nearest : nearest - last.high;
  const yardstick = averageRange(puzzle, puzzle.length - 1, RANGE_LOOKBACK);
  if (gap < END_CLEARANCE_IN_RANGES * yardstick) {
    return `the puzzle ends ${(gap / yardstick).toFixed(2)} average ranges from the zone`;
  }
  return null;
}

/** A level or a flip: touched by its own pattern, never broken during the puzzle. */
function checkTouchedBand(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft } = candidate;
  const { band } = draft;
  const firstTouch = draft.baseIndexes[0] ?? 0;

  const from = draft.flip ? draft.flip.retestIndex : firstTouch;
  for (let index = from; index < puzzle.length; index++) {
    const candle = candleAt(puzzle, index);
    const beyond = band.type === 'demand' ? candle.low < band.lower : candle.high > band.upper;
    if (beyond) return `candle ${index} trades beyond the level's band`;
  }
  return null;
}
