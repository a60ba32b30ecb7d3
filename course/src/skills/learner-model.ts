import {
  type Card,
  type CardInput,
  createEmptyCard,
  fsrs,
  generatorParameters,
  type Grade,
  Rating,
  State,
  type StateType,
} from 'ts-fsrs';
import type { ExerciseKind, SkillEvidence, SkillKey } from './skill-map.js';

/**
 * The learner model, one state per skill: a mastery estimate with its uncertainty, and a review
 * schedule.
 *
 * Mastery is a Glicko-style rating: the learner's ability at the skill is a normal belief
 * N(rating, deviation^2) on the logit scale, and the chance of passing an exercise of average
 * difficulty without luck is the logistic of that ability. Why not Bayesian knowledge tracing:
 * BKT's estimate is one probability of "has learned it", with no separate confidence, so a learner
 * never seen and one seen a hundred times at half and half read alike, and it has no notion of a
 * skill fading. The rating's deviation shrinks with every answer and grows while the skill is not
 * practised, which is exactly the "how sure are we" the hub and the chooser need, with a closed-form
 * update per answer (deterministic, a few numbers to store). From BKT it keeps the guess: an
 * answer can pass by luck, far more often on a take-or-skip (two buttons) than on a drawn zone, so
 * each kind of exercise has its guess rate and a lucky-looking pass moves the rating less.
 *
 * The review schedule is FSRS (ts-fsrs), one card per skill: a pass is Good, a miss Again, and a
 * pass that came only after the answer was shown Hard. The schedule is in days (no same-day
 * learning steps): a skill comes back when the learner would start to forget it, not ten minutes
 * after a miss; misses are what the rating and the chooser answer straight away.
 */

/** The belief about a skill before any answer: centred on even odds, and wide. */
export const INITIAL_RATING = 0;
export const INITIAL_DEVIATION = 1.5;
/** The narrowest belief: a learner keeps changing, so new answers always count for something. */
export const MIN_DEVIATION = 0.35;
/** How much the belief widens per day without practice (variance, logit units squared). */
export const DEVIATION_GROWTH_PER_DAY = 0.01;

/**
 * The chance of passing by luck, by exercise kind: a zone drawn at random lands inside the zone
 * rarely; a plan's rule a little more often; a take-or-skip (or one of its checks) is one of two;
 * a management rule one of five.
 */
export const GUESS_RATE: Readonly<Record<ExerciseKind, number>> = {
  zone: 0.05,
  plan: 0.1,
  decision: 0.5,
  manage: 0.2,
};

/** An FSRS card as plain JSON: dates as ISO strings, the state by name. */
export interface ReviewCard {
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: StateType;
  lastReview: string | null;
}

/** One learner's model of one skill: plain JSON, stored as it is. */
export interface SkillState {
  skill: SkillKey;
  /** The mean of the ability belief, on the logit scale. */
  rating: number;
  /** Its standard deviation at `lastAnswerAt`. */
  deviation: number;
  attempts: number;
  passes: number;
  /** The last answers' results (true: passed), oldest first, at most {@link RECENT_ANSWERS}. */
  recent: boolean[];
  lastAnswerAt: string | null;
  review: ReviewCard;
}

export const RECENT_ANSWERS = 10;

