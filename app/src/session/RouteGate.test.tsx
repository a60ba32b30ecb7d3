import { act, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createCourseApi } from '../api/index.js';
import { fakeHttp, unauthorized } from '../../test/fake-http.js';
import { RouteGate, useSubscription } from './RouteGate.js';
import { withCourse } from '../../test/query-client.js';

function Guarded({ name }: { name: string }) {
  const { subscribed } = useSubscription();
  return (
    <div>
      <h1>{name}</h1>
      <p>{subscribed ? 'subscribed' : 'not subscribed'}</p>
      <Link to="/b">to b</Link>
    </div>
  );
}

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

// A declarative router: jsdom has no fetch Request, which data routers need to navigate.
function renderGate(routes: Parameters<typeof fakeHttp>[0]) {
  const fake = fakeHttp(routes);
  render(
    withCourse(
      createCourseApi(fake.http),
      <MemoryRouter initialEntries={['/a']}>
        <CurrentPath />
        <Routes>
          <Route path="/" element={<h1>Start</h1>} />
          <Route element={<RouteGate />}>
            <Route path="/a" element={<Guarded name="Page A" />} />
            <Route path="/b" element={<Guarded name="Page B" />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    ),
  );
  return fake;
}

describe('RouteGate', () => {
  // The API's readable sign of a session (see session-context); a visitor has none.
  beforeEach(() => {
    document.cookie = 'signed_in=1; path=/';
  });
  afterEach(() => {
    document.cookie = 'signed_in=; Max-Age=0; path=/';
  });

  it('sends a visitor with no sign of a session to the start page without asking the API', async () => {
    document.cookie = 'signed_in=; Max-Age=0; path=/';
    const { calls } = renderGate({});
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeDefined();
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(calls).toEqual([]);
  });

  it("shows 'Loading...' while the session is checked, then the start page without one", async () => {
    const { calls } = renderGate({
      'POST /api/auth/': unauthorized,
      'POST /api/login/refresh/': unauthorized,
    });
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.getByRole('heading', { level: 1 })).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeDefined();
    expect(screen.getByTestId('path').textContent).toBe('/');
    // An expired access token gets one refresh before the learner is sent away.
    expect(calls).toEqual(['POST /api/auth/', 'POST /api/login/refresh/']);
  });

  it('shows the guarded page to a logged-in learner and checks the subscription on each path', async () => {
    let subscribed = false;
    const { calls } = renderGate({
      'POST /api/auth/': () => ({ email: 'learner@example.com' }),
      'GET /api/stripe/isSub': () => ({ subscription: subscribed, endsOn: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeDefined();
    expect(screen.getByText('not subscribed')).toBeDefined();

    subscribed = true;
    await act(async () => {
      screen.getByRole('link', { name: 'to b' }).click();
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeDefined();
    expect(await screen.findByText('subscribed')).toBeDefined();
    expect(calls.filter((call) => call === 'GET /api/stripe/isSub')).toHaveLength(2);
  });

  it('restores the session with a refresh when the access token has expired', async () => {
    let refreshed = false;
    renderGate({
      'POST /api/auth/': () => (refreshed ? { email: 'learner@example.com' } : unauthorized()),
      'POST /api/login/refresh/': () => {
        refreshed = true;
        return { email: 'learner@example.com' };
      },
      'GET /api/stripe/isSub': () => ({ subscription: false, endsOn: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeDefined();
  });
});
