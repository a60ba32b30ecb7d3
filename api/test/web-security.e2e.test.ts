import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEFAULT_RATE_LIMITS, type TrustProxy } from '../src/config/config.js';
import { SIGNED_IN_COOKIE } from '../src/auth/auth-cookies.js';
import { createLog } from '../src/logging/log.js';
import { ANONYMOUS_LIMIT_MESSAGE } from '../src/web/anonymous-limit.js';
import { cookieHeader } from './support/http.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'plum tree at dawn';

describe('security headers, body limit and request log', () => {
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n')));
    testApp = await startTestApp({}, { log: createLog(logStream) });
  });
  afterAll(() => testApp.close());

  it('sends a strict Content-Security-Policy with the app and the API', async () => {
    for (const path of ['/', '/api/health']) {
      const response = await request(testApp.http).get(path);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('marks every API answer no-store, and public chart data cacheable', async () => {
    const registered = await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'no-store@example.com', password: PASSWORD })
      .expect(201);
    expect(registered.headers['cache-control']).toBe('no-store');
    const cookies = cookieHeader(registered);
    for (const [method, path] of [
      ['get', '/users/get-progress'],
      ['get', '/api/stripe/isSub'],
      ['get', '/api/lessons'],
      ['get', '/chart-data/30'],
      ['post', '/api/auth/'],
    ] as const) {
      const response = await request(testApp.http)[method](path).set('Cookie', cookies);
      expect([path, response.status, response.headers['cache-control']]).toEqual([
        path,
        200,
        'no-store',
      ]);
    }
    const anonymous = await request(testApp.http).get('/chart-data/30').expect(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('refuses an oversize body with a clear 413 and stores nothing', async () => {
    const users = testApp.app.get(DataSource).getRepository('users');
    const before = await users.count();
    const response = await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'big@example.com', password: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large.',
    });
    expect(await users.count()).toBe(before);
  });

  it('logs requests without cookies, set-cookie headers, bodies or query strings', async () => {
    const registered = await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'logged@example.com', password: PASSWORD });
    expect(registered.status).toBe(201);
    const cookies = (registered.headers['set-cookie'] as unknown as string[]).map(
      (cookie) => cookie.split(';')[0] ?? '',
    );
    await request(testApp.http)
      .post('/api/auth/')
      .set('Cookie', cookies.join('; '))
      .query({ token: 'query-secret' });
    const log = logLines.join('\n');
    expect(log).toContain('"url":"/api/register/"');
    expect(log).toContain('"url":"/api/auth/"');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('query-secret');
    // The session's secrets; the readable signed_in flag is a constant with nothing to hide.
    const secrets = cookies.filter((cookie) => !cookie.startsWith(`${SIGNED_IN_COOKIE}=`));
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const cookie of secrets) expect(log).not.toContain(cookie.split('=')[1]);
  });

  it("writes the app's and the framework's messages to the same log, one JSON object a line", () => {
    const entries = logLines
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const baseFields = {
      level: expect.any(Number),
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      msg: expect.any(String),
    };
    for (const entry of entries) expect(entry).toEqual(expect.objectContaining(baseFields));
    const byContext = (context: string) => entries.filter((entry) => entry.context === context);
    // Migrations (before Nest starts), content loading (the app) and Nest's own start-up lines.
    expect(byContext('Database')[0]?.msg).toMatch(/migration/);
    expect(byContext('Content')[0]?.msg).toMatch(/^loaded \d+ lessons in \d+ modules in \d+ ms$/);
    expect(byContext('NestApplication')[0]?.msg).toBe('Nest application successfully started');
    expect(entries.some((entry) => entry.req !== undefined && entry.context === undefined)).toBe(
      true,
    );
  });
});

