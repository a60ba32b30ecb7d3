import { jest } from '@jest/globals';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { ApiError, createCourseApi } from '../api/index.js';
import { fakeHttp, unauthorized } from '../../test/fake-http.js';
import { withCourse } from '../../test/query-client.js';
import {
  SESSION_CHECK_RETRY_MS,
  SESSION_REFRESH_MS,
  SESSION_RETRY_MS,
  useSession,
} from './session-context.js';

function Status() {
  return <p data-testid="status">{useSession().status}</p>;
}

function unavailable(): never {
  throw new ApiError('The course is unavailable for a moment.', 503);
}

function renderSession(routes: Parameters<typeof fakeHttp>[0]) {
  const fake = fakeHttp(routes);
  render(withCourse(createCourseApi(fake.http, {}), <Status />));
  return fake;
}

const status = () => screen.getByTestId('status').textContent;

/** Runs timers and the promises they start. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe('SessionProvider', () => {
  beforeEach(() => {
    // The query cache tells its observers of a change on a zero-delay timer; with the clock
    // faked, it tells them once the promises of a timer's work have run, as a browser would.
    notifyManager.setScheduler((notify) => void Promise.resolve().then(notify));
    jest.useFakeTimers();
    document.cookie = 'signed_in=1; path=/';
  });
  afterEach(() => {
    notifyManager.setScheduler(defaultScheduler);
    jest.useRealTimers();
    window.localStorage.clear();
    document.cookie = 'signed_in=; Max-Age=0; path=/';
  });

  it('keeps the learner signed in when a refresh fails with 503, and tries again soon', async () => {
    let refreshAnswer: () => unknown = unavailable;
    const { calls } = renderSession({
      'POST /api/auth/': () => ({ email: 'learner@example.com' }),
      'POST /api/login/refresh/': () => refreshAnswer(),
    });
    await advance(0);
    expect(status()).toBe('logged-in');

    await advance(SESSION_REFRESH_MS);
    expect(calls.filter((call) => call === 'POST /api/login/refresh/')).toHaveLength(1);
    expect(status()).toBe('logged-in');

    refreshAnswer = () => ({ email: 'learner@example.com' });
    await advance(SESSION_RETRY_MS);
    expect(calls.filter((call) => call === 'POST /api/login/refresh/')).toHaveLength(2);
    expect(status()).toBe('logged-in');
  });

  it('logs the learner out when the refresh is answered 401', async () => {
    renderSession({
      'POST /api/auth/': () => ({ email: 'learner@example.com' }),
      'POST /api/login/refresh/': unauthorized,
    });
    await advance(0);
    expect(status()).toBe('logged-in');
    await advance(SESSION_REFRESH_MS);
    expect(status()).toBe('logged-out');
    expect(document.cookie).not.toContain('signed_in=1');
  });

  it('asks nothing in a browser with no sign of a session', async () => {
    document.cookie = 'signed_in=; Max-Age=0; path=/';
    const { calls } = renderSession({});
    await advance(0);
    expect(status()).toBe('logged-out');
    expect(calls).toEqual([]);
  });

  it('asks again, still signed in, when the session check itself gets no answer', async () => {
    let checkAnswer: () => unknown = unavailable;
    const { calls } = renderSession({
      'POST /api/auth/': () => checkAnswer(),
    });
    await advance(0);
    expect(status()).toBe('checking');
    checkAnswer = () => ({ email: 'learner@example.com' });
    await advance(SESSION_CHECK_RETRY_MS);
    expect(status()).toBe('logged-in');
    expect(calls.filter((call) => call === 'POST /api/auth/')).toHaveLength(2);
  });
});
