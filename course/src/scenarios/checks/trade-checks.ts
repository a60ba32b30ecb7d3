import { aggregateCandles, TIMEFRAMES } from '@chart-kit/core';
import {
  decideTrade,
  higherTimeframeTrend,
  modelPlanAt,
  zoneTouches,
  type HigherTimeframeTrend,
  type TradeDecision,
} from '../../trade-decision.js';
import { playOutTrade, SHARES } from '../../trade-plan.js';
import { scoreZone } from '../../zone-scorecard.js';
import {
  exitOf,
  type SkipReason,
  type SkippedAftermath,
  type TradeAftermath,
} from '../aftermath.js';
import type { Candidate } from '../candidate.js';
import { nearestDetectedOpposing, turnAfterMove, type OpposingZone } from '../opposing-zone.js';
import { skipReasonOf } from '../request-rules.js';
import type { ScenarioDecision, ScenarioTrade, ScenarioZone } from '../scenario-types.js';
import type { ZoneGrade } from '../../zone-scorecard.js';

const HOUR = TIMEFRAMES['1hr'];
/**
 * The model plan's reward-to-risk on a chart whose trade is taken: at least the course's 2:1,
 * and not much more, as the room to the next opposing zone gives on most real setups.
 */
const MODEL_REWARD_TO_RISK: readonly [number, number] = [2, 2.6];
/** A chart to skip leaves clearly less room than the course's 2R: at most this much. */
const SKIP_MAX_REWARD_TO_RISK = 1.7;
/** An opposing zone thinner than this share of an average range is a wick, not a zone. */
const MIN_OPPOSING_HEIGHT_IN_RANGES = 0.25;

const isWick = (opposing: OpposingZone, averageRange: number) =>
  opposing.upper - opposing.lower < MIN_OPPOSING_HEIGHT_IN_RANGES * averageRange;

/**
 * A trade at the answer: the next opposing zone is where the move away was turned back, and the
 * course's model plan (the course's `modelPlanAt`) enters at the proximal line, stops past the
 * distal line and targets short of it. The chart is a trade-plan exercise only if that plan pays
 * at least 2.5:1 and, played out after the puzzle, is filled and reaches its target: the lesson
 * shows a plan working as planned.
 */
export function planTrade(candidate: Candidate): ScenarioTrade | string {
  const { candles, draft, revealEnd } = candidate;
  const { band, averageRange: range } = draft;
  const opposing = turnAfterMove(candles, draft, revealEnd);
  if (opposing === null) return 'nothing turned price back before the puzzle ends';
  if (isWick(opposing, range)) return 'the opposing zone is a wick, not a zone';
  const { entry, stop, target } = modelPlanAt(band, opposing, range);
  const rewardToRisk = Math.abs(target - entry) / Math.abs(entry - stop);
  const [fewest, most] = MODEL_REWARD_TO_RISK;
  if (!(rewardToRisk >= fewest && rewardToRisk <= most)) {
    return `the model plan pays ${rewardToRisk.toFixed(1)}:1`;
  }
  const outcome = playOutTrade(
    { entry, stop, target, size: 1 },
    band.type,
    candles.slice(revealEnd),
    SHARES,
  );
  const planned = exitOf(candidate.planned as TradeAftermath);
  if (outcome.exit !== planned) return `the model plan ends ${outcome.exit}, not ${planned}`;
  return { opposing, model: { entry, stop, target }, rewardToRisk, outcome };
}

/** What the course's four checks read on a take-or-skip chart (the course's `decideTrade`). */
interface DecisionSetting {
  zone: ScenarioZone;
  score: { points: number; grade: ZoneGrade };
  opposing: OpposingZone;
  averageRange: number;
  touches: number;
  higherTimeframe: HigherTimeframeTrend;
}

/**
 * A take-or-skip chart, read by the course's `decideTrade`: the zone's score, the opposing zone as
 * the course's rules find it (on a chart to skip for room, the newer zone price dropped from on
 * its way back), the zone's returns and the 1-hour trend. A chart to take pays 2R to 2.6R with the model plan, and that plan ends as planted. A
 * chart to skip fails exactly the check it was made to fail (at most 1.7R of room, an earlier
 * return, or a 1-hour trend against the trade), and a trade aiming for 2R there ends as planted.
 */
export function planDecision(candidate: Candidate): ScenarioDecision | string {
  const { draft, request, concepts } = candidate;
  const skipBecause = skipReasonOf(request, concepts);
  const opposing = opposingByTheRules(candidate, skipBecause);
  if (typeof opposing === 'string') return opposing;
  if (isWick(opposing, draft.averageRange)) return 'the opposing zone is a wick, not a zone';
  const setting = readDecisionSetting(candidate, opposing);
  const decision = decideTrade(setting);
  return skipBecause === null
    ? checkChartToTake(candidate, setting, decision)
    : checkChartToSkip(candidate, setting, decision, skipBecause);
}

