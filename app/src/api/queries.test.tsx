import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { lessonBody } from '../../test/exercise-fixtures.js';
import { fakeHttp, unauthorized, type Handler } from '../../test/fake-http.js';
import { withCourse } from '../../test/query-client.js';
import { LessonRoute } from '../lesson/LessonRoute.js';
import { HubPage } from '../pages/HubPage.js';
import { ApiError, createCourseApi, type Catalogue, type LessonSummary } from './index.js';
import { createQueryClient, isWorthRetrying } from './queries.js';

/** The app's own cache, with its retry policy, but retrying at once instead of after seconds. */
function retryingAtOnce() {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  return client;
}

/** The hub over a catalogue answered by `catalogue`; its skills panel gets a new learner's. */
function renderHub(catalogue: Handler) {
  const fake = fakeHttp({
    'GET /api/lessons': catalogue,
    'GET /api/skills': () => ({ skills: [] }),
    'GET /api/practice/current': () => ({
      kind: 'zone',
      index: 1,
      skill: 'find-demand-zone',
      reason: 'Something new: finding demand zones.',
    }),
  });
  render(
    withCourse(
      createCourseApi(fake.http, {}),
      <MemoryRouter>
        <HubPage />
      </MemoryRouter>,
      retryingAtOnce(),
    ),
  );
  return fake;
}

describe('the query cache’s retries', () => {
  it('asks again only when no answer came or the API was busy (503)', () => {
    expect(isWorthRetrying(new ApiError('Cannot reach the server.', 0))).toBe(true);
    expect(isWorthRetrying(new ApiError('The course is unavailable for a moment.', 503))).toBe(
      true,
    );
    for (const status of [400, 401, 403, 404, 429, 500]) {
      expect(isWorthRetrying(new ApiError('No.', status))).toBe(false);
    }
  });

  it('asks again for a load turned away with 503, then shows the error', async () => {
    const { calls } = renderHub(() => {
      throw new ApiError('The course is unavailable for a moment.', 503);
    });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(
      'Could not load your lessons: The course is unavailable for a moment. Try again',
    );
    expect(calls.filter((call) => call === 'GET /api/lessons')).toEqual([
      'GET /api/lessons',
      'GET /api/lessons',
      'GET /api/lessons',
    ]);
  });

  it('takes a 401 as the answer: not asked again', async () => {
    const { calls } = renderHub(unauthorized);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(
      'Could not load your lessons: You are not logged in. Try again',
    );
    expect(calls.filter((call) => call === 'GET /api/lessons')).toEqual(['GET /api/lessons']);
  });
});

describe('the progress after a lesson’s Next', () => {
  beforeEach(() => {
    document.cookie = 'signed_in=1; path=/';
  });
  afterEach(() => {
    document.cookie = 'signed_in=; Max-Age=0; path=/';
  });

  it('is read again before the hub shows it', async () => {
    const lesson = { ...lessonBody({}), c_num: null, id: 1, path: '/welcome', linkNext: '/home' };
    const completed = new Set<number>();
    const catalogue = (): Catalogue => {
      const summary: LessonSummary = {
        ...lesson,
        status: completed.has(lesson.id) ? 'completed' : 'open',
      };
      return {
        subscribed: true,
        completed: [...completed],
        modules: [{ key: 'foundations', title: 'Foundations', lessons: [summary] }],
      };
    };
    const { http, calls } = fakeHttp({
      'POST /api/auth/': () => ({ email: 'learner@example.com' }),
      'GET /api/stripe/isSub': () => ({ subscription: true, endsOn: null }),
      'GET /api/lessons': catalogue,
      'GET /api/lessons/welcome': () => lesson,
      'POST /users/update/': (body) => {
        completed.add((body as { completed: number }).completed);
        return { message: 'saved' };
      },
    });
    render(
      withCourse(
        createCourseApi(http, {}),
        <MemoryRouter initialEntries={['/welcome']}>
          <Routes>
            <Route path="/home" element={<HubPage />} />
            <Route path="*" element={<LessonRoute />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Learning Hub' });

    // The hub shows the saved lesson as done at once, from the catalogue read after the save.
    const card = document.querySelector('[data-lesson-id="1"]');
    expect(card?.className).toContain('lesson-card--completed');
    expect(within(card as HTMLElement).getByRole('link').textContent).toBe('Review ✓');
    const saved = calls.indexOf('POST /users/update/');
    expect(saved).toBeGreaterThan(0);
    expect(calls.indexOf('GET /api/lessons', saved)).toBeGreaterThan(saved);
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Loading your lessons' })).toBeNull();
    });
  });
});
