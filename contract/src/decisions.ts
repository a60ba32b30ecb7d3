import type { CheckResult, DecisionCheck, ScorecardGrade, ZoneCriterion } from '@course/rules';
import type { PlanOutcome, LessonOrPractice } from './plans.js';
import type { RevealedZone, ZoneBounds } from './zones.js';

/** A take-or-skip answer: take or skip, and for a skip the checks that fail. */
export interface DecisionAnswer {
  take: boolean;
  reasons: DecisionCheck[];
  /**
   * The zone scored first, on the Finding module's five criteria: those the learner says it
   * meets (empty: none). Absent when the zone was not scored.
   */
  criteria?: ZoneCriterion[];
}

/** How the learner's score of the zone compares with the course's (the course's grading, as is). */
export type ScorecardResult = ScorecardGrade;

/** POST api/decisions: a lesson's, a practice decision, or one of the learner's real ones. */
export type DecisionRequest = DecisionAnswer & (LessonOrPractice | { real: number });

/** What the page shows before any answer: the zone price is coming back to and the next wall. */
export interface DecisionSetup {
  zone: RevealedZone;
  opposing: ZoneBounds;
}

/** The course's answer to a decision, once revealed. */
export interface CourseDecision {
  take: boolean;
  checks: CheckResult[];
  /** Room to the opposing zone, in R. */
  rewardToRisk: number;
  model: { entry: number; stop: number; target: number };
  /**
   * The model plan played out after the exercise; on a zone to skip, a plan aiming for the
   * course's 2R instead: what skipping avoided, or cost. Its `summary` says which, and why one
   * result does not change the decision.
   */
  outcome: PlanOutcome;
}

/** The answer of POST api/decisions. */
export interface DecisionResult {
  pass: boolean;
  /** The verdict, then every check with its numbers (once revealed). */
  feedback: string[];
  tries: number;
  revealed: boolean;
  /** The learner's answer. */
  answer: DecisionAnswer;
  course?: CourseDecision;
  /** When the learner scored the zone first. */
  scorecard?: ScorecardResult;
}
