/** Landing-page demo charts: the only ones a visitor without an account may load and answer. */
export const LANDING_DEMO_CHARTS: readonly number[] = [30, 31, 32, 33, 34];

/** Failed tries after which the correct zone is shown and Skip unlocks (spec, section 9). */
export const TRIES_BEFORE_REVEAL = 3;
