import type { ExerciseKind, TriesBeforeReveal } from '@course/contract';

/** Landing-page demo charts: the only ones a visitor without an account may load and answer. */
export const LANDING_DEMO_CHARTS: readonly number[] = [30, 31, 32, 33, 34];

/** Failed tries after which the correct zone is shown and Skip unlocks (spec, section 9). */
export const TRIES_BEFORE_REVEAL = 3;

/**
 * Failed tries before each kind of exercise shows its answer. A take-or-skip answer is shown
 * after one try: with two choices a second try is no test. So is a trade-management answer: its
 * answer plays every rule out, so a second try would be chosen knowing how each one ended.
 */
export const TRIES_BEFORE_REVEAL_BY_KIND = {
  zone: TRIES_BEFORE_REVEAL,
  plan: TRIES_BEFORE_REVEAL,
  decision: 1,
  manage: 1,
} as const satisfies TriesBeforeReveal & Record<ExerciseKind, number>;
