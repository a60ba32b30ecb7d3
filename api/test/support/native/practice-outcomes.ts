// Simulates learners' practice plans and decisions as the Practice Portal makes them and sends
// back what happened after each reveal. Run by runNative: argv holds the learners' ids.
import {
  decideTrade,
  type DecisionCheck,
  modelPlanAt,
  playOutTrade,
  SHARES,
  type TradeOutcome,
  readReaction,
  type ZoneReaction,
  type ZoneScenario,
  generateZoneScenario,
} from '@course/rules';
import {
  practiceGenerationRequest,
  practiceScenarioRequest,
} from '../../../src/practice-charts/practice-charts.js';

/** One practice exercise after its reveal. */
export interface PracticeOutcome {
  kind: 'plan' | 'decision';
  /** The reaction of price's first return, read afresh, and as the scenario put it in words. */
  reaction: ZoneReaction | null;
  scenarioReaction: ZoneReaction | null;
  /** A decision's answer: take or skip. */
  take: boolean | null;
  /** The course's trade: the model plan, or a taken decision's plan (null on a skip). */
  courseTrade: Pick<TradeOutcome, 'exit' | 'resultR'> | null;
  /** A 2R trade at the zone with the course's entry and stop (decisions only). */
  twoR: Pick<TradeOutcome, 'exit' | 'resultR'> | null;
  /** The course's checks that fail at a decision's zone, read afresh (decisions only). */
  failedChecks: DecisionCheck[] | null;
}

/** A 2R trade at a decision chart's zone: the course's entry and stop, played out. */
function twoRTradeAt(scenario: ZoneScenario): TradeOutcome {
  const setting = scenario.decision!;
  const { entry, stop } = modelPlanAt(scenario.zone, setting.opposing, setting.averageRange);
  return playOutTrade(
    { entry, stop, target: entry + 2 * (entry - stop), size: 1 },
    scenario.zone.type,
    scenario.candles.slice(scenario.revealEnd),
    SHARES,
  );
}

function outcomeOf(kind: PracticeOutcome['kind'], scenario: ZoneScenario): PracticeOutcome {
  const pick = (outcome: TradeOutcome) => ({ exit: outcome.exit, resultR: outcome.resultR });
  const decision = scenario.decision;
  return {
    kind,
    reaction: readReaction(scenario.candles, scenario.zone, scenario.revealEnd)?.reaction ?? null,
    scenarioReaction: scenario.aftermath?.reading?.reaction ?? null,
    take: decision ? decision.take : null,
    courseTrade: scenario.trade
      ? pick(scenario.trade.outcome)
      : decision?.take
        ? pick(decision.outcome)
        : null,
    twoR: decision ? pick(twoRTradeAt(scenario)) : null,
    failedChecks: decision
      ? decideTrade({ ...decision, zone: scenario.zone })
          .checks.filter((check) => !check.ok)
          .map((check) => check.check)
      : null,
  };
}

const EXERCISES_PER_LEARNER = 100;
const outcomes: PracticeOutcome[] = [];
for (const learner of process.argv.slice(2)) {
  for (let index = 1; index <= EXERCISES_PER_LEARNER; index++) {
    for (const kind of ['plan', 'decision'] as const) {
      const { seed, zoneType, item } = practiceScenarioRequest(learner, index, kind);
      outcomes.push(
        outcomeOf(kind, generateZoneScenario(practiceGenerationRequest(item, seed, zoneType))),
      );
    }
  }
}
process.send?.(outcomes);
