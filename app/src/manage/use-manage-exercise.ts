import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ExerciseSubject } from '../analytics/analytics.js';
import {
  errorMessage,
  type CourseApi,
  type ExerciseChartData,
  type ManagementRule,
  type ManageResult,
} from '../api/index.js';
import { courseQueries, invalidateAnswered, queryKeys } from '../api/queries.js';
import { chartLoadState } from '../exercise/chart-load.js';

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
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ManageResult | undefined>(review ?? undefined);
  const load = useQuery(courseQueries.chart(api, chartNumber, lesson));
  const { loadError, reload } = chartLoadState([load]);
  const subject = useMemo((): ExerciseSubject => ({ lessonId: lesson }), [lesson]);

  const choosing = useMutation({
    mutationFn: (rule: ManagementRule) => api.manage({ lesson, rule }),
    onSuccess: (answer) => {
      setResult(answer);
      // Once answered, the chart is loaded again: it then carries the candles after it.
      void invalidateAnswered(
        queryClient,
        [queryKeys.chart(chartNumber, lesson)],
        answer.revealed && !result?.revealed,
      );
    },
  });
  const { mutateAsync } = choosing;
  const submit = useCallback(
    async (rule: ManagementRule) => {
      // A failure is shown from the mutation's error.
      await mutateAsync(rule).catch(() => undefined);
    },
    [mutateAsync],
  );

  const state: ManageExerciseState = {
    chart: load.data,
    loadError,
    submitting: choosing.isPending,
    error: choosing.error ? errorMessage(choosing.error) : undefined,
    result,
  };
  return { state, subject, submit, reload };
}
