import { aggregateCandles, TIMEFRAMES, validateSeries, type Candle } from '@chart-kit/core';
import { assessClarity } from '../../zone-clarity.js';
import type { Candidate } from '../candidate.js';
import type { IndexWindow } from '../framing.js';
import { lazyBoxes } from '../../zone-shortcuts.js';
import type {
  Concept,
  ScenarioDecision,
  ScenarioResult,
  ScenarioTrade,
  ZoneScenario,
} from '../scenario-types.js';
import { checkConcepts } from './concept-checks.js';
import { levelReadingProblem } from './level-reading.js';
import { frameOpeningView, viewsBeyondTheExtreme } from './opening-view.js';
import { patternProblem } from './pattern-checks.js';
import { checkReturn } from './return-check.js';
import { roomToPulledZone } from './room-to-pulled-zone.js';
import { planDecision, planTrade } from './trade-checks.js';

const HOUR = TIMEFRAMES['1hr'];
const MIN_ZONE_HEIGHT = 0.08;
/** A zone much taller than a typical candle is vague (the course's own rule). */
const MAX_ZONE_HEIGHT_IN_RANGES = 1.6;

/** What follows the puzzle, read off the chart: the return, and a trade plan or a decision. */
interface AfterPuzzle {
  aftermath: ScenarioResult['aftermath'];
  trade: ScenarioTrade | null;
  decision: ScenarioDecision | null;
}

/** The scenario if the draft makes a fair exercise; else a sentence saying why not (the first). */
export function verify(candidate: Candidate): ZoneScenario | string {
  validateSeries(candidate.candles);
  const puzzle = candidate.candles.slice(0, candidate.revealEnd);
  const problem =
    priceOrHeightProblem(candidate) ??
    patternProblem(candidate, puzzle) ??
    checkConcepts(candidate, puzzle);
  if (problem !== null) return problem;
  const usualView = frameOpeningView(candidate);
  if (typeof usualView === 'string') return usualView;
  // A wider view that shows an older extreme is taken when it is as clear as the usual one.
  let inView: string | null = null;
  let view = usualView;
  for (const window of [...viewsBeyondTheExtreme(candidate, usualView), usualView]) {
    view = window;
    inView =
      levelReadingProblem(candidate, puzzle, view.from) ?? clarityProblem(candidate, puzzle, view);
    if (inView === null) break;
  }
  if (inView !== null) return inView;
  const atExtreme = extremeProblem(candidate, puzzle, view);
  if (atExtreme !== null) return atExtreme;
  const after = readAfterPuzzle(candidate);
  if (typeof after === 'string') return after;
  return scenarioOf(candidate, view, after);
}

/** Concepts whose exercise is not to find a zone: a level, a flip, a trade at a given zone. */
const NOT_ZONE_HUNTS: readonly Concept[] = [
  'support',
  'resistance',
  'flip',
  'clean',
  'trade-plan',
  'take-or-skip',
];

/** Concepts whose shapes put the answer inside a trend wherever the chart is shown. */
const SHAPED_AWAY_FROM_EXTREME: readonly Concept[] = ['steep-move', 'short-base'];

/**
 * A zone hunt whose answer a box at the view's extreme would find without the skill (the
 * course's `lazyBoxes`), on a chart whose shapes are made to put the answer mid-chart (a practice
 * chart, a chart with a context: an older extreme, a trend, a gentle climb into the base); this
 * refuses the attempts where they did not. A lesson chart without a context keeps its first fair
 * attempt, the easy style without a context wants the opposite, and the last attempts of a
 * request are let through.
 */
function extremeProblem(
  candidate: Candidate,
  puzzle: readonly Candle[],
  view: IndexWindow,
): string | null {
  const { concepts, style, draft, request } = candidate;
  if (!candidate.awayFromExtreme) return null;
  if (style === 'easy' && request.context === undefined) return null;
  if (NOT_ZONE_HUNTS.some((concept) => concepts.has(concept))) return null;
  const shaped =
    request.placement === 'practice' ||
    request.context !== undefined ||
    SHAPED_AWAY_FROM_EXTREME.some((concept) => concepts.has(concept));
  if (!shaped) return null;
  if (!lazyBoxes(puzzle, view, draft.band).view.grade.pass) return null;
  return "a box at the view's extreme finds the answer";
}

