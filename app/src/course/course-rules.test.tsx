import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createCourseApi, type CourseRules } from '../api/index.js';
import { chartBody, lessonBody } from '../../test/exercise-fixtures.js';
import { fakeHttp, type Handler, unauthorized } from '../../test/fake-http.js';
import { withCourse } from '../../test/query-client.js';
import { StubChart } from '../../test/stub-chart.js';

// jsdom draws no canvas; the stub runs the library's model and lists the lines.
jest.unstable_mockModule('../exercise/LazyChart.js', () => ({ LazyChart: StubChart }));
const { LandingPage } = await import('../pages/LandingPage.js');
const { PracticeTestEnvPage } = await import('../pages/PracticeTestEnvPage.js');
const { PracticePage } = await import('../pages/PracticePage.js');
const { LessonPage } = await import('../lesson/LessonPage.js');

/** Numbers unlike the spec's, so a page that kept its own copy would show itself. */
const RULES: CourseRules = {
  landingDemo: { charts: [71, 72, 73] },
  practice: { round: 4, charts: 6, plans: 5, decisions: 5, free: 2 },
  triesBeforeReveal: { zone: 2, plan: 2, decision: 1, manage: 1 },
};

function renderPage(page: React.ReactNode, routes: Record<string, Handler>) {
  const { http, calls } = fakeHttp({
    'POST /api/auth/': unauthorized,
    'GET /api/course': () => RULES,
    ...routes,
  });
  render(withCourse(createCourseApi(http), <MemoryRouter>{page}</MemoryRouter>));
  return { calls };
}

const demoCharts = Object.fromEntries(
  RULES.landingDemo.charts.map((chart) => [`GET /chart-data/${chart}`, () => chartBody(chart)]),
);

describe('pages reading the course rules from the API', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the landing demo chart the API lists for the stored local id, and Next wraps', async () => {
    window.localStorage.setItem('localChartId', '3');
    const { calls } = renderPage(<LandingPage />, demoCharts);
    await waitFor(() => expect(calls).toContain('GET /chart-data/73'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls).toContain('GET /chart-data/71'));
    expect(window.localStorage.getItem('localChartId')).toBe('1');
  });

  it('starts a stored id past the listed charts at the first one', async () => {
    window.localStorage.setItem('localChartId', '5');
    const { calls } = renderPage(<LandingPage />, demoCharts);
    await waitFor(() => expect(calls).toContain('GET /chart-data/71'));
  });

  it('keeps the demo frame while the rules load, and offers them again after a failure', async () => {
    let failing = true;
    const { calls } = renderPage(<LandingPage />, {
      ...demoCharts,
      'GET /api/course': () => {
        if (failing) throw new Error('offline');
        return RULES;
      },
    });
    expect(screen.getByRole('button', { name: 'Run' })).toBeDefined();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(calls.filter((call) => call.startsWith('GET /chart-data'))).toEqual([]);
    failing = false;
    fireEvent.click(retry);
    await waitFor(() => expect(calls).toContain('GET /chart-data/71'));
  });

  it('offers every listed demo chart in the test environment', async () => {
    const { calls } = renderPage(<PracticeTestEnvPage />, demoCharts);
    const group = await screen.findByRole('group', { name: 'Test chart' });
    expect(group.querySelectorAll('button')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Chart 2' }));
    await waitFor(() => expect(calls).toContain('GET /chart-data/72'));
  });

  it("counts the Practice Portal's round as the API states it", async () => {
    renderPage(<PracticePage />, {
      // The learner left the portal in its fixed round of zone charts, at the first.
      'GET /api/practice/place': () => ({
        mode: 'zones',
        zones: 1,
        decisions: 1,
        plans: 1,
        current: null,
      }),
      'POST /api/practice/place': (body) => body,
      'GET /api/practice/1': () => ({
        ...chartBody(0),
        index: 1,
        round: 4,
        count: 6,
        free: 2,
        exercise: { passed: false, tries: 0, triesLeft: 2, revealed: false },
        hourly: chartBody(0, { timeframe: '1hr' }),
      }),
    });
    expect(await screen.findByLabelText('Practice chart')).toHaveProperty('textContent', '1/4');
    expect(screen.getByText(/4 charts of your own/)).toBeDefined();
  });

  it('shows the Practice Portal button on a lesson whose descriptor asks for it', async () => {
    const text = { ...lessonBody({}), c_num: null, takeaway: 'Practise.' };
    renderPage(<LessonPage path="/pracFind" title="Practice Finding Zones" />, {
      'POST /api/auth/': () => ({ email: 'learner@example.com' }),
      'GET /api/lessons/pracFind': () => ({ ...text, practicePortal: true }),
      'GET /api/lessons/welFind': () => ({ ...text, practicePortal: false }),
    });
    expect(await screen.findByRole('link', { name: 'Practice Portal' })).toBeDefined();
  });

  it('shows no Practice Portal button on other lessons', async () => {
    const text = { ...lessonBody({}), c_num: null, practicePortal: false };
    renderPage(<LessonPage path="/welFind" title="Finding zones" />, {
      'GET /api/lessons/welFind': () => text,
    });
    await screen.findByRole('button', { name: 'Next' });
    expect(screen.queryByRole('link', { name: 'Practice Portal' })).toBeNull();
  });
});
