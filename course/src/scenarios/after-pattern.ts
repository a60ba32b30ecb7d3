import { endsSession } from '../session-close.js';
import { modelPlanAt } from '../trade-decision.js';
import type { ZoneType } from '../zones.js';
import {
  TRADE_AFTERMATH_ODDS,
  type SkippedAftermath,
  type SkipReason,
  type TradeAftermath,
} from './aftermath.js';
import type { Draft } from './candidate.js';
import type { Layout } from './layouts.js';
import type { Direction, MarketScript } from './market-script.js';
import { plantTurningBase, plantWall, turnAfterMove, type OpposingZone } from './opposing-zone.js';
import {
  plantBreak,
  plantSkippedAftermath,
  plantTradeAftermath,
  plantWeakReaction,
  type PlannedTrade,
} from './planted-aftermath.js';
import { directionOf, nearEdge } from './planted-band.js';
import { plantEarlierReturn, returnAndReact } from './zone-returns.js';
import type { Aftermath, Concept } from './scenario-types.js';

const CANDLES_PER_HOUR = 12;
/**
 * A trending 1-hour zone's pull-back ends this many of the latest average ranges (or more) from
 * the zone, times the usual clearance: 1.5 made twice as many fair charts as the usual ranges.
 */
const RECENT_RANGES_OF_A_TREND_PULL_BACK = 1.5;

/** A trade-plan or take-or-skip chart: one whose answer is a trade at the zone. */
export const plansTrade = (concepts: ReadonlySet<Concept>): boolean =>
  concepts.has('trade-plan') || concepts.has('take-or-skip');

/**
 * After the pattern, up to the puzzle's end: the market goes on, then drifts back towards the
 * answer. Returns the wall on a chart to skip for room (the newer opposing zone in the way of a
 * trade), else null.
 */
export function plantPuzzleEnd(
  script: MarketScript,
  draft: Draft,
  type: ZoneType,
  concepts: ReadonlySet<Concept>,
  layout: Layout,
  skipBecause: SkipReason | null,
  {
    hasDecoy,
    afterTrend,
  }: {
    hasDecoy: boolean;
    /** The zone formed inside a trend, so the candles before the pull-back are large. */
    afterTrend: boolean;
  },
): OpposingZone | null {
  const { random } = script;
  const direction = directionOf(type);
  const yardstick = script.yardstick();
  if (concepts.has('flip')) {
    script.lean(random.integer(2, 5), direction, 0.05);
    return null;
  }
  if (skipBecause === 'room') return plantWall(script, draft);
  if (plansTrade(concepts)) {
    // Where a trade is planned, the move away ends in the small base of the next opposing
    // zone, which its target aims short of: no drift further away, or the room (and the
    // winners) would be five or eight R.
    plantTurningBase(script, direction, script.yardstick(), [0.3, 0.7]);
    // After a small move (under three ranges) a long slide back would reach the zone early.
    if (draft.smallMove) script.lean(random.integer(1, 3), -direction as Direction, 0.2, 0.5);
    else script.lean(random.integer(2, 5), -direction as Direction, 0.3, 0.8);
    if (skipBecause === 'fresh') plantEarlierReturn(script, draft.band);
  } else {
    const away = hasDecoy ? ([4, 10] as [number, number]) : layout.away;
    script.lean(random.integer(...away), direction, 0.05);
  }
  const clearance = random.between(0.9, 1.6);
  let approach = nearEdge(draft.band) + direction * yardstick * clearance;
  const pullBack = random.integer(...layout.pullBack);
  if (draft.hourlyZone) {
    // The pull-back reaches into the 1-hour zone, which may only be traded by the hour still
    // forming at the puzzle's end: price drifts on until the whole pull-back fits in one hour.
    const candlesIntoHour = script.minutesIntoHour() / 5;
    if (candlesIntoHour + pullBack > CANDLES_PER_HOUR) {
      script.lean(CANDLES_PER_HOUR - candlesIntoHour, direction, 0.05);
    }
  }
  // After a trend and its strong moves the pull-back's candles are large: the end's distance
  // from the zone is set in the ranges of the candles just before it, or the pull-back ends
  // inside the grading's reach of the zone.
  if (draft.hourlyZone?.inTrend || afterTrend) {
    const recent = RECENT_RANGES_OF_A_TREND_PULL_BACK * script.yardstick();
    approach = nearEdge(draft.band) + direction * Math.max(yardstick, recent) * clearance;
  }
  script.steerTo(approach, pullBack);
  return null;
}

