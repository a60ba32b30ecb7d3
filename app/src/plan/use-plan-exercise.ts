import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  errorMessage,
  type CourseApi,
  type ExerciseChartData,
  type ExerciseStanding,
  type PlanResult,
  type PlanReview,
  type SentPlan,
} from '../api/index.js';
import { courseQueries, invalidateAnswered, queryKeys } from '../api/queries.js';
import { chartLoadState } from '../exercise/chart-load.js';
import { type ExerciseTarget, useExerciseTarget } from '../exercise/use-exercise-target.js';

export interface PlanExerciseState {
  chart: ExerciseChartData | undefined;
  loadError: string | undefined;
  gated: boolean;
  submitting: boolean;
  /** Why the last plan could not be graded (a 400, the network). */
  error: string | undefined;
  /** The last graded plan: sent on this page, or kept from an earlier visit. */
  result: PlanResult | undefined;
  /** The plan of an earlier visit, to place again on the chart. */
  earlierPlan: SentPlan | undefined;
  passed: boolean;
  tries: number;
  /** The model plan and the outcomes may be shown: passed, or three tries used. */
  revealed: boolean;
}

/** Which plan exercise: a lesson's or a practice plan. */
/** A lesson's plan or a practice plan (real charts have no plan exercises). */
export type PlanTarget = Exclude<ExerciseTarget, { real: number }>;

/**
 * One plan exercise: loads its chart, sends plans to the API, and once the answer may be shown
 * loads the chart again, now with what price did next (for the replay). The server keeps the
 * tries and decides the reveal; this only shows what it answered.
 */
export function usePlanExercise(options: {
  api: CourseApi;
  target: PlanTarget;
  standing: ExerciseStanding | null;
  /** The last plan graded on an earlier visit (the page's planReview). */
  review: PlanReview | null;
}) {
  const { api, target, standing, review } = options;
  const queryClient = useQueryClient();
  const { load, queryKey, fields, subject } = useExerciseTarget(
    api,
    target,
    courseQueries.practicePlan,
  );
  const [result, setResult] = useState<PlanResult | undefined>(review ?? undefined);
  const passed = Boolean(result?.pass) || Boolean(standing?.passed);
  const tries = result?.tries ?? standing?.tries ?? 0;
  const revealed = result?.revealed ?? standing?.revealed ?? false;
  const { loadError, gated, reload } = chartLoadState([load]);

  const grading = useMutation({
    mutationFn: (plan: SentPlan) => {
      const target = fields();
      if ('real' in target) throw new Error('real charts have no plan exercises');
      return api.gradePlan({ ...plan, ...target });
    },
    onSuccess: (answer) => {
      setResult(answer);
      // The plan counts on the results page; once it reveals the course's plan, the chart is
      // loaded again: it then carries the candles after the exercise.
      void invalidateAnswered(
        queryClient,
        [queryKey, queryKeys.planResults()],
        answer.revealed && !revealed,
      );
    },
  });
  const { mutateAsync } = grading;
  const submit = useCallback(
    async (plan: SentPlan) => {
      // A failure is shown from the mutation's error.
      await mutateAsync(plan).catch(() => undefined);
    },
    [mutateAsync],
  );

  const state: PlanExerciseState = {
    chart: load.data,
    loadError,
    gated,
    submitting: grading.isPending,
    error: grading.error ? errorMessage(grading.error) : undefined,
    result,
    earlierPlan: review?.plan,
    passed,
    tries,
    revealed,
  };
  return { state, subject, submit, reload };
}
