import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createCourseApi } from './api/index.js';
import { AppRoutes } from './routes.js';
import { fakeHttp, unauthorized } from '../test/fake-http.js';
import { withCourse } from '../test/query-client.js';

function renderAt(path: string) {
  const { http } = fakeHttp({
    'POST /api/auth/': unauthorized,
    'POST /api/login/refresh/': unauthorized,
    'GET /api/lessons': () => ({ subscribed: false, completed: [], modules: [] }),
    'GET /api/course': () => ({
      landingDemo: { charts: [30, 31, 32, 33, 34] },
      practice: { round: 10, charts: 100, plans: 50, decisions: 50, free: 1 },
      triesBeforeReveal: { zone: 3, plan: 3, decision: 1, manage: 1 },
    }),
    'GET /chart-data/30': () => ({
      chart_number: 30,
      type: 'demand',
      timeframe: '5min',
      twin: null,
      data: [],
    }),
  });
  render(
    withCourse(
      createCourseApi(http),
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>,
    ),
  );
}

describe('routes', () => {
  it('shows the landing headline, a Login link and loads the demo chart at /', async () => {
    renderAt('/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Practice S&D Trading Interactively' },
        { timeout: 10_000 },
      ),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Loading the chart' })).toBeNull();
    });
    expect(screen.queryByText(/Could not load the chart/)).toBeNull();
  });

  it('keeps the placeholder of a page still loading inside the main landmark', async () => {
    renderAt('/about-data');
    // The page's code has not arrived on the first render: its placeholder names it.
    const placeholder = screen.getByRole('heading', { level: 1, name: 'Loading the page' });
    expect(placeholder.closest('main')).not.toBeNull();
    await screen.findByRole('heading', { level: 1, name: /data/i }, { timeout: 10_000 });
  });

  it('shows the 404 page for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to the start page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('shows About the data at /about-data, linked from every page’s footer', async () => {
    renderAt('/about-data');
    expect(await screen.findByRole('heading', { level: 1, name: 'About the data' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'About the data' }).getAttribute('href')).toBe(
      '/about-data',
    );
  });
});
