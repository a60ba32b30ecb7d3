import type { PlanGrade, TradeOutcome, TradeRecord } from '@course/rules';
import type { PlanSettings } from './lessons.js';
import type { RevealedZone, ZoneBounds } from './zones.js';

/** Which exercise a plan or decision answers: a lesson's, or one of the learner's practice ones. */
export type LessonOrPractice = { lesson: number } | { practice: number };

/** A plan as sent and kept: three prices and the money side. */
export interface SentPlan {
  entry: number;
  stop: number;
  target: number;
  account: number;
  riskPercent: number;
  size: number;
}

/** POST api/plans */
export type PlanRequest = SentPlan & LessonOrPractice;

/** How a plan played out after the exercise, with the times of the candles that made it. */
export interface PlanOutcome extends TradeOutcome {
  fillTime: number | null;
  exitTime: number | null;
  /**
   * What happened and what it teaches, in the course's words ("Stopped out: −1.0R. A good trade
   * that lost: ..."), for the replay and the results page. The server writes it, so that every
   * page tells the same trade the same way.
   */
  summary: string;
}

/** The course's plan for a zone, sized for the learner's account and risk. */
export interface ModelPlan {
  entry: number;
  stop: number;
  target: number;
  size: number;
  rewardToRisk: number;
  outcome: PlanOutcome;
}

/** The answer of POST api/plans. */
export interface PlanResult extends PlanGrade {
  /** Failed tries so far. */
  tries: number;
  /** Failed tries still allowed before the course's plan shows; 0 once revealed. */
  triesLeft: number;
  revealed: boolean;
  /** Once revealed: the course's plan for this zone. */
  model?: ModelPlan;
  /** Once revealed: how the learner's own plan played out. */
  outcome?: PlanOutcome;
}

/** The learner's last graded plan of an exercise, answered again as POST api/plans answered it. */
export interface PlanReview extends PlanResult {
  plan: SentPlan;
  /** When it was graded (ISO 8601). */
  gradedAt: string;
}

/** One plan exercise on the results page: the learner's last plan and, once revealed, its result. */
export interface PlanExerciseResult {
  /** A lesson's id, or null for a practice plan. */
  lesson: { id: number | null; path: string; title: string };
  plan: SentPlan;
  /** What the size counts: shares, contracts or lots. */
  unit: string;
  pass: boolean;
  tries: number;
  revealed: boolean;
  gradedAt: string;
  /** How the plan played out; only once revealed (the candles after the exercise stay hidden). */
  outcome: PlanOutcome | null;
}

/** GET api/plans/results: the learner's graded plans, oldest first, and their record. */
export interface PlanResults {
  exercises: PlanExerciseResult[];
  record: TradeRecord;
}

/** What a plan exercise shows before any try: the zone traded and the money side. */
export interface PlanSetup {
  zone: RevealedZone;
  /** The next opposing zone in the trade's direction, which the target must stay short of. */
  opposing: ZoneBounds;
  instrument: PlanSettings['instrument'];
  /** What one unit is worth per 1.00 of price, and its name and smallest step. */
  pointValue: number;
  unit: string;
  step: number;
  account: number;
  riskPercent: number;
  minRewardToRisk: number;
  /** The most one position may be worth (shares), or null without a limit. */
  buyingPower: number | null;
}
