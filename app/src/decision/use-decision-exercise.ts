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

/** A decision's chart and its 1-hour twin, for the course's third check. */
interface DecisionCharts {
  fiveMinute: ExerciseChartData;
  hourly: ExerciseChartData | undefined;
}

export interface DecisionExerciseState {
  chart: ExerciseChartData | undefined;
  hourly: ExerciseChartData | undefined;
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
  const {
    load: loadFiveMinute,
    fields,
    subject,
  } = useExerciseTarget(api, target, api.practiceDecision);
  const lessonId = 'lesson' in target ? target.lesson : undefined;
  const hourlyNumber = 'lesson' in target ? target.hourlyChartNumber : undefined;
  const load = useCallback(async (): Promise<DecisionCharts> => {
    const [fiveMinute, lessonHourly] = await Promise.all([
      loadFiveMinute(),
      hourlyNumber === undefined ? undefined : api.chartData(hourlyNumber, lessonId),
    ]);
    // A practice decision brings its twin along; a lesson's is a catalogue chart of its own.
    const hourly = lessonHourly ?? ('hourly' in fiveMinute ? fiveMinute.hourly : undefined);
    return { fiveMinute, hourly };
  }, [api, loadFiveMinute, hourlyNumber, lessonId]);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<DecisionResult | undefined>(review ?? undefined);
  // Loaded again once answered: the chart then carries the candles after the exercise.
  const { data, loadError, gated, reload } = useChartLoad(load, result?.revealed ?? false);
  const chart = data?.fiveMinute;
  const hourly = data?.hourly;

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

  const state: DecisionExerciseState = {
    chart,
    hourly,
    loadError,
    gated,
    submitting,
    error,
    result,
  };
  return { state, subject, submit, reload };
}
