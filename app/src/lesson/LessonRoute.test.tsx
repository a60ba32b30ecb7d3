import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { lessonBody } from '../../test/exercise-fixtures.js';
import { fakeHttp } from '../../test/fake-http.js';
import { withCourse } from '../../test/query-client.js';
import { createCourseApi, type Catalogue } from '../api/index.js';
import { LessonRoute } from './LessonRoute.js';

describe('LessonRoute', () => {
  beforeEach(() => {
    document.cookie = 'signed_in=1; path=/';
  });
  afterEach(() => {
    document.cookie = 'signed_in=; Max-Age=0; path=/';
  });

  it('asks for the lesson and the plan check without waiting for the catalogue', async () => {
    const lesson = { ...lessonBody({}), c_num: null, id: 1, path: '/welcome', title: 'Welcome' };
    let answerCatalogue: (catalogue: Catalogue) => void = () => undefined;
    const catalogue = new Promise<Catalogue>((resolve) => {
      answerCatalogue = resolve;
    });
    const { http, calls } = fakeHttp({
      'POST /api/auth/': () => ({ email: 'learner@example.com' }),
      'GET /api/stripe/isSub': () => ({ subscription: true, endsOn: null }),
      'GET /api/lessons': () => catalogue,
      'GET /api/lessons/welcome': () => lesson,
    });
    render(
      withCourse(
        createCourseApi(http, {}),
        <MemoryRouter initialEntries={['/welcome']}>
          <Routes>
            <Route path="*" element={<LessonRoute />} />
          </Routes>
        </MemoryRouter>,
      ),
    );

    await waitFor(() => {
      expect(calls).toEqual(
        expect.arrayContaining(['GET /api/stripe/isSub', 'GET /api/lessons/welcome']),
      );
    });
    expect(screen.queryByRole('heading', { name: 'Welcome' })).toBeNull();

    answerCatalogue({
      subscribed: true,
      completed: [],
      modules: [{ key: 'foundations', title: 'Foundations', lessons: [lesson] }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeDefined();
    // The page used what was asked for ahead: each was asked once.
    expect(calls.filter((call) => call === 'GET /api/lessons/welcome')).toHaveLength(1);
  });

  it('asks nothing ahead for a path that cannot be a lesson', async () => {
    const { http, calls } = fakeHttp({
      'POST /api/auth/': () => ({ email: 'learner@example.com' }),
      'GET /api/lessons': () => ({ subscribed: true, completed: [], modules: [] }),
    });
    render(
      withCourse(
        createCourseApi(http, {}),
        <MemoryRouter initialEntries={['/no/such/page']}>
          <Routes>
            <Route path="*" element={<LessonRoute />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeDefined();
    expect([...calls].sort()).toEqual(['GET /api/lessons', 'POST /api/auth/']);
  });
});
