/** Who is asking: a logged-in learner, a visitor known by cookie, or nobody known yet. */
export type Caller = { userId: string } | { visitorId: string } | undefined;

/** Landing-page demo charts: the only ones a visitor without an account may be graded on. */
export const LANDING_DEMO_CHARTS: readonly number[] = [30, 31, 32, 33, 34];

/** Failed tries after which the correct zone is shown and Skip unlocks (spec, section 9). */
export const TRIES_BEFORE_REVEAL = 3;
