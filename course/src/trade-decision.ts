import type { Candle } from '@chart-kit/core';
import type { PriceZone } from './grade.js';
import { rewardToRisk, tradeDirection } from './trade-plan.js';
import { scoreMarkedZone, type ZoneGrade, type ZoneScorecard } from './zone-scorecard.js';
import { averageRange, type ZoneType } from './zones.js';

/**
 * Take or skip: whether a zone price is coming back to is worth trading, by the course's four
 * checks (the Managing Risk module's "take or skip" lesson): a zone that scores at least a B on
 * the Finding module's checklist (the course passes over a C), enough room to the next opposing
 * zone for the course's minimum reward-to-risk, a fresh zone, and a higher timeframe that does
 * not point against the trade.
 */

/** The model plan's stop sits this many average ranges beyond the zone's distal line. */
export const MODEL_STOP_BUFFER_IN_RANGES = 0.25;
/** The model plan's target stays this many average ranges short of the opposing zone. */
export const MODEL_TARGET_MARGIN_IN_RANGES = 0.3;
/** The course's minimum reward-to-risk for a trade worth taking. */
export const DECISION_MIN_REWARD_TO_RISK = 2;

export const DECISION_CHECKS = ['grade', 'room', 'fresh', 'higher-timeframe'] as const;
export type DecisionCheck = (typeof DECISION_CHECKS)[number];

export function isDecisionCheck(value: unknown): value is DecisionCheck {
  return typeof value === 'string' && (DECISION_CHECKS as readonly string[]).includes(value);
}

/** The 1-hour chart's direction, seen from the trade: with it, against it, or sideways. */
export type HigherTimeframeTrend = 'with' | 'against' | 'sideways';

export interface DecisionSetting {
  zone: PriceZone & { type: ZoneType };
  /** The zone's score on the Finding module's checklist, on the candles a learner sees. */
  score: { points: number; grade: ZoneGrade };
  /** The next opposing zone in the trade's direction. */
  opposing: PriceZone;
  /** The average candle range the stop's buffer and the target's margin are measured in. */
  averageRange: number;
  /** Times price has come back into the zone since it formed (0: fresh). */
  touches: number;
  higherTimeframe: HigherTimeframeTrend;
  /** Default {@link DECISION_MIN_REWARD_TO_RISK}. */
  minRewardToRisk?: number;
}

/** The course's plan at a zone: entry at the proximal line, stop past the distal line, target short of the opposing zone. */
export function modelPlanAt(
  zone: PriceZone & { type: ZoneType },
  opposing: PriceZone,
  averageRange: number,
): { entry: number; stop: number; target: number } {
  const direction = tradeDirection(zone.type);
  const cents = (price: number) => Math.round(price * 100) / 100;
  const long = direction > 0;
  const entry = long ? zone.upper : zone.lower;
  const stop = cents(
    (long ? zone.lower : zone.upper) - direction * MODEL_STOP_BUFFER_IN_RANGES * averageRange,
  );
  const near = long ? opposing.lower : opposing.upper;
  const target = cents(near - direction * MODEL_TARGET_MARGIN_IN_RANGES * averageRange);
  return { entry, stop, target };
}

/** A take-or-skip exercise's chart as served: candles, where the exercise ends, its zone and setting. */
export interface DecisionChart {
  candles: readonly Candle[];
  /** Candles shown before the answer: those before this index. */
  exerciseEnd: number;
  zone: PriceZone & { type: ZoneType };
  /** The times of the zone's base candles. */
  baseTimes: readonly number[];
  decision: Omit<DecisionSetting, 'zone' | 'score' | 'minRewardToRisk'>;
}

/**
 * What `decideTrade` reads on a take-or-skip chart, the zone scored on the candles a learner sees
 * before answering: every exercise (lesson, generated, real) is decided from this one reading.
 */
export function decisionSettingOf(
  chart: DecisionChart,
): DecisionSetting & { score: ZoneScorecard } {
  const seen = chart.candles.slice(0, chart.exerciseEnd);
  const { type, upper, lower } = chart.zone;
  const { touches } = chart.decision;
  const score = scoreMarkedZone(seen, { type, upper, lower, baseTimes: chart.baseTimes, touches });
  return { ...chart.decision, zone: chart.zone, score };
}

export interface CheckResult {
  check: DecisionCheck;
  ok: boolean;
  /** One sentence a learner reads: what was measured and what the course asks. */
  text: string;
}

export interface TradeDecision {
  take: boolean;
  checks: CheckResult[];
  /** Reward-to-risk of the model plan (room to the opposing zone, in R). */
  rewardToRisk: number;
  model: { entry: number; stop: number; target: number };
}