/** What one graded answer says about one skill. */
export type SkillAnswer = Pick<SkillEvidence, 'pass' | 'kind' | 'afterReveal'> & {
  /**
   * How hard this exercise is for its skill, on the logit scale (0: average). Measured
   * difficulty can be fed in here; default 0.
   */
  difficulty?: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const scheduler = fsrs(
  generatorParameters({ enable_fuzz: false, enable_short_term: false, maximum_interval: 365 }),
);

function toJson(card: Card): ReviewCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: State[card.state] as StateType,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

function fromJson(card: ReviewCard): CardInput {
  return {
    // The empty card fills ts-fsrs's deprecated day count, which scheduling no longer reads (it
    // counts from `last_review`).
    ...createEmptyCard(card.due),
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.lastReview,
  };
}

/** A skill never answered, as of `now`. */
export function newSkillState(skill: SkillKey, now: Date): SkillState {
  return {
    skill,
    rating: INITIAL_RATING,
    deviation: INITIAL_DEVIATION,
    attempts: 0,
    passes: 0,
    recent: [],
    lastAnswerAt: null,
    review: toJson(createEmptyCard(now)),
  };
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The deviation at `now`: widened for the days since the last answer, never past the prior. */
function deviationAt(state: SkillState, now?: Date): number {
  if (!now || state.lastAnswerAt === null) return state.deviation;
  const days = Math.max(0, (now.getTime() - Date.parse(state.lastAnswerAt)) / DAY_MS);
  const variance = state.deviation ** 2 + DEVIATION_GROWTH_PER_DAY * days;
  return Math.min(INITIAL_DEVIATION, Math.sqrt(variance));
}

function checkNow(now: Date, state: SkillState): void {
  if (!Number.isFinite(now.getTime())) throw new RangeError('now must be a valid date');
  if (state.lastAnswerAt !== null && now.getTime() < Date.parse(state.lastAnswerAt)) {
    throw new RangeError(
      `answers must come in time order (${now.toISOString()} is before ${state.lastAnswerAt})`,
    );
  }
}

function fsrsGrade(answer: SkillAnswer): Grade {
  if (!answer.pass) return Rating.Again;
  return answer.afterReveal ? Rating.Hard : Rating.Good;
}

/**
 * The state after one graded answer at `now`. Pure: the same answers in the same order at the
 * same times give the same state.
 *
 * The rating moves by one Glicko step: with P the chance of a pass, guess g, s the logistic of
 * (rating - difficulty), P = g + (1 - g) s; the deviation's variance becomes 1 / (1/variance + I),
 * I the Fisher information of the answer, and the rating moves by that variance times the slope
 * of the answer's log-likelihood. A pass after the answer was shown is no evidence of ability
 * (the learner copied what was shown): it counts as an attempt and a Hard review, and leaves
 * the rating alone.
 */
export function updateSkill(state: SkillState, answer: SkillAnswer, now: Date): SkillState {
  checkNow(now, state);
  let { rating } = state;
  let deviation = deviationAt(state, now);
  if (!(answer.pass && answer.afterReveal)) {
    const guess = GUESS_RATE[answer.kind];
    const chance = logistic(rating - (answer.difficulty ?? 0));
    const pass = guess + (1 - guess) * chance;
    const slope = (1 - guess) * chance * (1 - chance);
    const information = slope ** 2 / (pass * (1 - pass));
    const gradient = answer.pass ? slope / pass : -slope / (1 - pass);
    const variance = 1 / (1 / deviation ** 2 + information);
    rating += variance * gradient;
    deviation = Math.max(MIN_DEVIATION, Math.sqrt(variance));
  }
  const review = toJson(scheduler.next(fromJson(state.review), now, fsrsGrade(answer)).card);
  return {
    skill: state.skill,
    rating,
    deviation,
    attempts: state.attempts + 1,
    passes: state.passes + (answer.pass ? 1 : 0),
    recent: [...state.recent, answer.pass].slice(-RECENT_ANSWERS),
    lastAnswerAt: now.toISOString(),
    review,
  };
}

export interface Mastery {
  /** The expected chance of passing an average exercise of the skill without luck, 0-1. */
  mastery: number;
  /** Half the width of the 95% interval below: 0 sure, up to 0.5 knowing nothing. */
  uncertainty: number;
  /** A 95% credible interval for the same chance. */
  low: number;
  high: number;
}

/**
 * Mastery in 0-1 with its uncertainty. With `now`, the belief is widened for the time since the
 * last answer (a skill not practised is less certain, and drifts towards even odds).
 */
export function masteryOf(state: SkillState, now?: Date): Mastery {
  const deviation = deviationAt(state, now);
  // The logistic-normal mean by the probit approximation (MacKay): exact enough at these widths.
  const mastery = logistic(state.rating / Math.sqrt(1 + (Math.PI * deviation ** 2) / 8));
  const low = logistic(state.rating - 1.96 * deviation);
  const high = logistic(state.rating + 1.96 * deviation);
  return { mastery, uncertainty: (high - low) / 2, low, high };
}

/** Whether a skill the learner has practised is due for review at `now` (a new one is not). */
export function isDue(state: SkillState, now: Date): boolean {
  return state.attempts > 0 && Date.parse(state.review.due) <= now.getTime();
}

/** Days past the review's due date at `now` (0 when not due or never practised). */
export function overdueDays(state: SkillState, now: Date): number {
  if (!isDue(state, now)) return 0;
  return (now.getTime() - Date.parse(state.review.due)) / DAY_MS;
}

/** Every skill evidence of one graded answer applied to the learner's states (missing: new). */
export function updateSkills(
  states: Readonly<Partial<Record<SkillKey, SkillState>>>,
  evidence: readonly SkillEvidence[],
  now: Date,
): Partial<Record<SkillKey, SkillState>> {
  const next = { ...states };
  for (const item of evidence) {
    const state = next[item.skill] ?? newSkillState(item.skill, now);
    next[item.skill] = updateSkill(state, item, now);
  }
  return next;
}
