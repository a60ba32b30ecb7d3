import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createCourseApi } from '../src/api/index.js';
import type {
  ChartDataBody,
  ChartDataCandle,
  ExerciseChartData,
  LessonPageBody,
} from '../src/api/index.js';
import { withCourse } from './query-client.js';
import { fakeHttp, type Handler } from './fake-http.js';

/** 14:30 New York on a January weekday, in unix seconds. */
const SESSION_OPEN = Date.UTC(2024, 0, 2, 19, 30) / 1000;
const FIVE_MINUTES = 300;

/** A quiet market drifting around 100: 60 five-minute candles, then 12 more for the replay. */
export function fiveMinuteCandles(count: number, from = 0): ChartDataCandle[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const open = 100 + Math.sin(index / 5);
    const close = 100 + Math.sin((index + 1) / 5);
    return {
      time: SESSION_OPEN + index * FIVE_MINUTES,
      open,
      high: Math.max(open, close) + 0.2,
      low: Math.min(open, close) - 0.2,
      close,
    };
  });
}

export const EXERCISE_CANDLES = 60;

/** A catalogue chart as GET chart-data answers it; `extra` adds the reveal's fields. */
export function chartBody(
  chartNumber: number,
  extra: Partial<ExerciseChartData> = {},
): ChartDataBody {
  const data = fiveMinuteCandles(EXERCISE_CANDLES);
  return {
    chart_number: chartNumber,
    twin: null,
    type: 'demand',
    timeframe: '5min',
    data,
    view: { from: data[0]?.time ?? 0, to: data.at(-1)?.time ?? 0 },
    ...extra,
  };
}

/** What came after the exercise, sent with the chart once the answer may be shown. */
export function nextCandles(): ChartDataCandle[] {
  return fiveMinuteCandles(12, EXERCISE_CANDLES);
}

/** An exercise lesson's page as GET api/lessons/{path} answers it; `extra` sets its exercise. */
export function lessonBody(
  extra: Partial<Omit<LessonPageBody, 'c_num'>>,
): LessonPageBody & { c_num: number } {
  return {
    id: 41,
    path: '/risk/lesson-3',
    title: 'Planning the trade',
    page: 'Page 3 of 5',
    linkBack: '/risk/lesson-2',
    linkNext: '/risk/lesson-4',
    c_num: 12,
    hourly_c_num: null,
    twoseries: false,
    lineVisible: true,
    reqPass: true,
    pushLine: false,
    pullLine: false,
    showReturn: false,
    prev_chart: null,
    sub_req: false,
    practicePortal: false,
    takeaway: 'Plan before you trade.',
    module: 'risk',
    exerciseKind: 'zone',
    plan: null,
    status: 'open',
    subscriptionRequired: false,
    moduleTitle: 'Managing Risk',
    html: '<p>Lesson text.</p>',
    illustration: { caption: 'An illustration', frames: [] },
    exercise: null,
    planSetup: null,
    planReview: null,
    decisionSetup: null,
    decisionReview: null,
    manageSetup: null,
    manageReview: null,
    ...extra,
  };
}

/**
 * Renders a lesson's exercise as the lesson page does, on the course's real API client over an
 * in-memory transport answering `routes`; the lesson's Next leads to a page that says so.
 */
export function renderLessonExercise(
  exercise: ReactNode,
  routes: Record<string, Handler>,
): { calls: string[] } {
  const { http, calls } = fakeHttp({
    'POST /users/update/': () => ({ message: 'saved' }),
    ...routes,
  });
  render(
    withCourse(
      createCourseApi(http),
      <MemoryRouter initialEntries={['/risk/lesson-3']}>
        <Routes>
          <Route path="/risk/lesson-3" element={exercise} />
          <Route path="/risk/lesson-4" element={<h1>The next lesson</h1>} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return { calls };
}
