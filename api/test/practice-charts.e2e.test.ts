import { jest } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEFAULT_RATE_LIMITS } from '../src/config/config.js';
import { BUSY_MESSAGE } from '../src/database/database-errors.js';
import { PracticeCharts } from '../src/practice-charts/practice-charts.js';
import { PracticeBudget } from '../src/practice-charts/budget.js';
import { PracticeChartStore } from '../src/practice-charts/chart-store.js';
import { PracticeWorkers } from '../src/practice-charts/workers.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

interface PracticeBody {
  data: { time: number; close: number }[];
  hourly: { data: unknown[] };
}

interface StoredRow {
  kind: string;
  practice_index: number;
  chart: Buffer;
}

describe('practice charts kept in PostgreSQL, generated once', () => {
  let testApp: TestApp;
  let dataSource: DataSource;
  let learner: Learner;

  beforeAll(async () => {
    testApp = await startTestApp();
    dataSource = testApp.app.get(DataSource);
    learner = await registerLearner(testApp.http, dataSource);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const practice = (path: string) =>
    request(testApp.http).get(`/api/practice/${path}`).set('Cookie', learner.cookies);
  const generated = () => testApp.app.get(PracticeWorkers).stats().generated;

  it('stores each new chart gzipped, keyed by learner, kind and index', async () => {
    await practice('4').expect(200);
    await practice('plans/4').expect(200);
    await practice('decisions/4').expect(200);
    const rows = await dataSource.query<StoredRow[]>(
      `SELECT kind, practice_index, chart FROM practice_charts WHERE user_id = $1 ORDER BY kind`,
      [learner.id],
    );
    expect(rows.map((row) => [row.kind, row.practice_index])).toEqual([
      ['decision', 4],
      ['plan', 4],
      ['zone', 4],
    ]);
    for (const row of rows) {
      expect([...row.chart.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(row.chart.length).toBeLessThan(16_000);
    }
  });

  it('generates a chart once however many ask at the same moment', async () => {
    const before = generated();
    const answers = await Promise.all([1, 2, 3, 4].map(() => practice('6').expect(200)));
    expect(generated() - before).toBe(1);
    const [first, ...rest] = answers.map((answer) => (answer.body as PracticeBody).data);
    for (const other of rest) expect(other).toEqual(first);
  });

  it('serves another instance the kept chart without generating it again', async () => {
    const here = (await practice('6').expect(200)).body as PracticeBody;
    const before = generated();
    // A second instance: a cache of its own, the same database.
    const elsewhere = new PracticeCharts(
      testApp.app.get(PracticeChartStore),
      testApp.app.get(PracticeWorkers),
      testApp.app.get(PracticeBudget),
      testApp.config,
    );
    const { fiveMinute, hourly } = await elsewhere.get(learner.id, 6);
    expect(generated()).toBe(before);
    expect(
      fiveMinute.candles.slice(0, fiveMinute.exerciseEnd).map((candle) => candle.close),
    ).toEqual(here.data.map((candle) => candle.close));
    expect(hourly.timeframe).toBe('1hr');
  });
});

describe('each learner’s budget of new practice charts', () => {
  let testApp: TestApp;
  let learner: Learner;
  let other: Learner;

  beforeAll(async () => {
    testApp = await startTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, practiceCharts: 2, rejectDelayMs: 0 },
    });
    const dataSource = testApp.app.get(DataSource);
    learner = await registerLearner(testApp.http, dataSource);
    other = await registerLearner(testApp.http, dataSource);
    for (const who of [learner, other]) {
      await subscribeLearner(testApp.http, testApp.config.appOrigin, who);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  const practice = (who: Learner, path: string) =>
    request(testApp.http).get(`/api/practice/${path}`).set('Cookie', who.cookies);

  it('answers 429 with Retry-After past the budget; kept charts and other learners go on', async () => {
    await practice(learner, '1').expect(200);
    await practice(learner, 'plans/1').expect(200);
    const refused = await practice(learner, 'decisions/1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/^New practice charts are made a few at a time/) as unknown,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    // The rest of the 5-minute window.
    expect(retryAfter).toBeGreaterThan(200);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // Charts already made cost nothing.
    await practice(learner, '1').expect(200);
    await request(testApp.http)
      .post('/api/attempts')
      .set('Cookie', learner.cookies)
      .set('Origin', testApp.config.appOrigin)
      .send({ practice: 1, lines: [1, 2] })
      .expect(200);
    await practice(other, 'decisions/1').expect(200);
  });
});

describe('more new practice charts than the worker threads and their queue take', () => {
  let testApp: TestApp;
  let learner: Learner;

  beforeAll(async () => {
    // One thread and nobody waiting: a chart asked for while one is being made is refused.
    testApp = await startTestApp({ practiceWorkers: { threads: 1, queue: 0, maxWaitMs: 0 } });
    learner = await registerLearner(testApp.http, testApp.app.get(DataSource));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const shed = async (reason: string): Promise<number> => {
    const text = (await request(testApp.http).get('/api/health/metrics').expect(200)).text;
    const match = new RegExp(
      `^course_requests_shed_total\\{reason="${reason}"\\} (\\d+)$`,
      'm',
    ).exec(text);
    if (!match?.[1]) throw new Error(`no shed count for ${reason} in\n${text}`);
    return Number(match[1]);
  };

  it('answers 503 with Retry-After, counts it as shed, and makes the chart once a thread is free', async () => {
    const workers = testApp.app.get(PracticeWorkers);
    // The thread kept busy: each generation asks for the next as it ends, in the same turn of
    // the event loop, so the request below always finds the thread taken.
    const done = new AbortController();
    const keepBusy = (async () => {
      for (let seed = 1; !done.signal.aborted; seed += 1) {
        await workers.generate({ kind: 'zone', seed, zoneType: 'demand', item: { kind: 'zone' } });
      }
    })();
    let refused: request.Response;
    try {
      refused = await request(testApp.http).get('/api/practice/1').set('Cookie', learner.cookies);
    } finally {
      done.abort();
      await keepBusy;
    }
    expect({
      status: refused.status,
      retryAfter: refused.headers['retry-after'],
      message: (refused.body as { message?: string }).message,
    }).toEqual({ status: 503, retryAfter: '2', message: BUSY_MESSAGE });
    expect(await shed('practice_queue_full')).toBe(1);
    expect(await shed('practice_waited_too_long')).toBe(0);
    // The other reasons are the database queue's and the event loop's: none of these.
    expect(await shed('queue_full')).toBe(0);
    // Shed, not spent: the learner's budget is given back, and the chart is made when asked again.
    await request(testApp.http).get('/api/practice/1').set('Cookie', learner.cookies).expect(200);
    expect(await shed('practice_queue_full')).toBe(1);
  });
});

describe('a practice chart being simulated holds no database turn', () => {
  let testApp: TestApp;
  let learner: Learner;

  beforeAll(async () => {
    // One request at a time on the database and nobody waiting: any overlap would be shed.
    testApp = await startTestApp({ databaseLimits: { pool: 1, queue: 0, maxWaitMs: 0 } });
    learner = await registerLearner(testApp.http, testApp.app.get(DataSource));
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lets other requests use the database while the chart is made, then stores it', async () => {
    const workers = testApp.app.get(PracticeWorkers);
    const generate = workers.generate.bind(workers);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started!: () => void;
    const generating = new Promise<void>((resolve) => {
      started = resolve;
    });
    const spy = jest.spyOn(workers, 'generate').mockImplementation(async (task) => {
      started();
      await held;
      return generate(task);
    });
    try {
      // Practice 1 is open to a learner without a plan (see the budget tests above).
      const practice = request(testApp.http)
        .get('/api/practice/1')
        .set('Cookie', learner.cookies)
        .then((response) => response);
      const answeredFirst = await Promise.race([
        generating.then(() => false),
        practice.then(() => true),
      ]);
      expect(answeredFirst).toBe(false);
      // The only database turn is free while the chart is simulated.
      await request(testApp.http)
        .get('/users/get-progress')
        .set('Cookie', learner.cookies)
        .expect(200);
      finish();
      expect((await practice).status).toBe(200);
    } finally {
      finish();
      spy.mockRestore();
    }
    const stored = await testApp.app
      .get(DataSource)
      .query<{ count: string }[]>(
        `SELECT count(*) FROM practice_charts WHERE user_id = $1 AND practice_index = 1`,
        [learner.id],
      );
    expect(stored[0]?.count).toBe('1');
  });
});

describe('a new learner’s first practice chart, made ahead of their visit', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ practiceChartsAhead: true });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const storedFirstCharts = async (userId: string): Promise<number> => {
    const rows = await testApp.app
      .get(DataSource)
      .query<{ count: string }[]>(
        `SELECT count(*) FROM practice_charts WHERE user_id = $1 AND kind = 'zone' AND practice_index = 1`,
        [userId],
      );
    return Number(rows[0]?.count ?? 0);
  };

  it('is made and stored when they register, and their first visit generates nothing', async () => {
    const learner = await registerLearner(testApp.http, testApp.app.get(DataSource));
    // Made in the background: the registration was answered before it.
    for (let waited = 0; (await storedFirstCharts(learner.id)) === 0 && waited < 20_000;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      waited += 100;
    }
    expect(await storedFirstCharts(learner.id)).toBe(1);
    const workers = testApp.app.get(PracticeWorkers);
    const before = workers.stats().generated;
    await request(testApp.http).get('/api/practice/1').set('Cookie', learner.cookies).expect(200);
    expect(workers.stats().generated).toBe(before);
  });
});
