import { useCallback, useMemo, useState } from 'react';
import type { ExerciseSubject } from '../analytics/analytics.js';
import {
  errorMessage,
  type CourseApi,
  type ExerciseChartData,
  type ManagementRule,
  type ManageResult,
} from '../api/index.js';
import { useChartLoad } from '../exercise/use-chart-load.js';

export interface ManageExerciseState {
  chart: ExerciseChartData | undefined;
  loadError: string | undefined;
  submitting: boolean;
  /** Why the answer could not be graded (a 400, the network). */
  error: string | undefined;
  /** The answer and every rule's result: given on this page, or on an earlier visit. */
  result: ManageResult | undefined;
}

/**
 * A lesson's trade-management exercise: loads its chart as the lesson shows it, sends the chosen
 * rule, and once answered loads the chart again with what price did next (for the replay). The
 * server grades and plays the rules out; this shows its answer.
 */
export function useManageExercise(options: {
  api: CourseApi;
  lesson: number;
  chartNumber: number;
  /** The answer of an earlier visit (the page's manageReview). */
  review: ManageResult | null;
}) {
  const { api, lesson, chartNumber, review } = options;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<ManageResult | undefined>(review ?? undefined);
  const load = useCallback(() => api.chartData(chartNumber, lesson), [api, chartNumber, lesson]);
  const { data: chart, loadError, reload } = useChartLoad(load, result?.revealed ?? false);
  const subject = useMemo((): ExerciseSubject => ({ lessonId: lesson }), [lesson]);

  const submit = useCallback(
    async (rule: ManagementRule) => {
      setSubmitting(true);
      setError(undefined);
      try {
        setResult(await api.manage({ lesson, rule }));
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setSubmitting(false);
      }
    },
    [api, lesson],
  );

  const state: ManageExerciseState = { chart, loadError, submitting, error, result };
  return { state, subject, submit, reload };
}
