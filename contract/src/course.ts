/**
 * GET api/course: the course's counts and limits. The API decides them; the app reads them here
 * instead of keeping copies that could disagree.
 */
export interface CourseRules {
  landingDemo: LandingDemoRules;
  practice: PracticeRules;
  triesBeforeReveal: TriesBeforeReveal;
}

/** The landing page's open demo charts (also the sandbox's). */
export interface LandingDemoRules {
  /**
   * Their chart numbers (GET chart-data/{id}) in the order Next shows them: the browser's local
   * chart id n (starting at 1) is `charts[n - 1]`, and Next after the last goes back to 1.
   */
  charts: number[];
}

/** Every learner's own practice charts in the Practice Portal. */
export interface PracticeRules {
  /** Charts in the round (the counter's n/round); after it come extra charts. */
  round: number;
  /** Zone charts each learner has: GET api/practice/{1..charts}. */
  charts: number;
  /** Practice plans: GET api/practice/plans/{1..plans}. */
  plans: number;
  /** Practice decisions: GET api/practice/decisions/{1..decisions}. */
  decisions: number;
  /** How many of each, from the first, need no Pro Plan. */
  free: number;
}

/**
 * Failed tries after which each kind of exercise shows its answer and lets the learner on (Skip):
 * zones and plans after a few, a take-or-skip or management answer after one.
 */
export interface TriesBeforeReveal {
  zone: number;
  plan: number;
  decision: number;
  manage: number;
}
