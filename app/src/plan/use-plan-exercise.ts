import { useCallback, useEffect, useState } from 'react';
import {
  ApiError,
  errorMessage,
  type CourseApi,
  type ExerciseChartData,
  type ExerciseStanding,
  type PlanAnswer,
  type PlanResult,
  type PlanReview,
  type SentPlan,
} from '../api/index.js';

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

/** Which plan exercise: a lesson's (its chart from the catalogue) or a practice plan. */
export type PlanTarget = { lesson: number; chartNumber: number } | { practice: number };

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
  const lessonId = 'lesson' in target ? target.lesson : undefined;
  const chartNumber = 'lesson' in target ? target.chartNumber : undefined;
  const practice = 'practice' in target ? target.practice : undefined;
  const [chart, setChart] = useState<ExerciseChartData>();
  const [loadError, setLoadError] = useState<string>();
  const [gated, setGated] = useState(false);
  const [loads, setLoads] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<PlanResult | undefined>(review ?? undefined);
  const passed = Boolean(result?.pass) || Boolean(standing?.passed);
  const tries = result?.tries ?? standing?.tries ?? 0;
  const revealed = result?.revealed ?? standing?.revealed ?? false;

  // Loaded again once revealed: the chart then carries the candles after the exercise.
  useEffect(() => {
    let current = true;
    const loading =
      practice !== undefined
        ? api.practicePlan(practice)
        : api.chartData(chartNumber ?? 0, lessonId);
    loading.then(
      (body) => current && setChart(body),
      (caught: unknown) => {
        if (!current) return;
        if (caught instanceof ApiError && caught.subscriptionRequired) setGated(true);
        else setLoadError(errorMessage(caught));
      },
    );
    return () => {
      current = false;
    };
  }, [api, chartNumber, lessonId, practice, loads, revealed]);

  const submit = useCallback(
    async (plan: PlanAnswer) => {
      setSubmitting(true);
      setError(undefined);
      try {
        setResult(
          await api.gradePlan(
            practice !== undefined ? { ...plan, practice } : { ...plan, lesson: lessonId ?? 0 },
          ),
        );
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setSubmitting(false);
      }
    },
    [api, lessonId, practice],
  );

  const reload = useCallback(() => {
    setLoadError(undefined);
    setLoads((count) => count + 1);
  }, []);

  const state: PlanExerciseState = {
    chart,
    loadError,
    gated,
    submitting,
    error,
    result,
    earlierPlan: review?.plan,
    passed,
    tries,
    revealed,
  };
  return { state, submit, reload };
}
