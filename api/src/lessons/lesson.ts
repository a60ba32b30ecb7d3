/** The modules of the course, in the order a learner takes them. */
export const COURSE_MODULES = [
  { key: 'foundations', title: 'Foundations' },
  { key: 'candlesticks', title: 'Candlesticks' },
  { key: 'sd-basics', title: 'Supply and Demand Basics' },
  { key: 'finding', title: 'Finding Supply and Demand Zones' },
  { key: 'validating', title: 'Validating Supply and Demand Zones' },
  { key: 'risk', title: 'Managing Risk' },
] as const;

export type ModuleKey = (typeof COURSE_MODULES)[number]['key'];

/** One illustration frame: a few candles drawn by chart-kit, with optional marks. */
export interface IllustrationFrame {
  /** [open, high, low, close] per candle, left to right. */
  candles: [number, number, number, number][];
  lines?: number[];
  /** [lower, upper] */
  zone?: [number, number];
  highlight?: number[];
  label?: string;
}

export interface Illustration {
  caption: string;
  /** One frame, or three that cycle every 1000 ms. */
  frames: IllustrationFrame[];
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
  takeaway: string;
  module: ModuleKey;
  /**
   * 'zone': mark the zone (the spec's exercise); 'plan': plan a trade at a zone given;
   * 'decision': take or skip a trade at a zone given, with the reasons.
   */
  exerciseKind: 'zone' | 'plan' | 'decision';
  /** A trade-plan exercise's instrument, account and risk (null for a zone exercise). */
  plan: PlanSettings | null;
}

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

/** A lesson as loaded from its file: the descriptor plus what the page shows. */
export interface Lesson extends LessonDescriptor {
  /** The Markdown body rendered to HTML (raw HTML in the source is escaped, never passed on). */
  html: string;
  illustration: Illustration;
  /** Where it came from, relative to the content folder, for error messages. */
  file: string;
}

/** Paths a lesson may link to besides other lessons. */
export const NON_LESSON_LINKS = ['/', '/home', '/practice'] as const;
