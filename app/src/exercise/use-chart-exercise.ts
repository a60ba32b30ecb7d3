import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { type ExerciseSubject, subjectOf } from '../analytics/analytics.js';
import {
  errorMessage,
  type AttemptTarget,
  type CourseApi,
  type ExerciseChartData,
  type ExerciseStanding,
} from '../api/index.js';
import { courseQueries, invalidateAnswered, queryKeys } from '../api/queries.js';
import { chartLoadState } from './chart-load.js';
import {
  exerciseReducer,
  INITIAL_EXERCISE,
  type ExerciseState,
  type RevealedAnswer,
} from './exercise-state.js';

export interface ExerciseCharts {
  fiveMinute: ExerciseChartData;
  hourly: ExerciseChartData | undefined;
}

/**
 * Where the charts come from: catalogue numbers, the learner's own practice chart, or one of
 * their real charts.
 */
type ChartSource =
  | { chartNumber: number; hourlyChartNumber?: number }
  | { practiceIndex: number }
  | { realIndex: number };

export type UseChartExerciseOptions = {
  api: CourseApi;
  /** What the API grades: a lesson (its chart), a chart number or a practice chart. */
  target: AttemptTarget;
  /** Where the learner stood when the page loaded (lessons know it). */
  standing?: ExerciseStanding | null;
} & ChartSource;

export interface ChartExercise {
  charts: ExerciseCharts | undefined;
  loadError: string | undefined;
  /** The charts were refused by the subscription wall: the page shows it instead. */
  gated: boolean;
  state: ExerciseState;
  /** The exercise, as analytics names it (real charts: undefined). */
  subject: ExerciseSubject | undefined;
  submit: (lines: number[]) => Promise<void>;
  reload: () => void;
}

interface LoadedCharts extends ExerciseCharts {
  /** The server's count of tries, when the answer carries it (practice charts). */
  standing?: ExerciseStanding;
}

function answerOf(chart: ExerciseChartData): RevealedAnswer | undefined {
  if (chart.hiddenpl === undefined || chart.hiddenpl2 === undefined) return undefined;
  return {
    zone: { type: chart.type, upper: chart.hiddenpl, lower: chart.hiddenpl2 },
    explanation: chart.explanation,
    baseTimes: chart.base_times,
  };
}

/**
 * One chart exercise (mount it again, e.g. with a React key, for another chart): loads its
 * chart(s), sends answers to the API, and once the zone may be shown (a pass or the third failed
 * try) loads the charts again, now with the zone and the candles that came next.
 */
export function useChartExercise(options: UseChartExerciseOptions): ChartExercise {
  const { api, target, standing } = options;
  const queryClient = useQueryClient();
  const practiceIndex = 'practiceIndex' in options ? options.practiceIndex : undefined;
  const realIndex = 'realIndex' in options ? options.realIndex : undefined;
  const ownChart = practiceIndex !== undefined || realIndex !== undefined;
  const chartNumber = 'chartNumber' in options ? options.chartNumber : undefined;
  const hourlyChartNumber = 'chartNumber' in options ? options.hourlyChartNumber : undefined;
  const [state, dispatch] = useReducer(exerciseReducer, standing, (initial) =>
    initial
      ? exerciseReducer(INITIAL_EXERCISE, { type: 'restore', standing: initial })
      : INITIAL_EXERCISE,
  );
  const reloadedForAnswer = useRef(false);
  // The hook serves one exercise per mount, so the first target is the target.
  const [fixedTarget] = useState(target);
  const lessonId = 'lesson' in fixedTarget ? fixedTarget.lesson : undefined;

  // A practice chart brings its 1-hour twin; a catalogue chart's twin is a chart of its own.
  const practiceLoad = useQuery(courseQueries.practiceChart(api, practiceIndex));
  const realLoad = useQuery(courseQueries.practiceReal(api, realIndex));
  const fiveMinuteLoad = useQuery(
    courseQueries.chart(api, ownChart ? undefined : chartNumber, lessonId),
  );
  const hourlyLoad = useQuery(
    courseQueries.chart(api, ownChart ? undefined : hourlyChartNumber, lessonId),
  );
  const practice = practiceLoad.data;
  const real = realLoad.data;
  const fiveMinute = fiveMinuteLoad.data;
  const hourly = hourlyLoad.data;
  const loaded = useMemo((): LoadedCharts | undefined => {
    if (realIndex !== undefined) {
      return real && { fiveMinute: real, hourly: undefined, standing: real.exercise };
    }
    if (practiceIndex !== undefined) {
      return (
        practice && { fiveMinute: practice, hourly: practice.hourly, standing: practice.exercise }
      );
    }
    if (!fiveMinute || (hourlyChartNumber !== undefined && !hourly)) return undefined;
    return { fiveMinute, hourly };
  }, [realIndex, real, practiceIndex, practice, fiveMinute, hourly, hourlyChartNumber]);
  const chartKeys = useMemo(
    () =>
      realIndex !== undefined
        ? [queryKeys.practiceReal(realIndex)]
        : practiceIndex === undefined
          ? [
              queryKeys.chart(chartNumber, lessonId),
              ...(hourlyChartNumber === undefined
                ? []
                : [queryKeys.chart(hourlyChartNumber, lessonId)]),
            ]
          : [queryKeys.practiceChart(practiceIndex)],
    [realIndex, practiceIndex, chartNumber, hourlyChartNumber, lessonId],
  );
  const { loadError, gated, reload } = chartLoadState([
    practiceLoad,
    realLoad,
    fiveMinuteLoad,
    hourlyLoad,
  ]);

  // What the server says with the charts (a practice chart's tries, the zone once it may be
  // shown) is taken in as they arrive, in the same render: no frame shows the charts without it.
  const [takenIn, setTakenIn] = useState<LoadedCharts>();
  if (loaded !== takenIn) {
    setTakenIn(loaded);
    if (loaded?.standing) dispatch({ type: 'restore', standing: loaded.standing });
    const answer = loaded && answerOf(loaded.fiveMinute);
    if (answer) dispatch({ type: 'answer-known', answer });
  }
  const charts = useMemo(
    (): ExerciseCharts | undefined =>
      loaded && { fiveMinute: loaded.fiveMinute, hourly: loaded.hourly },
    [loaded],
  );

  const submit = useCallback(
    async (lines: number[]) => {
      dispatch({ type: 'submit' });
      try {
        const result = await api.attempt(fixedTarget, lines);
        dispatch({ type: 'graded', result });
        // Once the zone may be shown the charts are loaded once more: they then carry the zone
        // and what came next.
        const reloadForAnswer =
          result.revealed && !charts?.fiveMinute.next && !reloadedForAnswer.current;
        if (reloadForAnswer) reloadedForAnswer.current = true;
        void invalidateAnswered(queryClient, chartKeys, reloadForAnswer);
      } catch (caught) {
        dispatch({ type: 'failed', message: errorMessage(caught) });
      }
    },
    [api, fixedTarget, charts, chartKeys, queryClient],
  );

  const subject = useMemo(() => subjectOf(fixedTarget), [fixedTarget]);
  return { charts, loadError, gated, state, subject, submit, reload };
}
