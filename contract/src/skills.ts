import type { PracticeKind, PracticeReason, SkillKey } from '@course/rules';

/** One skill of the course and how well the learner masters it. */
export interface SkillMastery {
  key: SkillKey;
  title: string;
  /** The expected chance of passing an average exercise of the skill, 0-1 (0.5 before any). */
  mastery: number;
  /** Half the width of its 95% interval: 0 sure, up to 0.5 knowing nothing. */
  uncertainty: number;
  /** The graded answers that spoke for the skill. */
  attempts: number;
  /** Practised, and its review date has come. */
  due: boolean;
}

/** GET api/skills: every skill of the course, in the course's order. */
export interface SkillsBody {
  skills: SkillMastery[];
}

/** GET api/practice/next: the practice exercise to do next, and why. */
export interface PracticeNextBody {
  kind: PracticeKind;
  /** The first practice exercise of that kind the learner has not finished; null when all are. */
  index: number | null;
  /** The skill it is chosen for. */
  skill: SkillKey;
  /** One sentence for the page ("You missed freshness twice: here is another."). */
  reason: string;
  /**
   * Why it was chosen, as data the client words (the course's practiceReasonWords); absent on an
   * exercise the portal kept before the reason was sent as data (then `reason` stands).
   */
  reasonData?: PracticeReason;
  /**
   * True: a real chart (kind zone, GET api/practice/real/{index}) or a real take-or-skip
   * exercise (kind decision, GET api/practice/real/decisions/{index}); `index` is its place
   * among them. Absent: one of the learner's simulated practice exercises.
   */
  real?: boolean;
}
