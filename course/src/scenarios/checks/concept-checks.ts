import { averageRange, detectZones } from '../../zones.js';
import { CANDLES_PER_SESSION } from '../../market-sim.js';
import type { Candle } from '@chart-kit/core';
import { candleAt, type Candidate } from '../candidate.js';
import { RANGE_LOOKBACK } from '../market-script.js';
import { directionOf } from '../planted-band.js';
import { closesBeyondZone, entersZone } from '../reaction.js';
import { hourlyNestingProblem } from './hourly-zone-check.js';
import { roomToPulledZone } from './room-to-pulled-zone.js';

/** Room from a clean zone to the next opposing zone, in heights of the zone. */
const CLEAN_ROOM_IN_HEIGHTS = 3;
/** The steep move's departure, in average ranges, at the least. */
const STEEP_MOVE_MIN_DEPARTURE = 5.5;
/** Another run of candles in view as long as the steep move may rise this share of its rise. */
const STEEPEST_MOVE_RATIO = 0.7;
/** How far the gentle decoy's rise may differ in dollars from the steep move it is compared to. */
const GENTLE_MOVE_SIZE_TOLERANCE = 0.25;
/** A flip's break closes at least this many average ranges beyond the old level. */
const CLEAR_BREAK_IN_RANGES = 0.8;

/** What the chart's concepts add to its pattern, checked as each lesson teaches it. */
export function checkConcepts(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  return (
    flipProblem(candidate, puzzle) ??
    hourlyNestingProblem(puzzle, candidate.draft) ??
    cleanRoomProblem(candidate, puzzle) ??
    testedDecoyProblem(candidate, puzzle) ??
    steepMoveProblem(candidate, puzzle) ??
    easyExtremeProblem(candidate, puzzle)
  );
}

/** A flip: a clear break of the old level, then a first return that dips into it and turns. */
function flipProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft } = candidate;
  const { band, flip } = draft;
  if (!flip) return null;
  const direction = directionOf(band.type);
  const broke = candleAt(puzzle, flip.breakIndex);
  const farSide = direction > 0 ? band.upper : band.lower;
  if ((direction * (broke.close - farSide)) / draft.averageRange < CLEAR_BREAK_IN_RANGES) {
    return 'the break of the old level is not clear';
  }
  const retest = candleAt(puzzle, flip.retestIndex);
  if (!entersZone(band, retest) || direction * (retest.close - farSide) <= 0) {
    return 'the retest does not dip into the old level and turn';
  }
  // The retest is price's first return to the old level: until then it stays clear of it.
  for (let index = flip.breakIndex + 1; index < flip.retestIndex; index++) {
    if (entersZone(band, candleAt(puzzle, index))) return 'price came back before the retest';
  }
  return null;
}

/** A clean zone: room to the zone carried over from the continued chart, which still stands. */
function cleanRoomProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { request } = candidate;
  if (!candidate.concepts.has('clean') || !request.continues) return null;
  const room = roomToPulledZone(candidate);
  if (!room || room.roomInHeights < CLEAN_ROOM_IN_HEIGHTS) {
    return `the room to the pulled zone is only ${room?.roomInHeights.toFixed(1) ?? 'none'} heights`;
  }
  const pulled = request.continues.zone;
  // The continued chart's first session is dropped, so its indexes shift by one session.
  const formed = Math.max(0, request.continues.moveEnd + 1 - CANDLES_PER_SESSION);
  if (puzzle.slice(formed).some((candle) => closesBeyondZone(pulled, candle))) {
    return 'the pulled zone was broken';
  }
  return null;
}

/** A fresh zone: the older zone beside it in view was tested, by the course's own detector. */
function testedDecoyProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft, decoy } = candidate;
  if (!candidate.concepts.has('fresh') || !decoy) return null;
  if (decoy.end >= draft.patternStart) return 'the tested zone was retested too late';
  // The course's detector sees it as a zone of the answer's type that price came back to.
  const seen = detectZones(puzzle, { rangeLookback: RANGE_LOOKBACK }).some(
    (zone) =>
      zone.type === draft.band.type &&
      zone.firstReturn !== null &&
      zone.baseStart >= decoy.start &&
      zone.baseStart < draft.patternStart,
  );
  if (!seen) return "the tested zone is not a zone by the course's rules";
  return null;
}

/** A steep move: much steeper than the gentle one in view, which rose as far in dollars. */
function steepMoveProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  const { draft, decoy } = candidate;
  if (!candidate.concepts.has('steep-move') || !decoy) return null;
  if (decoy.candles < 3 * draft.moveCandles) return 'the gentle move is not slow enough';
  // The lesson compares two rises of similar size in dollars: only the angle differs.
  const ratio = (decoy.upper - decoy.lower) / moveInDollars(candidate);
  if (ratio < 1 - GENTLE_MOVE_SIZE_TOLERANCE || ratio > 1 + GENTLE_MOVE_SIZE_TOLERANCE) {
    return `the gentle move is ${ratio.toFixed(2)} times the steep one in dollars`;
  }
  if (draft.departure < STEEP_MOVE_MIN_DEPARTURE) return 'the steep move is not steep enough';
  const steeper = steeperWindow(candidate, puzzle);
  if (steeper !== null) return `a move at candle ${steeper} is nearly as steep as the answer's`;
  return null;
}

/**
 * The first run of as many candles as the steep move, in view and apart from it, that moves the
 * same way by {@link STEEPEST_MOVE_RATIO} of the move's rise (both in average ranges at their
 * start); null when the answer's move is clearly the steepest in view.
 */
function steeperWindow(candidate: Candidate, puzzle: readonly Candle[]): number | null {
  const { draft, viewStart } = candidate;
  const span = draft.moveCandles;
  const direction = directionOf(draft.band.type);
  const rise = (start: number) =>
    (direction * (candleAt(puzzle, start + span - 1).close - candleAt(puzzle, start).open)) /
    averageRange(puzzle, start, RANGE_LOOKBACK);
  const moveStart = draft.moveEnd - span + 1;
  const limit = STEEPEST_MOVE_RATIO * rise(moveStart);
  for (let start = viewStart; start + span <= puzzle.length; start++) {
    if (Math.abs(start - moveStart) >= span && rise(start) >= limit) return start;
  }
  return null;
}

/** From the zone's near edge to the farthest close of its move away, in dollars. */
function moveInDollars(candidate: Candidate): number {
  const { draft, candles } = candidate;
  const { band } = draft;
  let farthest = 0;
  for (let index = (draft.baseIndexes.at(-1) ?? 0) + 1; index <= draft.moveEnd; index++) {
    const close = candleAt(candles, index).close;
    farthest = Math.max(farthest, band.type === 'demand' ? close - band.upper : band.lower - close);
  }
  return farthest;
}

/**
 * The easy style without a context: a beginner looks at the extremes first, so the answer holds
 * the lowest low (demand) or the highest high (supply) of everything in the puzzle.
 */
function easyExtremeProblem(candidate: Candidate, puzzle: readonly Candle[]): string | null {
  // With a context (a trend into the pause) the chart's extreme is where the trend began.
  if (candidate.style !== 'easy' || candidate.request.context !== undefined) return null;
  const { band } = candidate.draft;
  const direction = directionOf(band.type);
  const extreme =
    direction > 0
      ? Math.min(...puzzle.map((candle) => candle.low))
      : Math.max(...puzzle.map((candle) => candle.high));
  const farEdge = direction > 0 ? band.lower : band.upper;
  if (Math.abs(extreme - farEdge) > 1e-9) return 'the zone is not the extreme of the chart';
  return null;
}
