import type { PracticeKind, PracticeReason, SkillKey } from '@course/rules';

/**
 * The Practice Portal's modes: "Practise what I need" (`needs`, the server chooses each exercise),
 * the fixed rounds of zones, take-or-skip decisions and trade plans, and real charts (zones to
 * find, `real`, and returns to zones to take or skip, `real-decisions`).
 */
export type PracticeMode = 'needs' | 'zones' | 'decisions' | 'plans' | 'real' | 'real-decisions';

/** The exercise "Practise what I need" has on screen, as GET api/practice/next chose it. */
export interface PracticeItem {
  kind: PracticeKind;
  /** Its place among the learner's practice exercises of that kind (1-based). */
  index: number;
  skill: SkillKey;
  /**
   * The sentence shown with it ("You missed freshness twice: here is another."): what a place
   * kept before `reasonData` has, and the words of `reasonData` otherwise.
   */
  reason: string;
  /** Why it was chosen, as data the client words (the course's practiceReasonWords). */
  reasonData?: PracticeReason;
  /** A real chart or real decision (see PracticeNextBody.real); absent for a simulated one. */
  real?: boolean;
}

/**
 * GET and POST api/practice/place: where the learner is in the portal, kept on the server so that
 * reopening it (in any browser) resumes there.
 */
export interface PracticePlace {
  mode: PracticeMode;
  /** The place in each fixed round (1-based): zone charts, decisions and plans. */
  zones: number;
  decisions: number;
  plans: number;
  /** The place in the real charts (1-based): each new place is served a real session. */
  real: number;
  /** The place in the real take-or-skip exercises (1-based). */
  realDecisions: number;
  /** "Practise what I need": the exercise being worked on; null before the first is chosen. */
  current: PracticeItem | null;
}

/**
 * POST api/practice/place: the place to keep; without `real` or `realDecisions`, the learner's
 * stays as it was.
 */
export type PracticePlaceUpdate = Omit<PracticePlace, 'real' | 'realDecisions'> & {
  real?: number;
  realDecisions?: number;
};