describe('rate limits', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        login: 3,
        register: 2,
        refreshPerSession: 2,
        refreshFailures: 3,
        passwordReset: 2,
        anonymousRequests: 1_000_000,
        rejectDelayMs: 0,
      },
    });
  });
  afterAll(() => testApp.close());

  const badLogin = (forwardedFor?: string) => {
    const call = request(testApp.http)
      .post('/api/login/')
      .send({ email: 'nobody@example.com', password: 'wrong password' });
    return forwardedFor ? call.set('X-Forwarded-For', forwardedFor) : call;
  };

  it('answers 429 with a clear message once a client crosses the login limit', async () => {
    for (let index = 0; index < 3; index += 1) expect((await badLogin()).status).toBe(401);
    const limited = await badLogin();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      ),
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default): no spoofing', async () => {
    // The client above is over the limit; a made-up address in the header changes nothing.
    expect((await badLogin('203.0.113.50')).status).toBe(429);
  });

  it('counts each call separately: refresh is not login', async () => {
    const refresh = await request(testApp.http).post('/api/login/refresh/');
    expect(refresh.status).toBe(401);
  });

  it('limits registration, without the trailing slash too', async () => {
    const users = testApp.app.get(DataSource).getRepository('users');
    expect(
      (
        await request(testApp.http)
          .post('/api/register/')
          .send({ email: 'a@example.com', password: PASSWORD })
      ).status,
    ).toBe(201);
    expect(
      (
        await request(testApp.http)
          .post('/api/register')
          .send({ email: 'b@example.com', password: PASSWORD })
      ).status,
    ).toBe(201);
    const limited = await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'c@example.com', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(await users.countBy({ email: 'c@example.com' })).toBe(0);
  });
});

describe('refresh limits: per session for good tokens, per client for bad ones', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        refreshPerSession: 2,
        refreshFailures: 2,
        anonymousRequests: 1_000_000,
        rejectDelayMs: 0,
      },
    });
  });
  afterAll(() => testApp.close());

  const login = async (email: string): Promise<string> => {
    await request(testApp.http).post('/api/register/').send({ email, password: PASSWORD });
    const response = await request(testApp.http)
      .post('/api/login/')
      .send({ email, password: PASSWORD })
      .expect(200);
    return cookieHeader(response);
  };
  const refresh = (cookies: string) =>
    request(testApp.http).post('/api/login/refresh/').set('Cookie', cookies);

  it('lets many sessions behind one address refresh: each has its own budget', async () => {
    // More sessions than either limit, all from this one address, each refreshing twice.
    for (let session = 0; session < 4; session += 1) {
      let cookies = await login(`busy-office-${session}@example.com`);
      for (let round = 0; round < 2; round += 1) {
        const response = await refresh(cookies).expect(200);
        cookies = cookieHeader(response);
      }
      // A third refresh of the same session within the window is one too many.
      expect((await refresh(cookies)).status).toBe(429);
    }
  });

  it('counts refused refreshes per client, and a good refresh never adds to them', async () => {
    const forged = 'refresh_token=00000000-0000-4000-8000-000000000000.forged';
    expect((await refresh(forged)).status).toBe(401);
    expect((await refresh('refresh_token=garbage')).status).toBe(401);
    expect((await refresh('refresh_token=garbage')).status).toBe(429);
  });
});

describe('TRUST_PROXY: the client behind a trusted balancer', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((testApp) => testApp.close())));

  const start = async (trustProxy: TrustProxy) => {
    const testApp = await startTestApp({
      trustProxy,
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        login: 2,
        anonymousRequests: 1_000_000,
        rejectDelayMs: 0,
      },
    });
    apps.push(testApp);
    return testApp;
  };
  const badLogin = (testApp: TestApp, forwardedFor: string) =>
    request(testApp.http)
      .post('/api/login/')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email: 'nobody@example.com', password: 'wrong password' });

  it('counts each forwarded client apart when the balancer (loopback here) is trusted', async () => {
    const testApp = await start(['loopback']);
    expect((await badLogin(testApp, '198.51.100.1')).status).toBe(401);
    expect((await badLogin(testApp, '198.51.100.1')).status).toBe(401);
    expect((await badLogin(testApp, '198.51.100.1')).status).toBe(429);
    // Another learner behind the same balancer still gets a first try.
    expect((await badLogin(testApp, '198.51.100.2')).status).toBe(401);
    // A spoofed header in front of the balancer's own entry does not help: the balancer's
    // entry (the last hop) is the one believed.
    expect((await badLogin(testApp, '203.0.113.9, 198.51.100.1')).status).toBe(429);
  });

  it('believes no header from a connection that is not a trusted proxy', async () => {
    const testApp = await start(['10.9.8.7']);
    expect((await badLogin(testApp, '198.51.100.1')).status).toBe(401);
    expect((await badLogin(testApp, '198.51.100.2')).status).toBe(401);
    // Both were the test's own address: the third is over the limit whatever the header says.
    expect((await badLogin(testApp, '198.51.100.3')).status).toBe(429);
  });
});

