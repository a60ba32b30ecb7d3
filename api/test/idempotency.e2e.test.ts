import { jest } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import { rmSync } from 'node:fs';
import request from 'supertest';
import type { ZoneType } from '@course/rules';
import { DataSource } from 'typeorm';
import { IdempotentAnswers } from '../src/idempotency/idempotent-answers.js';
import { AttemptsService } from '../src/exercises/attempts.service.js';
import { expectError } from './support/http.js';
import { type Learner, registerLearner } from './support/learners.js';
import { contentWithRiskLessons } from './support/risk-lessons.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** A free trade-management exercise on the real chart 44 (as in manage.e2e). */
const MANAGE_LESSON = `---
id: 170
path: /manage-it
title: Manage it
page: 1/1
linkBack: /home
linkNext: /home
c_num: 44
reqPass: true
sub_req: false
exerciseKind: manage
manageRule: breakeven
takeaway: At +1R, move the stop to the entry.
illustration:
  caption: A demand zone and a plan.
  frames:
    - candles:
        - [50, 50.4, 49.8, 50.1]
        - [50.1, 50.9, 50, 50.8]
---

Choose how to manage the trade at this demand zone.
`;

interface PlanSetup {
  zone: { type: ZoneType; upper: number; lower: number };
  account: number;
  riskPercent: number;
}

