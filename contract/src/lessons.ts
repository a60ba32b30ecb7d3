import type { ExerciseKind } from '@course/rules';
import type { DecisionResult, DecisionSetup } from './decisions.js';
import type { ExerciseStanding } from './exercise-standing.js';
import type { ManageResult, ManageSetup } from './manage.js';
import type { PlanReview, PlanSetup } from './plans.js';

/** The course's modules, by key, in the order a learner takes them. */
export type ModuleKey =
  'foundations' | 'candlesticks' | 'sd-basics' | 'finding' | 'validating' | 'risk';

/** completed: in the learner's list; open: first of its module or after a completed lesson. */
export type LessonStatus = 'completed' | 'open' | 'locked';

/** A trade-plan exercise's money side, as the lesson sets it; the learner may change both. */
export interface PlanSettings {
  instrument: 'shares' | 'micro-e-mini' | 'forex';
  account: number;
  riskPercent: number;
  /** Default: the course's 2:1. */
  minRewardToRisk?: number;
  /** The most one position may be worth, in dollars (shares); no limit when absent. */
  buyingPower?: number;
}

/**
 * A lesson's descriptor, with the spec's field names (section 3) so its client contract holds;
 * `hourly_c_num` is the spec's "hourly chart number".
 */
export interface LessonDescriptor {
  id: number;
  path: string;
  title: string;
  page: string;
  linkBack: string;
  linkNext: string;
  c_num: number | null;
  hourly_c_num: number | null;
  twoseries: boolean;
  lineVisible: boolean;
  reqPass: boolean;
  pushLine: boolean;
  pullLine: boolean;
  /**
   * The lesson is about how price came back to the zone: once the exercise is passed or revealed,
   * the chart plays on by itself through the return.
   */
  showReturn: boolean;
  prev_chart: number | null;
  sub_req: boolean;
  /** The lesson sends the learner on to the Practice Portal (a button beside Next). */
  practicePortal: boolean;
  takeaway: string;
  module: ModuleKey;
  exerciseKind: ExerciseKind;
  /** A trade-plan exercise's instrument, account and risk (null for other exercises). */
  plan: PlanSettings | null;
}

/** A lesson as the catalogue lists it for one caller. */
export interface LessonSummary extends LessonDescriptor {
  status: LessonStatus;
  /** sub_req and the caller has no Pro Plan: the app shows the subscription wall. */
  subscriptionRequired: boolean;
}

export interface CatalogueModule {
  key: ModuleKey;
  title: string;
  /** In the order a learner takes them. */
  lessons: LessonSummary[];
}

/** GET api/lessons */
export interface Catalogue {
  subscribed: boolean;
  /** Ids of the lessons the caller completed (empty for visitors). */
  completed: number[];
  modules: CatalogueModule[];
}

/** One illustration frame: a few candles drawn by chart-kit, with optional marks. */
export interface IllustrationFrame {
  /** [open, high, low, close] per candle, left to right. */
  candles: [number, number, number, number][];
  lines?: number[];
  /** [lower, upper] */
  zone?: [number, number];
  /** Indexes of the candles to emphasise. */
  highlight?: number[];
  label?: string;
}

export interface Illustration {
  caption: string;
  /** One frame, or three that cycle every 1000 ms. */
  frames: IllustrationFrame[];
}

/** GET api/lessons/{path}: the descriptor, the content and the caller's exercise. */
export interface LessonPageBody extends LessonSummary {
  moduleTitle: string;
  /** Rendered from Markdown without raw HTML, so it is safe to insert. */
  html: string;
  illustration: Illustration;
  /** The caller's standing on the lesson's exercise, when it has one. */
  exercise: ExerciseStanding | null;
  /** A plan exercise's zone (given, not to be found) and money side; null otherwise. */
  planSetup: PlanSetup | null;
  /** A plan exercise's last graded plan, answered again; null before any plan. */
  planReview: PlanReview | null;
  /** A take-or-skip exercise's zone and the next opposing zone; null otherwise. */
  decisionSetup: DecisionSetup | null;
  /** A take-or-skip exercise's last answer, answered again; null before any. */
  decisionReview: DecisionResult | null;
  /** A trade-management exercise's zone, plan and choices; null otherwise. */
  manageSetup: ManageSetup | null;
  /** A trade-management exercise's last answer, answered again; null before any. */
  manageReview: ManageResult | null;
}
