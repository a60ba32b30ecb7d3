// The shapes the course API sends and accepts (see the API's OpenAPI document at /api/docs).

export interface SessionBody {
  email: string;
}

export interface MessageBody {
  message: string;
}

export interface ProgressBody {
  completed: number[];
}

export type ModuleKey = string;
export type LessonStatus = 'completed' | 'open' | 'locked';
export type ZoneType = 'supply' | 'demand';
export type ChartTimeframe = '5min' | '1hr';

/** A lesson's descriptor, with the spec's field names. */
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
  /** Once passed or revealed, the chart plays on through price's return to the zone. */
  showReturn: boolean;
  pullLine: boolean;
  prev_chart: number | null;
  sub_req: boolean;
  takeaway: string;
  module: ModuleKey;
  /** 'zone': mark the zone; 'plan': plan a trade at a zone given. */
  exerciseKind: 'zone' | 'plan' | 'decision';
  plan: PlanSettings | null;
}

/** A plan exercise's money side as the lesson sets it. */
export interface PlanSettings {
  instrument: 'shares' | 'micro-e-mini' | 'forex';
  account: number;
  riskPercent: number;
  minRewardToRisk?: number;
  buyingPower?: number;
}

/** What a plan exercise shows before any try (api/lessons/{path}). */
export interface PlanSetup {
  zone: { type: ZoneType; upper: number; lower: number };
  /** The next opposing zone, which the target must stay short of. */
  opposing: { upper: number; lower: number };
  instrument: PlanSettings['instrument'];
  pointValue: number;
  unit: string;
  step: number;
  account: number;
  riskPercent: number;
  minRewardToRisk: number;
  /** The most one position may be worth (shares), or null without a limit. */
  buyingPower: number | null;
}

/** POST api/plans: a lesson's plan exercise, or (practice) one of the learner's practice plans. */
export type PlanRequest = PlanAnswer & ({ lesson: number } | { practice: number });

/** The plan itself: three prices and the money side. */
export interface PlanAnswer {
  entry: number;
  stop: number;
  target: number;
  account: number;
  riskPercent: number;
  size: number;
}

export interface PlanOutcome {
  fillIndex: number | null;
  fillPrice: number | null;
  exit: 'stop' | 'target' | 'open' | 'not-filled';
  exitIndex: number | null;
  exitPrice: number | null;
  stopAssumedFirst: boolean;
  resultR: number;
  resultDollars: number;
  fillTime: number | null;
  exitTime: number | null;
}

export interface PlanResult {
  pass: boolean;
  failed: ('entry' | 'stop' | 'target' | 'reward-to-risk' | 'size')[];
  feedback: string[];
  rewardToRisk: number;
  riskDollars: number;
  correctSize: number;
  tries: number;
  revealed: boolean;
  model?: {
    entry: number;
    stop: number;
    target: number;
    size: number;
    rewardToRisk: number;
    outcome: PlanOutcome;
  };
  outcome?: PlanOutcome;
}

/** A plan as sent: three prices and the money side. */
export interface SentPlan {
  entry: number;
  stop: number;
  target: number;
  account: number;
  riskPercent: number;
  size: number;
}

/** A plan exercise's last graded plan, answered again as when it was sent. */
export interface PlanReview extends PlanResult {
  plan: SentPlan;
  gradedAt: string;
}

/** GET api/plans/results */
export interface PlanResults {
  exercises: {
    /** A lesson's id, or null for a practice plan. */
    lesson: { id: number | null; path: string; title: string };
    plan: SentPlan;
    /** What the size counts: shares, contracts or lots. */
    unit: string;
    pass: boolean;
    tries: number;
    revealed: boolean;
    gradedAt: string;
    /** Null until the exercise is revealed. */
    outcome: PlanOutcome | null;
  }[];
  record: {
    plans: number;
    filled: number;
    wins: number;
    losses: number;
    hitRate: number | null;
    averageR: number | null;
    totalR: number;
    cumulativeR: number[];
  };
}

export interface LessonSummary extends LessonDescriptor {
  status: LessonStatus;
  /** The lesson needs the Pro Plan and the caller has none. */
  subscriptionRequired: boolean;
}

export interface CatalogueModule {
  key: ModuleKey;
  title: string;
  lessons: LessonSummary[];
}

export interface Catalogue {
  subscribed: boolean;
  completed: number[];
  modules: CatalogueModule[];
}

/** [open, high, low, close] */
export type IllustrationCandle = [number, number, number, number];

export interface IllustrationFrame {
  candles: IllustrationCandle[];
  lines?: number[];
  /** [lower, upper] */
  zone?: [number, number];
  /** Indexes of the candles to emphasise. */
  highlight?: number[];
  label?: string;
}

export interface Illustration {
  caption: string;
  /** One frame, or three that cycle every second. */
  frames: IllustrationFrame[];
}

