import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createClient } from 'redis';
import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../src/config/config.js';
import { cookieHeader } from './support/http.js';
import { hasRedisServer, PrivateRedis } from './support/private-redis.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'plum tree at dawn';

/** Redis is a soft dependency: its outages must never stop a login. */
(hasRedisServer() ? describe : describe.skip)('Redis going away and coming back', () => {
  let redis: PrivateRedis;
  let testApp: TestApp;
  const warnings: string[] = [];
  const notes: string[] = [];

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
      notes.push(String(message));
    });
    redis = await PrivateRedis.start();
    testApp = await startTestApp({
      redisUrl: redis.url,
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        login: 1_000,
        register: 1_000,
        anonymousRequests: 1_000_000,
        rejectDelayMs: 0,
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await redis.kill();
    jest.restoreAllMocks();
  });

  const keysInRedis = async (pattern: string): Promise<string[]> => {
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      return await client.keys(pattern);
    } finally {
      client.destroy();
    }
  };
  const prefix = () => testApp.config.redisKeyPrefix;
  const login = (email: string) =>
    request(testApp.http).post('/api/login/').send({ email, password: PASSWORD });
  const redisState = async () =>
    (await request(testApp.http).get('/api/health/ready')).body as { redis: string };
  const waitForRedis = async (state: 'up' | 'down') => {
    const deadline = Date.now() + 10_000;
    while ((await redisState()).redis !== state && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await redisState()).redis).toBe(state);
  };

  it('counts in Redis while it is there', async () => {
    await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'steady@example.com', password: PASSWORD })
      .expect(201);
    await login('steady@example.com').expect(200);
    expect(await keysInRedis(`${prefix()}:rate-limit:login:*`)).toHaveLength(1);
  });

  it('keeps logins, registrations and refreshes working with Redis killed, warning once', async () => {
    warnings.length = 0;
    await redis.kill();
    const registered = await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'through-the-outage@example.com', password: PASSWORD })
      .expect(201);
    for (let index = 0; index < 3; index += 1) await login('steady@example.com').expect(200);
    // A refresh does no password hashing: its answer time is the limiter's time.
    const started = Date.now();
    const refreshed = await request(testApp.http)
      .post('/api/login/refresh/')
      .set('Cookie', cookieHeader(registered))
      .expect(200);
    expect(Date.now() - started).toBeLessThan(1000);
    await request(testApp.http)
      .post('/api/auth/')
      .set('Cookie', cookieHeader(refreshed))
      .expect(200);
    const redisWarnings = warnings.filter((warning) => warning.includes('Redis is unreachable'));
    expect(redisWarnings).toHaveLength(1);
    expect((await redisState()).redis).toBe('down');
  });

  it('ends a session at logout while Redis is away, and tells Redis once it is back', async () => {
    const registered = await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'logout-in-outage@example.com', password: PASSWORD })
      .expect(201);
    const cookies = cookieHeader(registered);
    await request(testApp.http).post('/api/logout/').set('Cookie', cookies).expect(200);
    await request(testApp.http).post('/api/auth/').set('Cookie', cookies).expect(401);

    notes.length = 0;
    await redis.restart();
    await waitForRedis('up');
    expect(notes.some((note) => note.includes('Redis is back'))).toBe(true);
    // The revocation that waited is now in Redis for the other instances.
    const deadline = Date.now() + 5000;
    while (
      (await keysInRedis(`${prefix()}:revoked-access-tokens`)).length === 0 &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await keysInRedis(`${prefix()}:revoked-access-tokens`)).toHaveLength(1);
  });

  it('goes back to counting in Redis when it returns', async () => {
    await login('steady@example.com').expect(200);
    // The restarted Redis started empty: the counter there is new.
    expect(await keysInRedis(`${prefix()}:rate-limit:login:*`)).toHaveLength(1);
  });

  it('answers within a second when Redis hangs instead of refusing connections', async () => {
    warnings.length = 0;
    redis.pause();
    try {
      const started = Date.now();
      const refused = await request(testApp.http).post('/api/login/refresh/');
      expect(refused.status).toBe(401);
      expect(Date.now() - started).toBeLessThan(1000);
      await login('steady@example.com').expect(200);
      // A late answer is not yet an outage: three failed checks in a row (a second each) are.
      await waitForRedis('down');
      expect(warnings.filter((warning) => warning.includes('Redis is unreachable'))).toHaveLength(
        1,
      );
    } finally {
      redis.resume();
    }
    await waitForRedis('up');
  });

  it('takes a slow Redis for slow, not for gone: no outage, no warning', async () => {
    warnings.length = 0;
    // Frozen for less than a check's second: calls made meanwhile are late and fall back.
    redis.pause();
    const late = login('steady@example.com');
    await new Promise((resolve) => setTimeout(resolve, 600));
    redis.resume();
    await late.expect(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await redisState()).redis).toBe('up');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(warnings.filter((warning) => warning.includes('Redis is unreachable'))).toEqual([]);
    // And it counts in Redis again.
    await login('steady@example.com').expect(200);
  });
});