/** Takes the trade when all four checks pass; names each check with its numbers. */
export function decideTrade(setting: DecisionSetting): TradeDecision {
  const minimum = setting.minRewardToRisk ?? DECISION_MIN_REWARD_TO_RISK;
  const model = modelPlanAt(setting.zone, setting.opposing, setting.averageRange);
  const ratio = Math.max(0, rewardToRisk(model.entry, model.stop, model.target));
  const opposingName = setting.zone.type === 'demand' ? 'supply' : 'demand';
  const trendWord = setting.zone.type === 'demand' ? 'up' : 'down';
  const { points, grade } = setting.score;
  const checks: CheckResult[] = [
    {
      check: 'grade',
      ok: grade !== 'C',
      text:
        grade === 'C'
          ? `Grade: the zone scores ${points} of 5, a C, and the course passes over a C zone.`
          : `Grade: the zone scores ${points} of 5, ${grade === 'A' ? 'an A' : 'a B'}, good enough to trade.`,
    },
    {
      check: 'room',
      ok: ratio >= minimum,
      text:
        ratio >= minimum
          ? `Room: a target just short of the next ${opposingName} zone pays ${ratio.toFixed(1)}R, at least the ${minimum}R the course asks for.`
          : `Room: the next ${opposingName} zone leaves only ${ratio.toFixed(1)}R for a target, under the ${minimum}R the course asks for.`,
    },
    {
      check: 'fresh',
      ok: setting.touches === 0,
      text:
        setting.touches === 0
          ? 'Fresh: price has not come back to the zone since it formed.'
          : `Not fresh: price has already come back to the zone ${setting.touches === 1 ? 'once' : `${setting.touches} times`}, using up orders waiting there.`,
    },
    {
      check: 'higher-timeframe',
      ok: setting.higherTimeframe !== 'against',
      text:
        setting.higherTimeframe === 'against'
          ? `1-hour chart: the trend points against the trade (the ${setting.zone.type} zone needs it ${trendWord}).`
          : setting.higherTimeframe === 'with'
            ? `1-hour chart: the trend points ${trendWord}, with the trade.`
            : '1-hour chart: sideways, so it neither helps nor blocks the trade.',
    },
  ];
  return { take: checks.every((check) => check.ok), checks, rewardToRisk: ratio, model };
}

export interface DecisionAnswer {
  take: boolean;
  /** When skipping: the checks the learner says fail. */
  reasons: readonly DecisionCheck[];
}

export interface DecisionGrade {
  pass: boolean;
  /** The course's decision and its checks. */
  decision: TradeDecision;
  /** What was right or wrong about the answer, then every check with its numbers. */
  feedback: string[];
}

/**
 * A decision passes when it is the course's (take or skip) and, for a skip, names exactly the
 * checks that fail: skipping for the wrong reason is a guess, not a judgement.
 */
export function gradeDecision(answer: DecisionAnswer, setting: DecisionSetting): DecisionGrade {
  const decision = decideTrade(setting);
  const failing = decision.checks.filter((check) => !check.ok).map((check) => check.check);
  const named = new Set(answer.reasons);
  const sameReasons = failing.length === named.size && failing.every((check) => named.has(check));
  const pass = answer.take === decision.take && (answer.take || sameReasons);
  let verdict: string;
  if (pass) {
    verdict = decision.take
      ? 'Right: this one is worth taking.'
      : 'Right: skip it, and for the right reasons.';
  } else if (answer.take !== decision.take) {
    verdict = decision.take
      ? 'Not quite: every check passes, so the course takes this trade.'
      : `Not quite: the course skips this one. ${failing.length === 1 ? 'One check fails' : `${failing.length} checks fail`}.`;
  } else {
    verdict = 'Skipping is right, but not for the reasons given: look at which checks fail.';
  }
  return { pass, decision, feedback: [verdict, ...decision.checks.map((check) => check.text)] };
}

/** Hours over which the 1-hour trend is read: about one session. */
export const TREND_HOURS = 7;
/** A change of at least this many average hourly ranges over those hours is a trend. */
export const TREND_MIN_RANGES = 1;

/**
 * The 1-hour trend at the end of `hourly`, seen from a trade at a zone of `type`: the last close
 * against the close {@link TREND_HOURS} hours before, in average hourly ranges.
 */
export function higherTimeframeTrend(
  hourly: readonly Candle[],
  type: ZoneType,
): HigherTimeframeTrend {
  const last = hourly.at(-1);
  const before = hourly.at(-1 - TREND_HOURS);
  if (!last || !before) return 'sideways';
  const yardstick = averageRange(hourly, hourly.length - 1, 20);
  if (!(yardstick > 0)) return 'sideways';
  const change = (last.close - before.close) / yardstick;
  if (Math.abs(change) < TREND_MIN_RANGES) return 'sideways';
  return Math.sign(change) === tradeDirection(type) ? 'with' : 'against';
}

/**
 * How many times price came back into a zone from `from` on (after its move away): runs of
 * candles trading in it, apart when price went at least one average range away in between.
 */
export function zoneTouches(
  candles: readonly Candle[],
  zone: PriceZone & { type: ZoneType },
  from: number,
): number {
  let touches = 0;
  let away = true;
  for (let index = from; index < candles.length; index++) {
    const candle = candles[index];
    if (!candle) break;
    if (candle.low <= zone.upper && candle.high >= zone.lower) {
      if (away) touches++;
      away = false;
    } else {
      const yardstick = averageRange(candles, index, 20);
      const distance = zone.type === 'demand' ? candle.low - zone.upper : zone.lower - candle.high;
      if (distance >= yardstick) away = true;
    }
  }
  return touches;
}
