import type { ChartEngine, HomeViews, TimeframeSeries } from 'chart-kit';
import { useTimeframe, type UseTimeframeResult } from 'chart-kit/react';
import { useCallback, useMemo, useState } from 'react';
import type { ExerciseSubject } from '../analytics/analytics.js';
import { useExerciseTime } from '../analytics/analytics-context.js';
import type { ExerciseChartData } from '../api/index.js';
import { exerciseHomeViews, exerciseSeries } from './chart-series.js';
import { exposeEngineForTests } from './chart-test-hook.js';

/** An exercise's chart as its panel draws it and its screen works with it. */
export interface ExerciseChartFrame {
  /** The chart's engine once it has started; the screen's chart-kit hooks read it. */
  engine: ChartEngine | undefined;
  /** Handed to the chart: keeps the engine (and hands it to a browser test that asked). */
  onEngine: (engine: ChartEngine | undefined) => void;
  /** Undefined until the exercise's chart has loaded. */
  series: TimeframeSeries | undefined;
  homeViews: HomeViews | undefined;
  /** The exercise has a 1-hour twin: the panel offers the 5min / 1hr switch. */
  hasHourly: boolean;
  /** The chart carries what price did next (once the answer is shown): Replay has candles. */
  hasNext: boolean;
  /** The exercise, as analytics names it; undefined for one it does not count (real charts). */
  subject: ExerciseSubject | undefined;
  timeframe: UseTimeframeResult;
}

/**
 * The chart of one exercise: its series and opening views from the API's chart(s), the engine
 * once the chart has started, the timeframe switch, and the learner's time on it (counted from
 * when the chart is there to work on).
 */
export function useExerciseChart(
  fiveMinute: ExerciseChartData | undefined,
  hourly: ExerciseChartData | undefined,
  subject: ExerciseSubject | undefined,
): ExerciseChartFrame {
  useExerciseTime(fiveMinute ? subject : undefined);
  const [engine, setEngine] = useState<ChartEngine>();
  const onEngine = useCallback((next: ChartEngine | undefined) => {
    setEngine(next);
    exposeEngineForTests(next);
  }, []);
  const series = useMemo(
    () => (fiveMinute ? exerciseSeries(fiveMinute, hourly) : undefined),
    [fiveMinute, hourly],
  );
  const homeViews = useMemo(
    () => (fiveMinute ? exerciseHomeViews(fiveMinute, hourly) : undefined),
    [fiveMinute, hourly],
  );
  const timeframe = useTimeframe(engine);
  return {
    engine,
    onEngine,
    series,
    homeViews,
    hasHourly: hourly !== undefined,
    hasNext: Boolean(fiveMinute?.next?.length),
    subject,
    timeframe,
  };
}