/** What follows the puzzle, as {@link plantAfterPuzzle} writes it. */
export interface AfterPuzzlePlan {
  draft: Draft;
  revealEnd: number;
  wall: OpposingZone | null;
  /** What was planned to follow the puzzle, or null (a flip). */
  planned: Aftermath | null;
  /** A chart to skip: what follows is written for a trade aiming for 2R, not the model plan. */
  skipped: boolean;
  /** A trade's chart, which ends soon after its trade does. */
  trades: boolean;
  /** Candles the chart has at the least (a trade's chart aside). */
  chartLength: number;
}

/**
 * After the puzzle: the planned aftermath, then free market to the chart's end. Returns the
 * candle of price's return to the zone (null for a flip), or why the draft cannot take this
 * aftermath.
 */
export function plantAfterPuzzle(
  script: MarketScript,
  plan: AfterPuzzlePlan,
): number | null | string {
  const { random } = script;
  const { revealEnd, planned, trades } = plan;
  let returnIndex: number | null = null;
  if (planned !== null) {
    const written = writeAftermath(script, plan.draft, revealEnd, plan.wall, planned, plan.skipped);
    if (typeof written === 'string') return written;
    returnIndex = written;
  }
  // A trade's chart ends soon after its trade does; one still open at the session's close ends
  // there, where the day trade is closed flat.
  const atClose = endsSession(script.candles, script.length - 1);
  if (trades && !atClose) script.free(random.integer(6, 12));
  else script.free(Math.max(0, plan.chartLength - script.length));
  if (!trades && script.length - revealEnd < 12) script.free(12);
  return returnIndex;
}

/**
 * Writes what price does after the puzzle: back to the zone, and then the planned aftermath.
 * A trade's is planted around the course's model plan, read off the puzzle as the exercise
 * reads it. Returns the return's index, or why the draft cannot take this aftermath.
 */
function writeAftermath(
  script: MarketScript,
  draft: Draft,
  revealEnd: number,
  wall: OpposingZone | null,
  planned: Aftermath,
  /** A chart to skip: what follows is written for a trade aiming for 2R, not the model plan. */
  skipped: boolean,
): number | string {
  const { band, averageRange: range } = draft;
  const { random } = script;
  const direction = directionOf(band.type);
  if (wall) {
    // What a 2R trade from the zone does with the newer opposing zone (the wall) in its way.
    const toWall = direction * ((direction > 0 ? wall.lower : wall.upper) - nearEdge(band));
    const { entry, stop } = modelPlanAt(band, wall, range);
    const twoR: PlannedTrade = { entry, stop, target: entry + 2 * (entry - stop) };
    return plantSkippedAftermath(script, band, twoR, toWall, planned as SkippedAftermath);
  }
  if (planned in TRADE_AFTERMATH_ODDS) {
    const opposing = turnAfterMove(script.candles, draft, revealEnd);
    if (opposing === null) return 'nothing turned price back before the puzzle ends';
    const model = modelPlanAt(band, opposing, range);
    const trade = skipped
      ? { ...model, target: model.entry + 2 * (model.entry - model.stop) }
      : model;
    return plantTradeAftermath(script, band, trade, planned as TradeAftermath);
  }
  if (planned === 'weak') return plantWeakReaction(script, band);
  if (planned === 'break') return plantBreak(script, band);
  return returnAndReact(script, band, random.between(3.3, 4.8));
}
