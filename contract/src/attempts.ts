import type { GradeReason } from '@course/rules';
import type { RevealedZone } from './zones.js';

/**
 * Which exercise an answer counts for: a catalogue chart, a lesson's, a practice chart's, or one
 * of the learner's real charts (GET api/practice/real/{index}).
 */
export type AttemptTarget =
  { chart: number } | { lesson: number } | { practice: number } | { real: number };

/** POST api/attempts: the prices of the lines drawn, in the order drawn. */
export type AttemptRequest = AttemptTarget & { lines: number[] };

/** The answer of POST api/attempts. */
export interface AttemptResult {
  pass: boolean;
  reason: GradeReason;
  /** A sentence for a beginner: why the answer missed (or that it was right). */
  feedback: string;
  /** Failed tries so far, this one included. */
  tries: number;
  /** Failed tries still allowed before the zone shows; 0 once revealed. */
  triesLeft: number;
  /** Passed, or the tries are used: zone, explanation and baseTimes follow. */
  revealed: boolean;
  zone?: RevealedZone;
  explanation?: string;
  baseTimes?: number[];
}
