import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  errorMessage,
  type AttemptTarget,
  type ChartDataBody,
  type CourseApi,
  type ExerciseStanding,
} from '../api/index.js';
import {
  exerciseReducer,
  INITIAL_EXERCISE,
  type ExerciseState,
  type RevealedAnswer,
} from './exercise-state.js';

export interface ExerciseCharts {
  fiveMinute: ChartDataBody;
  hourly: ChartDataBody | undefined;
}

export interface UseChartExerciseOptions {
  api: CourseApi;
  /** What the API grades: a lesson (its chart) or a chart number. */
  target: AttemptTarget;
  chartNumber: number;
  /** The hourly chart of two-series lessons. */
  hourlyChartNumber?: number;
  /** Where the learner stood when the page loaded (lessons know it). */
  standing?: ExerciseStanding | null;
}

export interface ChartExercise {
  charts: ExerciseCharts | undefined;
  loadError: string | undefined;
  state: ExerciseState;
  submit: (lines: number[]) => Promise<void>;
  reload: () => void;
}

function answerOf(chart: ChartDataBody): RevealedAnswer | undefined {
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
export function useChartExercise({
  api,
  target,
  chartNumber,
  hourlyChartNumber,
  standing,
}: UseChartExerciseOptions): ChartExercise {
  const [state, dispatch] = useReducer(exerciseReducer, standing, (initial) =>
    initial
      ? exerciseReducer(INITIAL_EXERCISE, { type: 'restore', standing: initial })
      : INITIAL_EXERCISE,
  );
  const [charts, setCharts] = useState<ExerciseCharts>();
  const [loadError, setLoadError] = useState<string>();
  const [loads, setLoads] = useState(0);
  const reloadedForAnswer = useRef(false);
  // The hook serves one exercise per mount, so the first target is the target.
  const [fixedTarget] = useState(target);

  useEffect(() => {
    let current = true;
    Promise.all([
      api.chartData(chartNumber),
      hourlyChartNumber === undefined ? undefined : api.chartData(hourlyChartNumber),
    ]).then(
      ([fiveMinute, hourly]) => {
        if (!current) return;
        setCharts({ fiveMinute, hourly });
        const answer = answerOf(fiveMinute);
        if (answer) dispatch({ type: 'answer-known', answer });
      },
      (caught: unknown) => current && setLoadError(errorMessage(caught)),
    );
    return () => {
      current = false;
    };
  }, [api, chartNumber, hourlyChartNumber, loads]);

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

  return { charts, loadError, state, submit, reload };
}
