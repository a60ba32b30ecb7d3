import { useCallback, useState } from 'react';
import {
  errorMessage,
  type CourseApi,
  type DecisionCheck,
  type DecisionResult,
  type ExerciseChartData,
} from '../api/index.js';
import { useChartLoad } from '../exercise/use-chart-load.js';
import { type ExerciseTarget, useExerciseTarget } from '../exercise/use-exercise-target.js';

/** Which take-or-skip exercise: a lesson's or a practice one. */
export type DecisionTarget = ExerciseTarget;

export interface DecisionExerciseState {
  chart: ExerciseChartData | undefined;
  loadError: string | undefined;
  gated: boolean;
  submitting: boolean;
  /** Why the answer could not be graded (a 400, the network). */
  error: string | undefined;
  /** The answer and the course's decision: given on this page, or on an earlier visit. */
  result: DecisionResult | undefined;
}

/**
 * One take-or-skip exercise: loads its chart, sends the answer, and once answered loads the chart
 * again with what price did next (for the replay). The server decides; this shows its answer.
 */
export function useDecisionExercise(options: {
  api: CourseApi;
  target: DecisionTarget;
  /** The answer of an earlier visit (the page's decisionReview). */
  review: DecisionResult | null;
}) {
  const { api, target, review } = options;
  const { load, fields, subject } = useExerciseTarget(api, target, api.practiceDecision);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<DecisionResult | undefined>(review ?? undefined);
  // Loaded again once answered: the chart then carries the candles after the exercise.
  const { data: chart, loadError, gated, reload } = useChartLoad(load, result?.revealed ?? false);

  const submit = useCallback(
    async (take: boolean, reasons: DecisionCheck[]) => {
      setSubmitting(true);
      setError(undefined);
      try {
        const answer = take ? { take, reasons: [] } : { take, reasons };
        setResult(await api.decide({ ...answer, ...fields() }));
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setSubmitting(false);
      }
    },
    [api, fields],
  );

  const state: DecisionExerciseState = { chart, loadError, gated, submitting, error, result };
  return { state, subject, submit, reload };
}
