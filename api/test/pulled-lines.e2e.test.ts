import request from 'supertest';
import { DataSource } from 'typeorm';
import { linesToKeep } from '../src/saved-lines/saved-lines.service.js';
import { expectError } from './support/http.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** /validating-faz pushes the lines drawn on chart 18; /validating-clean pulls them. */
const PUSHING = { id: 26, path: 'validating-faz', chart: 18 };
const PULLING = 'validating-clean';

interface AttemptBody {
  pass: boolean;
  revealed: boolean;
  zone?: { upper: number; lower: number };
}

describe('lines pulled into a later lesson, kept on the server', () => {
  let testApp: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    testApp = await startTestApp();
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(() => testApp.close());

  /** A subscribed learner with the validating module done up to the pushing lesson. */
  async function learnerAtPushingLesson(): Promise<Learner> {
    const learner = await registerLearner(testApp.http, dataSource);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    const catalogue = (await request(testApp.http).get('/api/lessons').expect(200)).body as {
      modules: { key: string; lessons: { id: number }[] }[];
    };
    const validating = catalogue.modules.find((module) => module.key === 'validating')!.lessons;
    for (const { id } of validating.slice(
      0,
      validating.findIndex((l) => l.id === PUSHING.id),
    )) {
      await dataSource.query(
        'INSERT INTO completed_lessons (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [learner.id, id],
      );
    }
    return learner;
  }

  const attempt = (learner: Learner, lines: unknown) =>
    request(testApp.http)
      .post('/api/attempts')
      .set('Cookie', learner.cookies)
      .send({ lesson: PUSHING.id, lines });
  const completePushing = (learner: Learner) =>
    request(testApp.http)
      .post('/users/update/')
      .set('Cookie', learner.cookies)
      .send({ completed: PUSHING.id })
      .expect(200);
  const pulled = (learner: Learner | undefined, path = PULLING) => {
    const call = request(testApp.http).get(`/api/lessons/${path}/pulled-lines`);
    return learner ? call.set('Cookie', learner.cookies) : call;
  };
  /** Two lines far below any zone of the chart: a miss. */
  const MISS = [1.5, 1.25];

  it('keeps the correct zone once three misses show it, then the learner’s passing lines', async () => {
    const learner = await learnerAtPushingLesson();
    expect((await attempt(learner, MISS).expect(200)).body).toMatchObject({ pass: false });
    expect((await attempt(learner, MISS).expect(200)).body).toMatchObject({ revealed: false });
    const third = (await attempt(learner, MISS).expect(200)).body as AttemptBody;
    expect(third).toMatchObject({ pass: false, revealed: true });
    const zone = third.zone!;
    await completePushing(learner);

    // Misses before the reveal kept nothing; the reveal keeps the zone, not the missed lines.
    expect((await pulled(learner).expect(200)).body).toEqual({
      chart: PUSHING.chart,
      lines: [zone.upper, zone.lower],
      source: 'zone',
    });

    // The learner passes after all: their own lines replace the zone.
    const height = zone.upper - zone.lower;
    const own = [zone.upper - height * 0.1, zone.lower + height * 0.1];
    expect((await attempt(learner, [...own, 5]).expect(200)).body).toMatchObject({ pass: true });
    expect((await pulled(learner).expect(200)).body).toEqual({
      chart: PUSHING.chart,
      lines: own,
      source: 'answer',
    });
    // A miss after the pass changes nothing.
    await attempt(learner, MISS).expect(200);
    expect((await pulled(learner).expect(200)).body).toMatchObject({ lines: own });
  });

  it('shows one learner’s lines to no other learner', async () => {
    const first = await learnerAtPushingLesson();
    for (let tries = 0; tries < 3; tries++) await attempt(first, MISS).expect(200);
    await completePushing(first);
    expect((await pulled(first).expect(200)).body).toMatchObject({ source: 'zone' });

    // Another learner at the same lesson (marked done without an answer: nothing is kept).
    const second = await learnerAtPushingLesson();
    await dataSource.query('INSERT INTO completed_lessons (user_id, lesson_id) VALUES ($1, $2)', [
      second.id,
      PUSHING.id,
    ]);
    expect((await pulled(second).expect(200)).body).toEqual({
      chart: PUSHING.chart,
      lines: [],
      source: null,
    });
    expectError(await pulled(undefined), 401, /not logged in/);
  });

  it('answers a clear 4xx to a wrong lesson, a locked one and lines that are no prices', async () => {
    const learner = await learnerAtPushingLesson();
    expectError(
      await pulled(learner, 'no-such-lesson'),
      404,
      'There is no lesson at /no-such-lesson.',
    );
    expectError(
      await pulled(learner, PUSHING.path),
      404,
      'The lesson at /validating-faz shows no lines from an earlier chart.',
    );
    // Not done with /validating-faz yet: the pulling lesson is not open, nor are its lines.
    const locked = await pulled(learner);
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ finishFirst: { path: '/validating-faz' } });
    const unsubscribed = await registerLearner(testApp.http, dataSource);
    const walled = await pulled(unsubscribed);
    expect(walled.status).toBe(403);
    expect(walled.body).toMatchObject({ subscriptionRequired: true });

    expectError(
      await attempt(learner, [2_000_000, 1]),
      400,
      'each line must be a price of at most 1000000',
    );
    expectError(await attempt(learner, ['high', 1]), 400, 'each line must be a price (a number)');
    expectError(await attempt(learner, [-1, 1]), 400, 'each line must be a price above zero');
    // Nothing was graded, so nothing was kept.
    const rows = await dataSource.query<unknown[]>('SELECT 1 FROM saved_lines WHERE user_id = $1', [
      learner.id,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('linesToKeep: what a graded answer leaves for the next lesson', () => {
  const zone = { upper: 10, lower: 9 };
  const standing = (passed: boolean, tries: number) => ({
    passed,
    tries,
    triesLeft: passed || tries >= 3 ? 0 : 3 - tries,
    revealed: passed || tries >= 3,
  });

  it('keeps a passing answer’s first two lines', () => {
    expect(linesToKeep({ pass: true }, standing(true, 0), [9.9, 9.1, 4], zone)).toEqual({
      lines: [9.9, 9.1],
      source: 'answer',
    });
  });

  it('keeps the zone when a miss shows it, and nothing for a miss that does not', () => {
    expect(linesToKeep({ pass: false }, standing(false, 3), [1, 2], zone)).toEqual({
      lines: [10, 9],
      source: 'zone',
    });
    expect(linesToKeep({ pass: false }, standing(false, 2), [1, 2], zone)).toBeUndefined();
  });

  it('leaves a pass in place when a later answer misses', () => {
    expect(linesToKeep({ pass: false }, standing(true, 4), [1, 2], zone)).toBeUndefined();
  });
});
