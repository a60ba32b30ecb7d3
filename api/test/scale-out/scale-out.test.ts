import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { hasRedisServer, freePort, PrivateRedis } from '../support/private-redis.js';
import type { ApiInstance } from '../support/cluster/api-instance.js';
import { type Answer, Client } from '../support/cluster/client.js';
import { deploy, type Deployment } from '../support/cluster/deployment.js';
import { findHaproxy } from '../support/cluster/haproxy.js';
import { countRows, createDatabase } from '../support/cluster/machine-services.js';
import { findPostgresBin, PrivatePostgres } from '../support/cluster/private-postgres.js';

const PASSWORD = 'plum tree at dawn';
const haproxyBinary = findHaproxy();
const postgresBin = findPostgresBin();
const missing = [
  haproxyBinary ? undefined : 'haproxy (apt-get install haproxy)',
  postgresBin ? undefined : 'PostgreSQL server programs (apt-get install postgresql)',
  hasRedisServer() ? undefined : 'redis-server (apt-get install redis-server)',
].filter((item): item is string => item !== undefined);
if (missing.length > 0) {
  const message = `the scale-out test needs ${missing.join(', ')}`;
  // CI installs haproxy and runs the servers: there a skip would hide a failure.
  if (process.env.SCALE_OUT_REQUIRED === '1') throw new Error(message);
  console.warn(`SKIPPED: ${message}`);
}
const describeIfReady = missing.length === 0 ? describe : describe.skip;