describe('Idempotency-Key on answers', () => {
  let testApp: TestApp;
  let dataSource: DataSource;
  let contentDir: string;
  let keyCounter = 0;

  beforeAll(async () => {
    contentDir = contentWithRiskLessons('idempotency', { '01-manage.md': MANAGE_LESSON });
    testApp = await startTestApp({ contentDir });
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  const freshKey = () => `${process.pid}-key-${++keyCounter}-8e03978e-40d5-43e8`;

  const send = (learner: Learner, path: string, body: object, key?: string) => {
    const call = request(testApp.http).post(path).set('Cookie', learner.cookies);
    return (key === undefined ? call : call.set('Idempotency-Key', key)).send(body);
  };

  async function storedTries(learner: Learner): Promise<number> {
    const rows = await dataSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM attempts WHERE user_id = $1',
      [learner.id],
    );
    return rows[0]?.n ?? 0;
  }

  async function storedKeys(learner: Learner): Promise<number> {
    const rows = await dataSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1',
      [learner.id],
    );
    return rows[0]?.n ?? 0;
  }

  async function validPlan(learner: Learner) {
    const setup = (
      await request(testApp.http)
        .get('/api/practice/plans/1')
        .set('Cookie', learner.cookies)
        .expect(200)
    ).body as { planSetup: PlanSetup };
    const { zone, account, riskPercent } = setup.planSetup;
    const long = zone.type === 'demand';
    const entry = long ? zone.upper : zone.lower;
    const stop = long ? zone.lower - 0.01 : zone.upper + 0.01;
    const target = entry + 2 * (entry - stop);
    return { practice: 1, entry, stop, target, account, riskPercent, size: 1 };
  }

  /** The four answers, each with a body that is a real try. */
  const ANSWERS: [string, string, (learner: Learner) => Promise<object>][] = [
    ['a zone attempt', '/api/attempts', () => Promise.resolve({ practice: 1, lines: [1, 2] })],
    ['a trade plan', '/api/plans', validPlan],
    [
      'a take-or-skip decision',
      '/api/decisions',
      () => Promise.resolve({ practice: 1, take: true, reasons: [] }),
    ],
    [
      'a trade-management answer',
      '/api/manage',
      () => Promise.resolve({ lesson: 170, rule: 'hold' }),
    ],
  ];

  it.each(ANSWERS)(
    'answers a retry of %s with the first answer and spends no try',
    async (_what, path, bodyFor) => {
      const learner = await registerLearner(testApp.http, dataSource);
      const body = await bodyFor(learner);
      const key = freshKey();
      const first = await send(learner, path, body, key).expect(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await storedTries(learner)).toBe(1);

      const retried = await send(learner, path, body, key).expect(200);
      expect(retried.body).toEqual(first.body);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      expect(await storedTries(learner)).toBe(1);
      expect(await storedKeys(learner)).toBe(1);

      // The quoted form of the IETF draft names the same key.
      const quoted = await send(learner, path, body, `"${key}"`).expect(200);
      expect(quoted.body).toEqual(first.body);
      expect(await storedTries(learner)).toBe(1);
    },
  );

  it('counts each new key, and each request without a key, as a try of its own', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const body = { practice: 1, lines: [1, 2] };
    const first = await send(learner, '/api/attempts', body, freshKey()).expect(200);
    const second = await send(learner, '/api/attempts', body, freshKey()).expect(200);
    const third = await send(learner, '/api/attempts', body).expect(200);
    expect(
      [first, second, third].map((answer) => (answer.body as { tries: number }).tries),
    ).toEqual([1, 2, 3]);
    expect(await storedTries(learner)).toBe(3);
    expect(await storedKeys(learner)).toBe(2);
  });

  it('keeps keys apart per learner: the same key is two answers for two learners', async () => {
    const [one, two] = [
      await registerLearner(testApp.http, dataSource),
      await registerLearner(testApp.http, dataSource),
    ];
    const key = freshKey();
    const body = { practice: 1, lines: [1, 2] };
    await send(one, '/api/attempts', body, key).expect(200);
    const other = await send(two, '/api/attempts', body, key).expect(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect([await storedTries(one), await storedTries(two)]).toEqual([1, 1]);
  });

  it('refuses the same key with another body or on another call (422), storing nothing', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const key = freshKey();
    await send(learner, '/api/attempts', { practice: 1, lines: [1, 2] }, key).expect(200);
    const message =
      'This Idempotency-Key was already used for a different request. Send a new key with a ' +
      'new answer.';
    expectError(
      await send(learner, '/api/attempts', { practice: 1, lines: [1, 3] }, key),
      422,
      message,
    );
    expectError(
      await send(learner, '/api/decisions', { practice: 1, take: true, reasons: [] }, key),
      422,
      message,
    );
    expect(await storedTries(learner)).toBe(1);
    // Field order is no difference.
    await send(learner, '/api/attempts', { lines: [1, 2], practice: 1 }, key).expect(200);
  });

  it('refuses a malformed key with a 400 before anything is graded', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const message =
      'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, for example).';
    for (const key of ['a'.repeat(256), 'two words', '"unterminated', 'café', '""']) {
      expectError(
        await send(learner, '/api/attempts', { practice: 1, lines: [1, 2] }, key),
        400,
        message,
      );
    }
    expect(await storedTries(learner)).toBe(0);
  });

  it('stores nothing when the answer fails, so the retry with its key is graded afresh', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const key = freshKey();
    const body = { practice: 1, lines: [1, 2] };
    // The try is inserted, then reading the standing after it fails: the database went away.
    const standing = jest.spyOn(AttemptsService.prototype, 'standing');
    standing.mockRejectedValueOnce(new ServiceUnavailableException('The database is away.'));
    try {
      expect((await send(learner, '/api/attempts', body, key)).status).toBe(503);
    } finally {
      standing.mockRestore();
    }
    expect(await storedTries(learner)).toBe(0);
    expect(await storedKeys(learner)).toBe(0);

    const retried = await send(learner, '/api/attempts', body, key).expect(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.body).toMatchObject({ tries: 1 });
    expect(await storedTries(learner)).toBe(1);
  });

  it('stores nothing for a failed answer without a key either', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const standing = jest.spyOn(AttemptsService.prototype, 'standing');
    standing.mockRejectedValueOnce(new ServiceUnavailableException('The database is away.'));
    try {
      const failed = await send(learner, '/api/attempts', { practice: 1, lines: [1, 2] });
      expect(failed.status).toBe(503);
    } finally {
      standing.mockRestore();
    }
    expect(await storedTries(learner)).toBe(0);
  });

  it('answers two requests with one key sent at once with one try and one answer', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const key = freshKey();
    const body = { practice: 1, lines: [1, 2] };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(learner, '/api/attempts', body, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'])).toHaveLength(3);
    expect(await storedTries(learner)).toBe(1);
  });

  it('forgets keys after a day: an expired key is a new request, and the clean-up deletes it', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const key = freshKey();
    const body = { practice: 1, lines: [1, 2] };
    await send(learner, '/api/attempts', body, key).expect(200);
    const [row] = await dataSource.query<{ hours: number }[]>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
         FROM idempotency_keys WHERE user_id = $1`,
      [learner.id],
    );
    expect(row?.hours).toBe(24);
    await dataSource.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [learner.id],
    );
    const again = await send(learner, '/api/attempts', body, key).expect(200);
    expect(again.body).toMatchObject({ tries: 2 });

    await dataSource.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [learner.id],
    );
    expect(await testApp.app.get(IdempotentAnswers).deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(learner)).toBe(0);
    expect(await storedTries(learner)).toBe(2);
  });

  it('ignores a key on a visitor’s demo answer, which is kept in its cookie alone', async () => {
    const answer = await request(testApp.http)
      .post('/api/attempts')
      .set('Idempotency-Key', freshKey())
      .send({ chart: 30, lines: [1, 2] })
      .expect(200);
    expect(answer.body).toMatchObject({ tries: 1 });
  });
});