export interface ExerciseStanding {
  passed: boolean;
  /** Failed tries so far. */
  tries: number;
  revealed: boolean;
}

export interface LessonPageBody extends LessonSummary {
  moduleTitle: string;
  /** Rendered from Markdown by the API without raw HTML, so it is safe to insert. */
  html: string;
  illustration: Illustration;
  exercise: ExerciseStanding | null;
  /** A plan exercise's zone and money side; null for other lessons. */
  planSetup: PlanSetup | null;
  /** A plan exercise's last graded plan; null before any (and for other lessons). */
  planReview: PlanReview | null;
  /** A take-or-skip exercise's zone and wall; null for other lessons. */
  decisionSetup: DecisionSetup | null;
  /** A take-or-skip exercise's last answer; null before any (and for other lessons). */
  decisionReview: DecisionResult | null;
}

export interface ChartCandle {
  /** Unix seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

/** What every exercise chart carries, a catalogue chart or a learner's own practice chart. */
export interface ExerciseChartData {
  type: ZoneType;
  timeframe: ChartTimeframe;
  data: ChartCandle[];
  /** Unix seconds of the first and last candle the chart opens on. */
  view: { from: number; to: number };
  /** Upper bound of the zone, once revealed to this caller. */
  hiddenpl?: number;
  /** Lower bound of the zone, once revealed. */
  hiddenpl2?: number;
  explanation?: string;
  base_times?: number[];
  /** What price did next, once revealed. */
  next?: ChartCandle[];
}

/** GET chart-data/{id}: a chart of the catalogue (lessons, landing demo). */
export interface ChartDataBody extends ExerciseChartData {
  chart_number: number;
  /** The other timeframe of the same market, or null. */
  twin: number | null;
}

/** GET api/practice/{index}: one of the learner's own practice charts and its 1-hour twin. */
export interface PracticeChartBody extends ExerciseChartData {
  /** Its place in the portal; the first `round` make the round. */
  index: number;
  round: number;
  /** Practice charts the learner has, and how many of them need no plan. */
  count: number;
  free: number;
  exercise: ExerciseStanding;
  hourly: ExerciseChartData;
}

/** One of the course's three checks before a trade. */
export type DecisionCheck = 'room' | 'fresh' | 'higher-timeframe';

/** A take-or-skip exercise before an answer: the zone price is coming back to, and the next wall. */
export interface DecisionSetup {
  zone: { type: ZoneType; upper: number; lower: number };
  opposing: { upper: number; lower: number };
}

/** POST api/decisions: a lesson's take-or-skip exercise or a practice decision. */
export type DecisionRequest = { take: boolean; reasons: DecisionCheck[] } & (
  { lesson: number } | { practice: number }
);

export interface DecisionResult {
  pass: boolean;
  /** The verdict, then (once revealed) every check with its numbers. */
  feedback: string[];
  tries: number;
  revealed: boolean;
  answer: { take: boolean; reasons: DecisionCheck[] };
  course?: {
    take: boolean;
    checks: { check: DecisionCheck; ok: boolean; text: string }[];
    rewardToRisk: number;
    model: { entry: number; stop: number; target: number };
    /** The course's plan played out; on a zone to skip, a plan aiming for 2R. */
    outcome: PlanOutcome;
  };
}

/** GET api/practice/decisions/{index}: one of the learner's own take-or-skip charts. */
export interface PracticeDecisionBody extends ExerciseChartData {
  index: number;
  count: number;
  free: number;
  exercise: ExerciseStanding;
  decisionSetup: DecisionSetup;
  decisionReview: DecisionResult | null;
}

/** GET api/practice/plans/{index}: one of the learner's own trade-plan charts. */
export interface PracticePlanBody extends ExerciseChartData {
  index: number;
  count: number;
  free: number;
  exercise: ExerciseStanding;
  planSetup: PlanSetup;
  planReview: PlanReview | null;
}

export interface RevealedZoneBody {
  type: ZoneType;
  upper: number;
  lower: number;
}

export interface AttemptResult {
  pass: boolean;
  reason: string;
  /** Why the answer missed (or that it was right). */
  feedback: string;
  /** Failed tries so far. */
  tries: number;
  revealed: boolean;
  zone?: RevealedZoneBody;
  explanation?: string;
  baseTimes?: number[];
}

export type AttemptTarget = { chart: number } | { lesson: number } | { practice: number };

export interface PlanBody {
  name: string;
  /** In cents. */
  amount: number;
  currency: string;
  interval: string;
  priceId: string;
  testMode: boolean;
}

export interface SubscriptionStatusBody {
  subscription: boolean;
  /** For a canceled plan that is still active, its last day (YYYY-MM-DD, UTC); otherwise null. */
  endsOn: string | null;
}

export interface CheckoutBody {
  url: string;
}