/** A price a real stock trades at, and a zone neither too thin to draw nor vague. */
function priceOrHeightProblem(candidate: Candidate): string | null {
  const { candles, draft } = candidate;
  const lowestPrice = Math.min(...candles.map((candle) => candle.low));
  if (lowestPrice < 5) return `price fell to ${lowestPrice}`;
  const height = draft.band.upper - draft.band.lower;
  if (height < MIN_ZONE_HEIGHT) return 'the zone is too thin to draw';
  if (height > MAX_ZONE_HEIGHT_IN_RANGES * draft.averageRange) return 'the zone is too tall';
  return null;
}

/**
 * Nothing else in view competes with the answer and it is not buried in earlier congestion
 * (the course's `assessClarity`).
 */
function clarityProblem(
  candidate: Candidate,
  puzzle: readonly Candle[],
  view: IndexWindow,
): string | null {
  const { draft } = candidate;
  const { band } = draft;
  const clarity = assessClarity({
    candles: puzzle,
    answer: {
      type: band.type,
      upper: band.upper,
      lower: band.lower,
      patternStart: draft.patternStart,
      patternEnd: draft.moveEnd,
      departure: draft.departure,
      moveCandles: draft.moveCandles,
    },
    view,
  });
  if (!clarity.clear) return clarity.problems.join('; ');
  // A take-or-skip learner judges freshness by eye: price at the zone's level earlier in view
  // reads as a test of it, though the course counts only returns after the zone formed.
  if (candidate.concepts.has('take-or-skip') && clarity.congestion.length > 0) {
    return `price traded in the zone's band in view before it formed (${clarity.congestion.length} candles)`;
  }
  return null;
}

/** The return after the puzzle and, on a trade chart, the plan or the decision it grades. */
function readAfterPuzzle(candidate: Candidate): AfterPuzzle | string {
  const { concepts } = candidate;
  let aftermath: ScenarioResult['aftermath'] = null;
  if (candidate.planned !== null) {
    const read = checkReturn(candidate);
    if (typeof read === 'string') return read;
    aftermath = { planned: candidate.planned, reading: read };
  }
  let trade: ScenarioTrade | null = null;
  if (concepts.has('trade-plan')) {
    const planned = planTrade(candidate);
    if (typeof planned === 'string') return planned;
    trade = planned;
  }
  let decision: ScenarioDecision | null = null;
  if (concepts.has('take-or-skip')) {
    const decided = planDecision(candidate);
    if (typeof decided === 'string') return decided;
    decision = decided;
  }
  return { aftermath, trade, decision };
}

/** The verified chart as the generator hands it out, with its 1-hour candles. */
function scenarioOf(candidate: Candidate, view: IndexWindow, after: AfterPuzzle): ZoneScenario {
  const { candles, draft, revealEnd } = candidate;
  const hourly = aggregateCandles(candles, HOUR);
  const endTime = candles[revealEnd]?.time ?? Number.POSITIVE_INFINITY;
  const hourStart = draft.hourlyZone?.hourStart;
  const hourIndex =
    hourStart === undefined
      ? -1
      : hourly.findIndex((hour) => hour.time === candles[hourStart]?.time);
  return {
    attemptSeed: candidate.attemptSeed,
    concepts: [...candidate.concepts],
    candles,
    hourly,
    zone: draft.band,
    baseIndexes: draft.baseIndexes,
    patternStart: draft.patternStart,
    moveEnd: draft.moveEnd,
    moveCandles: draft.moveCandles,
    departure: draft.departure,
    averageRange: draft.averageRange,
    revealEnd,
    hourlyRevealEnd: hourly.filter((hour) => hour.time + HOUR <= endTime).length,
    openingView: view,
    returnIndex: candidate.returnIndex,
    aftermath: after.aftermath,
    roundLevel: candidate.roundLevel,
    family: candidate.family,
    decoy: candidate.decoy,
    flip: draft.flip,
    hourlyZone:
      draft.hourlyZone === null
        ? null
        : {
            hourIndex,
            upper: draft.hourlyZone.upper,
            lower: draft.hourlyZone.lower,
            strongHours: draft.hourlyZone.strongHours,
          },
    room: roomToPulledZone(candidate),
    trade: after.trade,
    decision: after.decision,
  };
}
