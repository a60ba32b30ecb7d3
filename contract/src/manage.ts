import type { ManagedExitReason, ManagementRule } from '@course/rules';
import type { RevealedZone, ZoneBounds } from './zones.js';

/** A trade-management answer: the rule the learner would manage the planned trade by. */
export interface ManageAnswer {
  rule: ManagementRule;
}

/** POST api/manage: a lesson's trade-management exercise. */
export type ManageRequest = ManageAnswer & { lesson: number };

/** One way of managing the trade, as the page offers it. */
export interface ManageChoice {
  rule: ManagementRule;
  /** What the rule does, in a beginner's words, for this trade's direction. */
  label: string;
}

/** What the page shows before any answer: the zone, the wall, the course's plan, the choices. */
export interface ManageSetup {
  zone: RevealedZone;
  opposing: ZoneBounds;
  /** The course's plan at the zone, already placed: the exercise is what happens after the fill. */
  plan: { entry: number; stop: number; target: number };
  /** Where +1R is, the price every rule acts at. */
  oneR: number;
  choices: ManageChoice[];
}

/** How one rule played the plan out on the candles after the exercise. */
export interface ManagedRuleOutcome {
  rule: ManagementRule;
  label: string;
  resultR: number;
  /** Why the last part of the position left (null when the entry never filled). */
  exit: ManagedExitReason | null;
  fillTime: number | null;
  /** Time of the candle the last part left in, or null. */
  exitTime: number | null;
  exitPrice: number | null;
  /** What happened, in the course's words ("Breakeven: ... scratched at 0.0R."). */
  summary: string;
}

/** The course's side, once answered: every rule played out on the same trade. */
export interface CourseManagement {
  /** The rule the lesson teaches. */
  rule: ManagementRule;
  /** Every rule, in the order the page offers them. */
  outcomes: ManagedRuleOutcome[];
  /** What the spread of results says (one trade is no evidence for a rule). */
  lesson: string;
}

/** The answer of POST api/manage. */
export interface ManageResult {
  pass: boolean;
  /** The verdict, then what the lesson's rule does. */
  feedback: string[];
  tries: number;
  revealed: boolean;
  answer: ManageAnswer;
  course?: CourseManagement;
}
