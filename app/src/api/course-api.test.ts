/** @jest-environment node */
import { jest } from '@jest/globals';
import { ApiError, createCourseApi, createHttpClient, NETWORK_ERROR_MESSAGE } from './index.js';

type FetchHandler = (request: Request) => Response | Promise<Response>;

function apiOver(handler: FetchHandler) {
  const requests: string[] = [];
  const keys: (string | null)[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    keys.push(request.headers.get('Idempotency-Key'));
    return handler(request);
  }) as typeof fetch;
  const api = createCourseApi(
    createHttpClient({ baseUrl: 'http://course.test', fetch: fetchStub }),
    {},
  );
  return { api, requests, keys };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('course API client', () => {
  it("turns an error answer into an ApiError with the server's message", async () => {
    const { api } = apiOver(() =>
      json(401, { statusCode: 401, error: 'Unauthorized', message: 'Wrong email or password.' }),
    );
    const error = await api.login('a@example.com', 'nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Wrong email or password.');
    expect((error as ApiError).status).toBe(401);
  });

  it('marks the subscription wall answer', async () => {
    const { api } = apiOver(() =>
      json(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: "Let's keep it going! You must be subscribed to access this content",
        subscriptionRequired: true,
      }),
    );
    const error = (await api.lesson('/S&D-conc').catch((caught: unknown) => caught)) as ApiError;
    expect(error.subscriptionRequired).toBe(true);
  });

  it('names the lesson to finish first when a lesson is not open yet', async () => {
    const { api } = apiOver(() =>
      json(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Finish “Imbalance” first: lessons open in order.',
        finishFirst: { id: 2, path: '/imb', title: 'Imbalance' },
      }),
    );
    const error = (await api.lesson('/imbII').catch((caught: unknown) => caught)) as ApiError;
    expect(error.subscriptionRequired).toBe(false);
    expect(error.finishFirst).toEqual({ id: 2, path: '/imb', title: 'Imbalance' });
  });

  it('asks for the learner’s own practice chart and answers it by index', async () => {
    const bodies: unknown[] = [];
    const { api, requests } = apiOver(async (request) => {
      if (request.method === 'POST') bodies.push(await request.json());
      return json(200, {});
    });
    await api.practiceChart(3);
    await api.attempt({ practice: 3 }, [101.5, 101]);
    expect(requests).toEqual(['GET /api/practice/3', 'POST /api/attempts']);
    expect(bodies).toEqual([{ practice: 3, lines: [101.5, 101] }]);
  });

  it('sends the chosen management rule for a lesson to api/manage', async () => {
    let sent: unknown;
    const { api, requests } = apiOver(async (request) => {
      sent = await request.json();
      return json(200, { pass: true, feedback: [], tries: 0, revealed: true, answer: sent });
    });
    const result = await api.manage({ lesson: 613, rule: 'breakeven' });
    expect(requests).toEqual(['POST /api/manage']);
    expect(sent).toEqual({ lesson: 613, rule: 'breakeven' });
    expect(result.answer.rule).toBe('breakeven');
  });

  it('encodes lesson paths and sends the spec payloads', async () => {
    const bodies: unknown[] = [];
    const { api, requests } = apiOver(async (request) => {
      if (request.method === 'POST') bodies.push(await request.json());
      return json(200, { message: 'ok', completed: [1] });
    });
    await api.lesson('/S&D-conc');
    await api.requestPasswordReset('a@example.com');
    await api.completeLesson(7);
    expect(requests).toEqual([
      'GET /api/lessons/S%26D-conc',
      'POST /users/initReset/',
      'POST /users/update/',
    ]);
    expect(bodies).toEqual([{ user_email: 'a@example.com' }, { completed: 7 }]);
  });

  it('refreshes once on a 401 and retries the call', async () => {
    let refreshed = false;
    const { api, requests } = apiOver((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/login/refresh/') {
        refreshed = true;
        return json(200, { email: 'a@example.com' });
      }
      return refreshed ? json(200, { completed: [1, 2] }) : json(401, { message: 'expired' });
    });
    expect(await api.progress()).toEqual({ completed: [1, 2] });
    expect(requests).toEqual([
      'GET /users/get-progress',
      'POST /api/login/refresh/',
      'GET /users/get-progress',
    ]);
  });

  it('reports an expired session when the refresh fails too', async () => {
    const { api } = apiOver(() => json(401, { message: 'You are not logged in.' }));
    const expired = jest.fn();
    api.onSessionExpired(expired);
    await expect(api.progress()).rejects.toThrow('You are not logged in.');
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh fails with a 503, and reports that error', async () => {
    const { api } = apiOver((request) =>
      new URL(request.url).pathname === '/api/login/refresh/'
        ? json(503, { statusCode: 503, message: 'The course is unavailable for a moment.' })
        : json(401, { message: 'expired' }),
    );
    const expired = jest.fn();
    api.onSessionExpired(expired);
    const error = (await api.progress().catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toBe('The course is unavailable for a moment.');
    expect(expired).not.toHaveBeenCalled();
    expect(await api.keepSessionAlive(0)).toMatchObject({ outcome: 'failed' });
  });

  it('sends every answer with a fresh Idempotency-Key, the same one on its retries', async () => {
    let unavailable = 1;
    let expiredOnce = true;
    const { api, requests, keys } = apiOver((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/login/refresh/') return json(200, { email: 'a@example.com' });
      if (path === '/api/decisions' && expiredOnce) {
        expiredOnce = false;
        return json(401, { message: 'expired' });
      }
      if (path === '/api/attempts' && unavailable-- > 0) {
        // Retry-After 0: the HTTP client's own retry comes at once.
        return new Response(JSON.stringify({ statusCode: 503, message: 'busy' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'Retry-After': '0' },
        });
      }
      return json(200, { pass: false, tries: 1 });
    });
    await api.attempt({ practice: 1 }, [1, 2]);
    await api.attempt({ practice: 1 }, [1, 2]);
    await api.decide({ practice: 1, take: true, reasons: [] });
    await api.gradePlan({
      practice: 1,
      entry: 10,
      stop: 9,
      target: 12,
      account: 25_000,
      riskPercent: 1,
      size: 250,
    });
    await api.manage({ lesson: 613, rule: 'hold' });
    await api.progress().catch(() => undefined);
    expect(requests).toEqual([
      'POST /api/attempts',
      'POST /api/attempts', // the HTTP client's retry of the 503
      'POST /api/attempts', // the next action
      'POST /api/decisions',
      'POST /api/login/refresh/',
      'POST /api/decisions', // after the refresh
      'POST /api/plans',
      'POST /api/manage',
      'GET /users/get-progress',
    ]);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const [firstTry, retry, nextAction, decision, , decisionAgain, plan, manage, progress] = keys;
    expect(firstTry).toMatch(uuid);
    expect(retry).toBe(firstTry);
    expect(nextAction).toMatch(uuid);
    expect(nextAction).not.toBe(firstTry);
    expect(decisionAgain).toBe(decision);
    expect(new Set([firstTry, nextAction, decision, plan, manage]).size).toBe(5);
    // Only answers carry a key; a call without one is never retried by the client.
    expect(keys[4]).toBeNull();
    expect(progress).toBeNull();
  });

  it('does not retry a call without a key', async () => {
    const { api, requests } = apiOver(() => json(503, { message: 'busy' }));
    await expect(api.completeLesson(7)).rejects.toThrow('busy');
    expect(requests).toEqual(['POST /users/update/']);
  });

  it('says the server is unreachable when the network fails', async () => {
    const { api } = apiOver(() => {
      throw new TypeError('fetch failed');
    });
    await expect(api.plan()).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});
