import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { type ExerciseSubject, subjectOf } from '../analytics/analytics.js';
import {
  ApiError,
  errorMessage,
  type AttemptTarget,
  type CourseApi,
  type ExerciseChartData,
  type ExerciseStanding,
} from '../api/index.js';
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

/** Where the charts come from: catalogue numbers, or the learner's own practice chart. */
type ChartSource = { chartNumber: number; hourlyChartNumber?: number } | { practiceIndex: number };

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
  /** The exercise, as analytics names it. */
  subject: ExerciseSubject;
  submit: (lines: number[]) => Promise<void>;
  reload: () => void;
}

interface LoadedCharts extends ExerciseCharts {
  /** The server's count of tries, when the answer carries it (practice charts). */
  standing?: ExerciseStanding;
}

function loadCharts(
  api: CourseApi,
  practiceIndex: number | undefined,
  chartNumber: number | undefined,
  hourlyChartNumber: number | undefined,
  lessonId: number | undefined,
): Promise<LoadedCharts> {
  if (practiceIndex !== undefined) {
    return api.practiceChart(practiceIndex).then((practice) => ({
      fiveMinute: practice,
      hourly: practice.hourly,
      standing: practice.exercise,
    }));
  }
  return Promise.all([
    api.chartData(chartNumber ?? 0, lessonId),
    hourlyChartNumber === undefined ? undefined : api.chartData(hourlyChartNumber, lessonId),
  ]).then(([fiveMinute, hourly]) => ({ fiveMinute, hourly }));
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
 * One chart exercise (mount it again, e.g. with a React key, for another chart): loads its chart(s), sends answers to the API, and once the zone may be
 * shown (a pass or the third failed try) loads the charts again, now with the zone and the
 * candles that came next.
 */
export function useChartExercise(options: UseChartExerciseOptions): ChartExercise {
  const { api, target, standing } = options;
  const practiceIndex = 'practiceIndex' in options ? options.practiceIndex : undefined;
  const chartNumber = 'chartNumber' in options ? options.chartNumber : undefined;
  const hourlyChartNumber = 'chartNumber' in options ? options.hourlyChartNumber : undefined;
  const [state, dispatch] = useReducer(exerciseReducer, standing, (initial) =>
    initial
      ? exerciseReducer(INITIAL_EXERCISE, { type: 'restore', standing: initial })
      : INITIAL_EXERCISE,
  );
  const [charts, setCharts] = useState<ExerciseCharts>();
  const [loadError, setLoadError] = useState<string>();
  const [gated, setGated] = useState(false);
  const [loads, setLoads] = useState(0);
  const reloadedForAnswer = useRef(false);
  // The hook serves one exercise per mount, so the first target is the target.
  const [fixedTarget] = useState(target);
  const lessonId = 'lesson' in fixedTarget ? fixedTarget.lesson : undefined;

  useEffect(() => {
    let current = true;
    loadCharts(api, practiceIndex, chartNumber, hourlyChartNumber, lessonId).then(
      ({ fiveMinute, hourly, standing: known }) => {
        if (!current) return;
        setCharts({ fiveMinute, hourly });
        if (known) dispatch({ type: 'restore', standing: known });
        const answer = answerOf(fiveMinute);
        if (answer) dispatch({ type: 'answer-known', answer });
      },
      (caught: unknown) => {
        if (!current) return;
        if (caught instanceof ApiError && caught.subscriptionRequired) setGated(true);
        else setLoadError(errorMessage(caught));
      },
    );
    return () => {
      current = false;
    };
  }, [api, practiceIndex, chartNumber, hourlyChartNumber, lessonId, loads]);

  // Once revealed, the charts are fetched once more: now they carry the zone and what came next.
  useEffect(() => {
    if (!state.revealed || !charts || charts.fiveMinute.next || reloadedForAnswer.current) return;
    reloadedForAnswer.current = true;
    setLoads((count) => count + 1);
  }, [state.revealed, charts]);

  const submit = useCallback(
    async (lines: number[]) => {
      dispatch({ type: 'submit' });
      try {
        dispatch({ type: 'graded', result: await api.attempt(fixedTarget, lines) });
      } catch (caught) {
        dispatch({ type: 'failed', message: errorMessage(caught) });
      }
    },
    [api, fixedTarget],
  );

  const reload = useCallback(() => {
    setLoadError(undefined);
    setLoads((count) => count + 1);
  }, []);

  const subject = useMemo(() => subjectOf(fixedTarget), [fixedTarget]);
  return { charts, loadError, gated, state, subject, submit, reload };
}
