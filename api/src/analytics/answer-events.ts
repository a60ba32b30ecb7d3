import type { IncomingMessage } from 'node:http';
import type { AnalyticsRecorder } from './analytics-recorder.js';

/** What was answered: a landing demo chart, a lesson's exercise or a practice chart. */
export type AnsweredExercise =
  { chartNumber: number } | { lessonId: number; chartNumber?: number } | { practiceIndex: number };

/**
 * The events of one graded answer: a try, a pass, and a reveal when the answer used the last try
 * without passing (the report counts each person's reveal once). A demo chart's try and pass are
 * demo events; its reveal is an exercise reveal of that chart.
 */
export function recordAnswer(
  recorder: AnalyticsRecorder,
  request: IncomingMessage,
  userId: string | undefined,
  exercise: AnsweredExercise,
  result: { pass: boolean; revealed: boolean },
): void {
  const demo = !('lessonId' in exercise) && !('practiceIndex' in exercise);
  const fields = { ...exercise, passed: result.pass };
  recorder.recordFromRequest(request, demo ? 'demo_try' : 'exercise_try', fields, userId);
  if (result.pass) {
    recorder.recordFromRequest(request, demo ? 'demo_pass' : 'exercise_pass', fields, userId);
  } else if (result.revealed) {
    recorder.recordFromRequest(request, 'exercise_reveal', exercise, userId);
  }
}