describe('requests without a session: a per-client budget', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({
      trustProxy: ['loopback'],
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        anonymousRequests: 5,
        anonymousWindowMs: 60_000,
        rejectDelayMs: 300,
      },
    });
  });
  afterAll(() => testApp.close());

  const visit = (path: string, client: string) =>
    request(testApp.http).get(path).set('X-Forwarded-For', client);

  it('refuses a visitor over the budget with a held 429, and only that visitor', async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await visit('/chart-data/30', '198.51.100.20')).status).toBe(200);
    }
    const started = Date.now();
    const refused = await visit('/chart-data/30', '198.51.100.20');
    expect(refused.status).toBe(429);
    // Held for half to one and a half times the delay (300 ms here) before it is sent.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: ANONYMOUS_LIMIT_MESSAGE,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Demo answers and unknown paths come out of the same budget.
    expect(
      (
        await request(testApp.http)
          .post('/api/attempts')
          .set('X-Forwarded-For', '198.51.100.20')
          .send({ chart: 30, lines: [1, 2] })
      ).status,
    ).toBe(429);
    expect((await visit('/chart-data/30', '198.51.100.21')).status).toBe(200);
  });

  it('never refuses the balancer’s health checks', async () => {
    for (let index = 0; index < 8; index += 1) {
      expect((await visit('/api/health/live', '198.51.100.30')).status).toBe(200);
    }
  });

  it('never refuses or counts the app’s own code files, which a page loads a dozen of', async () => {
    for (let index = 0; index < 12; index += 1) {
      expect((await visit(`/assets/chunk-${index}.js`, '198.51.100.31')).status).not.toBe(429);
    }
    // The chart-kit docs' hashed chunks too: a docs page loads twenty.
    for (let index = 0; index < 12; index += 1) {
      const chunk = await visit(`/chart-kit/assets/chunk-${index}.js`, '198.51.100.31');
      expect(chunk.status).not.toBe(429);
    }
    expect((await visit('/chart-data/30', '198.51.100.31')).status).toBe(200);
  });

  it('does not count a learner whose session this instance knows', async () => {
    const registered = await request(testApp.http)
      .post('/api/register/')
      .set('X-Forwarded-For', '198.51.100.40')
      .send({ email: 'counted-once@example.com', password: PASSWORD })
      .expect(201);
    const cookies = cookieHeader(registered);
    for (let index = 0; index < 10; index += 1) {
      await request(testApp.http)
        .get('/users/get-progress')
        .set('X-Forwarded-For', '198.51.100.40')
        .set('Cookie', cookies)
        .expect(200);
    }
  });
});

// Runs where a Redis server is given (the CI's second pass sets REDIS_URL); the in-memory store
// above covers machines without one.
const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)('rate limits shared through Redis', () => {
  const apps: TestApp[] = [];

  beforeAll(async () => {
    const rateLimits = {
      ...DEFAULT_RATE_LIMITS,
      login: 3,
      anonymousRequests: 1_000_000,
      rejectDelayMs: 0,
    };
    const redisKeyPrefix = `test-rate-limit-${randomUUID()}`;
    const first = await startTestApp({ redisUrl, rateLimits, redisKeyPrefix });
    apps.push(first);
    // One database for both, as behind a balancer.
    apps.push(
      await startTestApp({
        redisUrl,
        rateLimits,
        redisKeyPrefix,
        databaseUrl: first.config.databaseUrl,
      }),
    );
  });
  afterAll(async () => {
    for (const testApp of [...apps].reverse()) await testApp.close();
  });

  it('counts a client’s logins on every instance together', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const attempt = (testApp: TestApp) =>
      request(testApp.http)
        .post('/api/login/')
        .send({ email: 'nobody@example.com', password: 'wrong password' });
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    expect((await attempt(second)).status).toBe(429);
  });

  it('ends a logged-out access token on the other instance too', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const registered = await request(first.http)
      .post('/api/register/')
      .send({ email: `shared-logout-${randomUUID()}@example.com`, password: PASSWORD })
      .expect(201);
    const cookies = cookieHeader(registered);
    await request(second.http).post('/api/auth/').set('Cookie', cookies).expect(200);
    await request(first.http).post('/api/logout/').set('Cookie', cookies).expect(200);
    // The revocation is published; give the other instance a moment to hear it.
    const deadline = Date.now() + 2000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await request(second.http).post('/api/auth/').set('Cookie', cookies)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
  });
});
