import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEFAULT_RATE_LIMITS } from '../src/config/config.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'plum tree at dawn';

describe('security headers, body limit and request log', () => {
  let testApp: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const requestLog = new PassThrough();
    requestLog.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n')));
    testApp = await startTestApp({}, { requestLog });
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
    for (const cookie of cookies) expect(log).not.toContain(cookie.split('=')[1]);
  });
});

describe('rate limits', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, login: 3, register: 2, refresh: 3, passwordReset: 2 },
    });
  });
  afterAll(() => testApp.close());

  it('answers 429 with a clear message once a client crosses the login limit', async () => {
    const attempt = () =>
      request(testApp.http)
        .post('/api/login/')
        .send({ email: 'nobody@example.com', password: 'wrong password' });
    for (let index = 0; index < 3; index += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
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

// Runs where a Redis server is given (the CI's second pass sets REDIS_URL); the in-memory store
// above covers machines without one.
const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)('rate limits shared through Redis', () => {
  const apps: TestApp[] = [];

  beforeAll(async () => {
    const rateLimits = {
      ...DEFAULT_RATE_LIMITS,
      login: 3,
      redisPrefix: `test-rate-limit-${randomUUID()}`,
    };
    apps.push(await startTestApp({ redisUrl, rateLimits }));
    apps.push(await startTestApp({ redisUrl, rateLimits }));
  });
  afterAll(() => Promise.all(apps.map((testApp) => testApp.close())));

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
});
