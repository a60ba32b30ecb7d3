import request from 'supertest';
import { DEFAULT_RATE_LIMITS } from '../src/config/config.js';
import { blockEventLoop } from './support/event-loop.js';
import { hasRedisServer, PrivateRedis } from './support/private-redis.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Two instances share one Redis, as behind a balancer: a password guesser gets the login budget
 * once, not once per instance. Held through what a busy machine does to them: Redis stalled, the
 * event loop seconds late, and calls answered while the loop could not read them.
 */
(hasRedisServer() ? describe : describe.skip)('rate limits shared by two instances', () => {
  const LOGIN_LIMIT = 20;
  let redis: PrivateRedis;
  const instances: TestApp[] = [];

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const shared = {
      redisUrl: redis.url,
      redisKeyPrefix: `shared-limits-${process.pid}`,
      // The client's address as the balancer forwards it, so each step below is its own client.
      trustProxy: ['loopback'],
      rateLimits: { ...DEFAULT_RATE_LIMITS, login: LOGIN_LIMIT, rejectDelayMs: 0 },
    };
    instances.push(await startTestApp(shared), await startTestApp(shared));
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await redis.kill();
  });

  const wrongLogin = (instance: TestApp, client: string) =>
    request(instance.http)
      .post('/api/login/')
      .set('X-Forwarded-For', client)
      .send({ email: 'guesser@example.com', password: 'not the password' });
  const redisOn = async (instance: TestApp) =>
    ((await request(instance.http).get('/api/health/ready')).body as { redis: string }).redis;
  const waitUntilBothUse = async (state: 'up' | 'down') => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const states = await Promise.all(instances.map(redisOn));
      if (states.every((redisState) => redisState === state)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await Promise.all(instances.map(redisOn))).toEqual([state, state]);
  };
  /** Wrong logins sent in turn to each instance: the statuses in order. */
  const guess = async (client: string, times: number) => {
    const statuses: number[] = [];
    for (let index = 0; index < times; index += 1) {
      const instance = instances[index % instances.length];
      if (!instance) throw new Error('no instance');
      statuses.push((await wrongLogin(instance, client)).status);
    }
    return statuses;
  };
  const expectRefusedBy21st = (statuses: readonly number[]) => {
    const firstRefusal = statuses.indexOf(429);
    expect({ firstRefusal, before: statuses.slice(0, Math.max(0, firstRefusal)) }).toEqual({
      firstRefusal: expect.any(Number) as number,
      before: Array.from({ length: Math.max(0, firstRefusal) }, () => 401),
    });
    expect(firstRefusal).toBeGreaterThanOrEqual(0);
    expect(firstRefusal).toBeLessThanOrEqual(LOGIN_LIMIT);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
  };

  it('gives a guesser one budget across both instances', async () => {
    expectRefusedBy21st(await guess('203.0.113.1', 25));
  }, 120_000);

  it('keeps it shared while the event loop is late, though every answer is read late', async () => {
    // Every 400 ms the loop is blocked for 350: a Redis answer waits unread past its 250 ms
    // time-out almost every time, as on a machine whose CPU is saturated.
    const hog = setInterval(() => blockEventLoop(350), 400);
    try {
      expectRefusedBy21st(await guess('203.0.113.2', 25));
    } finally {
      clearInterval(hog);
    }
  }, 120_000);

  it('goes back to one budget once a stalled Redis answers again', async () => {
    // Redis frozen and the loop blocked: calls made meanwhile count in each instance's memory,
    // and the instances declare an outage.
    redis.pause();
    try {
      const during = Promise.all(instances.map((instance) => wrongLogin(instance, '203.0.113.3')));
      blockEventLoop(1500);
      await during;
      await waitUntilBothUse('down');
    } finally {
      redis.resume();
    }
    // The next answered check returns each instance to Redis, with nothing left over to keep
    // it counting in memory.
    await waitUntilBothUse('up');
    expectRefusedBy21st(await guess('203.0.113.4', 25));
  }, 120_000);
});