/** Registers through the balancer; the client keeps the session cookies. */
async function register(client: Client, email: string): Promise<void> {
  const answer = await client.post('/api/register/', { email, password: PASSWORD });
  if (answer.status !== 201)
    throw new Error(`register ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A lesson with a chart that a new learner without the plan may answer at once. */
async function openChartLesson(client: Client): Promise<number> {
  const catalogue = (await client.get('/api/lessons')).body as {
    modules: {
      lessons: {
        id: number;
        c_num: number | null;
        status: string;
        subscriptionRequired: boolean;
      }[];
    }[];
  };
  const lesson = catalogue.modules
    .flatMap((module) => module.lessons)
    .find(
      (entry) => entry.c_num !== null && entry.status === 'open' && !entry.subscriptionRequired,
    );
  if (!lesson) throw new Error('no open free lesson with a chart in the catalogue');
  return lesson.id;
}

interface WriteLoad {
  /** Answers 200 per learner: writes the API acknowledged. */
  acknowledged: Map<string, number>;
  answers: { at: number; status: number; ms: number; retryAfter: string | undefined }[];
  /** Requests that got no HTTP answer at all. */
  failures: number;
  stop(): Promise<void>;
}

/** Each learner answers `lesson` again and again (each answer is one row), until stopped. */
function startWriteLoad(learners: Map<string, Client>, lesson: number): WriteLoad {
  const load: WriteLoad = {
    acknowledged: new Map([...learners.keys()].map((email) => [email, 0])),
    answers: [],
    failures: 0,
    stop: () => Promise.resolve(),
  };
  let running = true;
  const loops = [...learners].map(async ([email, client]) => {
    while (running) {
      let answer: Answer;
      try {
        answer = await client.send(
          'POST',
          '/api/attempts',
          { lesson, lines: [0.01, 0.02] },
          {},
          10_000,
        );
      } catch {
        load.failures += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const retryAfter = answer.headers['retry-after'];
      load.answers.push({
        at: Date.now(),
        status: answer.status,
        ms: answer.ms,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      });
      if (answer.status === 200)
        load.acknowledged.set(email, (load.acknowledged.get(email) ?? 0) + 1);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

/** Every acknowledged write is in the database: at least as many rows as 200s, per learner. */
async function expectNoAcknowledgedWriteLost(databaseUrl: string, load: WriteLoad): Promise<void> {
  for (const [email, acknowledged] of load.acknowledged) {
    const rows = await countRows(
      databaseUrl,
      'SELECT count(*) AS n FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [email],
    );
    expect({ email, lost: Math.max(0, acknowledged - rows) }).toEqual({ email, lost: 0 });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One private PostgreSQL cluster and one private redis-server on free ports for the whole file
// (never the machine's own): the first part runs on a database of its own, the outages last.
let sharedPostgres: PrivatePostgres | undefined;
let sharedRedis: PrivateRedis | undefined;
const privatePostgres = (): PrivatePostgres => {
  if (!sharedPostgres) throw new Error('the private PostgreSQL did not start');
  return sharedPostgres;
};
const privateRedis = (): PrivateRedis => {
  if (!sharedRedis) throw new Error('the private Redis did not start');
  return sharedRedis;
};

/** Readiness and the database gauge of one instance, straight from it. */
async function instanceHealth(
  instance: ApiInstance,
): Promise<{ ready: number; databaseUp: string | undefined }> {
  const client = new Client(instance.port, '127.0.0.1');
  const [ready, metrics] = await Promise.all([
    client.get('/api/health/ready'),
    client.get('/api/health/metrics'),
  ]);
  return {
    ready: ready.status,
    databaseUp: /^course_database_up (\d)$/m.exec(String(metrics.body))?.[1],
  };
}

describeIfReady('the API scaled out behind haproxy, on a private PostgreSQL and Redis', () => {
  beforeAll(async () => {
    [sharedPostgres, sharedRedis] = await Promise.all([
      freePort().then((port) => PrivatePostgres.create(postgresBin!, port)),
      PrivateRedis.start(),
    ]);
  });
  afterAll(async () => {
    await sharedRedis?.kill();
    await sharedPostgres?.destroy();
  });

  describe('two API instances sharing sessions, limits and answers', () => {
    const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
    const databaseName = `scale_out_${run}`;
    const redisKeyPrefix = `scale-out-${run}`;
    let databaseUrl: string;
    let started: Deployment | undefined;
    const deployment = (): Deployment => {
      if (!started) throw new Error('the deployment did not start');
      return started;
    };

    beforeAll(async () => {
      databaseUrl = await createDatabase(privatePostgres().url(), databaseName);
      started = await deploy({
        haproxy: haproxyBinary!,
        databaseUrl,
        redisUrl: privateRedis().url,
        redisKeyPrefix,
      });
    });
    afterAll(async () => {
      await started?.stop();
    });

    it('shares sessions: made on one instance, refreshed on the other, ended everywhere', async () => {
      const [first, second] = deployment().instances as [ApiInstance, ApiInstance];
      const onFirst = new Client(first.port, '127.0.0.1');
      const onSecond = new Client(second.port, '127.0.0.1');
      await register(onFirst, `shared-${run}@example.com`);
      onSecond.setCookies(onFirst.cookieHeader);
      expect((await onSecond.post('/api/auth/')).status).toBe(200);
      expect((await onSecond.post('/api/login/refresh/')).status).toBe(200);
      onFirst.setCookies(onSecond.cookieHeader);
      expect((await onFirst.post('/api/auth/')).status).toBe(200);

      const beforeLogout = onFirst.cookieHeader;
      expect((await onFirst.post('/api/logout/')).status).toBe(200);
      // The access token of the ended session stops working on the other instance too.
      onSecond.setCookies(beforeLogout);
      const deadline = Date.now() + 2000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await onSecond.post('/api/auth/')).status;
        if (status === 200) await sleep(50);
      }
      expect(status).toBe(401);
      expect((await onSecond.post('/api/login/refresh/')).status).toBe(401);
    });

    it('counts rate limits per client through the balancer, and a client cannot spoof its address', async () => {
      const guesser = deployment().client(10);
      const bystander = deployment().client(11);
      const badLogin = (client: Client, headers: Record<string, string> = {}) =>
        client.post(
          '/api/login/',
          { email: `nobody-${run}@example.com`, password: 'wrong password' },
          headers,
        );
      // The default limit: 20 logins per client in 15 minutes, counted by both instances together.
      for (let attempt = 0; attempt < 20; attempt += 1)
        expect((await badLogin(guesser)).status).toBe(401);
      const limited = await badLogin(guesser);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // Another learner behind the same balancer is not locked out.
      expect((await badLogin(bystander)).status).toBe(401);
      // The balancer replaces the header: a made-up address does not reset the count.
      expect((await badLogin(guesser, { 'X-Forwarded-For': '203.0.113.77' })).status).toBe(429);
    });

    it('takes a slow database and a full pool for load, not an outage: readiness stays up', async () => {
      const learners = await Promise.all(
        Array.from({ length: 6 }, async (_, n) => {
          const client = deployment().client(60 + n);
          await register(client, `slow-${n}-${run}@example.com`);
          return client;
        }),
      );
      // A transaction holds every users row: each signed-in call waits for the lock until its
      // statement times out (5 s), the pool fills, and the calls behind it wait in the queue.
      const locker = new pg.Client({ connectionString: databaseUrl });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const health: { ready: number; databaseUp: string | undefined }[] = [];
      const watch = { running: true };
      const watcher = (async () => {
        while (watch.running) {
          health.push(...(await Promise.all(deployment().instances.map(instanceHealth))));
          await sleep(250);
        }
      })();
      let answers: Answer[];
      try {
        answers = await Promise.all(
          Array.from({ length: 30 }, (_, n) =>
            learners[n % learners.length]!.get('/users/get-progress'),
          ),
        );
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
        watch.running = false;
        await watcher;
      }
      // Slow answers are 503 with Retry-After (the query's time-out, or the queue's wait)...
      for (const answer of answers.filter((entry) => entry.status !== 200)) {
        expect({ status: answer.status, retryAfter: typeof answer.headers['retry-after'] }).toEqual(
          { status: 503, retryAfter: 'string' },
        );
      }
      // Some waited in the full pool's queue until it let them go (the busy message).
      expect(
        answers.filter((answer) => JSON.stringify(answer.body).includes('busy right now')).length,
      ).toBeGreaterThan(0);
      // ...but nothing took them for an outage: every instance stayed ready with its database up.
      expect(health.length).toBeGreaterThan(10);
      expect(health.filter((entry) => entry.ready !== 200 || entry.databaseUp !== '1')).toEqual([]);
      // And the next calls are answered at once, with no recovery to wait for.
      const after = await Promise.all(learners.map((client) => client.get('/users/get-progress')));
      expect(after.map((answer) => answer.status)).toEqual(learners.map(() => 200));
      for (const instance of deployment().instances) {
        expect(instance.output()).not.toMatch(/unreachable|a connection to the database failed/);
      }
    });

    it('keeps the session of two tabs refreshing at once across both instances, and ends a reuse after the grace period', async () => {
      // Two tabs: one browser (the same address), one cookie jar copied into two clients.
      const firstTab = deployment().client(70);
      await register(firstTab, `tabs-${run}@example.com`);
      const secondTab = deployment().client(70);
      secondTab.setCookies(firstTab.cookieHeader);
      const spent = firstTab.cookieHeader;
      // Round robin sends two requests in a row to the two instances.
      const [first, second] = await Promise.all([
        firstTab.post('/api/login/refresh/'),
        secondTab.post('/api/login/refresh/'),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect((await firstTab.post('/api/auth/')).status).toBe(200);
      expect((await secondTab.post('/api/auth/')).status).toBe(200);
      // The browser keeps the cookie it was given last; the session goes on with it.
      secondTab.setCookies(firstTab.cookieHeader);
      expect((await secondTab.post('/api/login/refresh/')).status).toBe(200);

      // The first token again, after the grace period (5 s): a copy, so the session ends.
      await sleep(5500);
      const thief = deployment().client(70);
      thief.setCookies(spent);
      expect((await thief.post('/api/login/refresh/')).status).toBe(401);
      expect((await secondTab.post('/api/login/refresh/')).status).toBe(401);
    });

    it('answers an attempt retried through the other instance with the first answer, spending no try', async () => {
      const [first, second] = deployment().instances as [ApiInstance, ApiInstance];
      const onFirst = new Client(first.port, '127.0.0.1');
      const email = `retry-${run}@example.com`;
      await register(onFirst, email);
      const onSecond = new Client(second.port, '127.0.0.1');
      onSecond.setCookies(onFirst.cookieHeader);
      const lesson = await openChartLesson(onFirst);
      const key = `retry-${run}-2c9f4d61`;
      const body = { lesson, lines: [0.01, 0.02] };

      const answered = await onFirst.send('POST', '/api/attempts', body, {
        'Idempotency-Key': key,
      });
      expect(answered.status).toBe(200);
      const retried = await onSecond.send('POST', '/api/attempts', body, {
        'Idempotency-Key': key,
      });
      expect({ status: retried.status, body: retried.body }).toEqual({
        status: 200,
        body: answered.body,
      });
      expect(retried.headers['idempotent-replayed']).toBe('true');
      const tries = await countRows(
        databaseUrl,
        'SELECT count(*) AS n FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
        [email],
      );
      expect(tries).toBe(1);
    });

    it('loses no acknowledged write when an instance is killed under load, and routes around it', async () => {
      const learners = new Map<string, Client>();
      for (let n = 0; n < 12; n += 1) {
        const client = deployment().client(100 + n);
        const email = `writer-${n}-${run}@example.com`;
        await register(client, email);
        learners.set(email, client);
      }
      const lesson = await openChartLesson(deployment().client(100));
      const load = startWriteLoad(learners, lesson);
      await sleep(3000);
      const killedAt = Date.now();
      await deployment().instances[0]!.kill();
      await sleep(6000);
      await load.stop();

      const acknowledged = [...load.acknowledged.values()].reduce((sum, count) => sum + count, 0);
      expect(acknowledged).toBeGreaterThan(100);
      await expectNoAcknowledgedWriteLost(databaseUrl, load);
      // Only requests in flight at the kill can fail; after that the balancer sends everything to
      // the instance that is alive, retrying refused connections there.
      const afterKill = load.answers.filter((answer) => answer.at > killedAt + 500);
      expect(afterKill.length).toBeGreaterThan(50);
      expect(afterKill.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(
        load.failures + load.answers.filter((answer) => answer.status !== 200).length,
      ).toBeLessThanOrEqual(learners.size);
    });
  });

  describe('outages of PostgreSQL and Redis', () => {
    let started: Deployment | undefined;
    const deployment = (): Deployment => {
      if (!started) throw new Error('the deployment did not start');
      return started;
    };
    const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
    const redisKeyPrefix = `outage-${run}`;

    beforeAll(async () => {
      started = await deploy({
        haproxy: haproxyBinary!,
        databaseUrl: privatePostgres().url(),
        redisUrl: privateRedis().url,
        redisKeyPrefix,
      });
    });
    afterAll(async () => {
      await started?.stop();
    });

    const readyOnEveryInstance = async (field: 'redis' | 'database', state: string) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const states = await Promise.all(
          deployment().instances.map(async (instance) => {
            const answer = await new Client(instance.port, '127.0.0.1').get('/api/health/ready');
            return (answer.body as Record<string, string>)[field];
          }),
        );
        if (states.every((value) => value === state)) return;
        if (Date.now() > deadline)
          throw new Error(`${field} is ${states.join(', ')}, not ${state}`);
        await sleep(200);
      }
    };

    it('keeps logins working while Redis is stopped, and goes back to Redis when it returns', async () => {
      const learner = deployment().client(20);
      const email = `redis-outage-${run}@example.com`;
      await register(learner, email);
      await privateRedis().kill();
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const login = await learner.post('/api/login/', { email, password: PASSWORD });
        expect(login.status).toBe(200);
        // A refresh does no password hashing: its time is what the limits cost without Redis.
        const refresh = await learner.post('/api/login/refresh/');
        expect(refresh.status).toBe(200);
        expect(refresh.ms).toBeLessThan(1000);
      }
      await readyOnEveryInstance('redis', 'down');

      await privateRedis().restart();
      await readyOnEveryInstance('redis', 'up');
      expect((await learner.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
      const keys = createClient({ url: privateRedis().url });
      await keys.connect();
      try {
        expect(await keys.keys(`${redisKeyPrefix}:rate-limit:login:*`)).not.toEqual([]);
      } finally {
        keys.destroy();
      }
    });

    it('answers 503 with Retry-After at once while PostgreSQL restarts, loses no acknowledged write, and recovers by itself', async () => {
      const learners = new Map<string, Client>();
      for (let n = 0; n < 8; n += 1) {
        const client = deployment().client(200 + n);
        const email = `restart-${n}-${run}@example.com`;
        await register(client, email);
        learners.set(email, client);
      }
      const lesson = await openChartLesson(deployment().client(200));
      const load = startWriteLoad(learners, lesson);
      await sleep(2000);
      const stoppedAt = Date.now();
      await privatePostgres().stop();
      await sleep(4000);
      await privatePostgres().start();
      const restartedAt = Date.now();
      await sleep(6000);
      await load.stop();

      expect(load.failures).toBe(0);
      const duringOutage = load.answers.filter(
        (answer) => answer.at > stoppedAt && answer.at < restartedAt,
      );
      const refused = duringOutage.filter((answer) => answer.status !== 200);
      expect(refused.length).toBeGreaterThan(10);
      for (const answer of refused) {
        expect({ status: answer.status, retryAfter: answer.retryAfter }).toEqual({
          status: 503,
          retryAfter: '5',
        });
      }
      expect(Math.max(...refused.map((answer) => answer.ms))).toBeLessThan(2000);
      // Back by itself: everything after the first seconds of the restart succeeds.
      const recovered = load.answers.filter((answer) => answer.at > restartedAt + 3000);
      expect(recovered.length).toBeGreaterThan(20);
      expect(recovered.filter((answer) => answer.status !== 200)).toEqual([]);
      await expectNoAcknowledgedWriteLost(privatePostgres().url(), load);
      await readyOnEveryInstance('database', 'up');
    });

    it('takes a hung PostgreSQL for slow at first, for down after three failed checks, and recovers when it wakes', async () => {
      const learner = deployment().client(30);
      await register(learner, `hang-${run}@example.com`);
      privatePostgres().pause();
      const answers: Answer[] = [];
      const pausedAt = Date.now();
      try {
        // A hung server is slow before it is absent: a request waits for its query's time-out
        // (5 s) at most, and once three checks in a row failed (two seconds each), every
        // instance answers at once.
        while (Date.now() - pausedAt < 14_000)
          answers.push(await learner.get('/users/get-progress'));
        await readyOnEveryInstance('database', 'down');
      } finally {
        privatePostgres().resume();
      }
      for (const answer of answers) {
        expect({ status: answer.status, retryAfter: answer.headers['retry-after'] }).toEqual({
          status: 503,
          retryAfter: '5',
        });
      }
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(6000);
      expect(Math.max(...answers.slice(-5).map((answer) => answer.ms))).toBeLessThan(500);
      await readyOnEveryInstance('database', 'up');
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await learner.get('/users/get-progress')).status;
        if (status !== 200) await sleep(200);
      }
      expect(status).toBe(200);
    });
  });
});