/**
 * The opposing zone the course's rules read (as on real charts, see measureSetups): the nearest
 * detected zone of the other type beyond the entry, else the turn that ended the move away. On a
 * chart to skip for room that zone is the planted wall, so the wall is a zone by those rules.
 */
function opposingByTheRules(
  candidate: Candidate,
  skipBecause: SkipReason | null,
): OpposingZone | string {
  const { candles, draft, revealEnd } = candidate;
  const detected = nearestDetectedOpposing(candles, draft, revealEnd);
  if (skipBecause === 'room') {
    const wall = candidate.wall;
    const isWall =
      wall !== null &&
      detected !== null &&
      detected.lower <= wall.upper &&
      detected.upper >= wall.lower;
    return isWall ? detected : 'the wall is not the nearest zone by the course’s rules';
  }
  const turn = turnAfterMove(candles, draft, revealEnd);
  if (!turn) return 'no opposing zone in the way';
  const demand = draft.band.type === 'demand';
  const nearer =
    detected !== null && (demand ? detected.lower < turn.lower : detected.upper > turn.upper);
  return nearer ? detected : turn;
}

/** The setting as a learner reads it at the puzzle's end, finished hours only. */
function readDecisionSetting(candidate: Candidate, opposing: OpposingZone): DecisionSetting {
  const { candles, draft, revealEnd } = candidate;
  const { band } = draft;
  const puzzle = candles.slice(0, revealEnd);
  const endTime = candles[revealEnd]?.time ?? Number.POSITIVE_INFINITY;
  const finishedHours = aggregateCandles(puzzle, HOUR).filter(
    (hour) => hour.time + HOUR <= endTime,
  );
  const touches = zoneTouches(puzzle, band, draft.moveEnd + 1);
  const baseStart = draft.baseIndexes[0] ?? 0;
  const baseEnd = draft.baseIndexes.at(-1) ?? baseStart;
  const { points, grade } = scoreZone(puzzle, { ...band, baseStart, baseEnd, touches });
  return {
    zone: band,
    score: { points, grade },
    opposing,
    averageRange: draft.averageRange,
    touches,
    higherTimeframe: higherTimeframeTrend(finishedHours, band.type),
  };
}

/**
 * A chart to skip fails exactly the check it was made to fail, and a trade aiming for 2R there
 * (what skipping avoided, or cost) ends as planted.
 */
function checkChartToSkip(
  candidate: Candidate,
  setting: DecisionSetting,
  decision: TradeDecision,
  skipBecause: SkipReason,
): ScenarioDecision | string {
  const [, most] = MODEL_REWARD_TO_RISK;
  const failing = decision.checks.filter((check) => !check.ok).map((check) => check.check);
  if (failing.length !== 1 || failing[0] !== skipBecause) {
    return `the chart to skip fails ${failing.join(' and ') || 'no check'}, not ${skipBecause}`;
  }
  if (skipBecause === 'room' && decision.rewardToRisk > SKIP_MAX_REWARD_TO_RISK) {
    return `the chart to skip still leaves ${decision.rewardToRisk.toFixed(1)}R`;
  }
  if (skipBecause !== 'room' && decision.rewardToRisk > most) {
    return `the chart to skip pays ${decision.rewardToRisk.toFixed(1)}R`;
  }
  const { entry, stop } = decision.model;
  const twoR = entry + 2 * (entry - stop);
  const avoided = playOutTrade(
    { entry, stop, target: twoR, size: 1 },
    setting.zone.type,
    candidate.candles.slice(candidate.revealEnd),
    SHARES,
  );
  const planned = exitOf(candidate.planned as SkippedAftermath | TradeAftermath);
  if (avoided.exit !== planned) {
    return `a 2R trade at the skipped zone ends ${avoided.exit}, not ${planned}`;
  }
  return { ...setting, take: false, rewardToRisk: decision.rewardToRisk, outcome: avoided };
}

/** A chart to take passes every check, pays 2R to 2.6R, and its model plan ends as planted. */
function checkChartToTake(
  candidate: Candidate,
  setting: DecisionSetting,
  decision: TradeDecision,
): ScenarioDecision | string {
  const [fewest, most] = MODEL_REWARD_TO_RISK;
  if (!decision.take) return 'the chart to take fails a check';
  if (decision.rewardToRisk < fewest || decision.rewardToRisk > most) {
    return `the chart to take pays ${decision.rewardToRisk.toFixed(1)}R`;
  }
  const outcome = playOutTrade(
    { ...decision.model, size: 1 },
    setting.zone.type,
    candidate.candles.slice(candidate.revealEnd),
    SHARES,
  );
  const planned = exitOf(candidate.planned as TradeAftermath);
  if (outcome.exit !== planned) return `the model plan ends ${outcome.exit}, not ${planned}`;
  return { ...setting, take: true, rewardToRisk: decision.rewardToRisk, outcome };
}
