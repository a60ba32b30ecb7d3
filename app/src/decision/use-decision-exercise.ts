import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  errorMessage,
  type CourseApi,
  type DecisionAnswer,
  type DecisionResult,
  type ExerciseChartData,
  type PracticeDecisionBody,
  type PracticeRealDecisionBody,
} from '../api/index.js';
import { courseQueries, invalidateAnswered, queryKeys } from '../api/queries.js';
import { chartLoadState } from '../exercise/chart-load.js';
import {
  type ExerciseTarget,
  type PracticeQuery,
  useExerciseTarget,
} from '../exercise/use-exercise-target.js';

/** Which take-or-skip exercise: a lesson's, a practice one or a real one. */
export type DecisionTarget = ExerciseTarget;

type AnyDecisionBody = PracticeDecisionBody | PracticeRealDecisionBody;
// A practice decision and a real one load alike (a chart with its 1-hour twin and the setup);
// the hook reads only what both have, so either query serves (their keys differ only in name).
const practiceDecisionQuery = courseQueries.practiceDecision as unknown as PracticeQuery<
  AnyDecisionBody,
  QueryKey
>;
const realDecisionQuery = courseQueries.practiceRealDecision as unknown as PracticeQuery<
  AnyDecisionBody,
  QueryKey
>;

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
  const queryClient = useQueryClient();
  const {
    load: fiveMinuteLoad,
    queryKey,
    fields,
    subject,
  } = useExerciseTarget(api, target, 'real' in target ? realDecisionQuery : practiceDecisionQuery);
  const lessonId = 'lesson' in target ? target.lesson : undefined;
  const hourlyNumber = 'lesson' in target ? target.hourlyChartNumber : undefined;
  // A lesson's twin is a catalogue chart of its own; a practice decision brings its twin along.
  const lessonHourlyLoad = useQuery(courseQueries.chart(api, hourlyNumber, lessonId));
  const lessonHourlyKey = queryKeys.chart(hourlyNumber, lessonId);
  const fiveMinute = fiveMinuteLoad.data;
  const lessonHourly = lessonHourlyLoad.data;
  const loaded = fiveMinute && (hourlyNumber === undefined || lessonHourly);
  const chart = loaded ? fiveMinute : undefined;
  const hourly = !loaded
    ? undefined
    : (lessonHourly ?? ('hourly' in fiveMinute ? fiveMinute.hourly : undefined));
  const { loadError, gated, reload } = chartLoadState([fiveMinuteLoad, lessonHourlyLoad]);
  const [result, setResult] = useState<DecisionResult | undefined>(review ?? undefined);

  const deciding = useMutation({
    mutationFn: ({ take, reasons, criteria }: DecisionAnswer) =>
      api.decide({
        ...(take ? { take, reasons: [] } : { take, reasons }),
        ...(criteria ? { criteria } : {}),
        ...fields(),
      }),
    onSuccess: (answer) => {
      setResult(answer);
      // Once answered, the charts are loaded again: they then carry the candles after it.
      const keys = [queryKey, ...(hourlyNumber === undefined ? [] : [lessonHourlyKey])];
      void invalidateAnswered(queryClient, keys, answer.revealed && !result?.revealed);
    },
  });
  const { mutateAsync } = deciding;
  const submit = useCallback(
    async (choice: DecisionAnswer) => {
      // A failure is shown from the mutation's error.
      await mutateAsync(choice).catch(() => undefined);
    },
    [mutateAsync],
  );

  const state: DecisionExerciseState = {
    chart,
    hourly,
    loadError,
    gated,
    submitting: deciding.isPending,
    error: deciding.error ? errorMessage(deciding.error) : undefined,
    result,
  };
  return { state, subject, submit, reload };
}
