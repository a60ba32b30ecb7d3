import type { PracticeNextBody, PracticePlace } from '@course/contract';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { cookieHeader } from './support/http.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('Where the learner is in the Practice Portal', () => {
  let testApp: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    testApp = await startTestApp();
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(() => testApp.close());

  /** A second session of the same learner, as another browser gets by logging in. */
  async function secondSession(learner: Learner): Promise<string> {
    const login = await request(testApp.http)
      .post('/api/login/')
      .send({ email: learner.email, password: 'plum tree at dawn' })
      .expect(200);
    return cookieHeader(login);
  }

  const placeOf = async (cookies: string) =>
    (await request(testApp.http).get('/api/practice/place').set('Cookie', cookies).expect(200))
      .body as PracticePlace;

  const keep = (cookies: string, body: unknown) =>
    request(testApp.http)
      .post('/api/practice/place')
      .set('Cookie', cookies)
      .send(body as object);

  it('starts a new learner on Practise what I need, every round at its first exercise', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    expect(await placeOf(learner.cookies)).toEqual({
      mode: 'needs',
      zones: 1,
      decisions: 1,
      plans: 1,
      real: 1,
      realDecisions: 1,
      current: null,
    });
  });

  it('resumes in another session of the same learner where the first one left off', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    const other = await secondSession(learner);
    const next = (
      await request(testApp.http).get('/api/practice/next').set('Cookie', learner.cookies)
    ).body as PracticeNextBody;
    expect(next.index).not.toBeNull();
    // The reason comes as data too, kept with the place so that the portal words it again.
    expect(next.reasonData).toMatchObject({ skill: next.skill, kind: next.kind });
    const { kind, skill, reason, reasonData } = next;
    const place: PracticePlace = {
      mode: 'needs',
      zones: 4,
      decisions: 2,
      plans: 3,
      real: 2,
      realDecisions: 3,
      current: { kind, index: next.index!, skill, reason, ...(reasonData ? { reasonData } : {}) },
    };
    expect((await keep(learner.cookies, place).expect(200)).body).toEqual(place);
    expect(await placeOf(other)).toEqual(place);

    // The other session moves on; the first reads the new place.
    const moved: PracticePlace = { ...place, mode: 'zones', zones: 5 };
    await keep(other, moved).expect(200);
    expect(await placeOf(learner.cookies)).toEqual(moved);

    // Another learner's place is their own.
    const stranger = await registerLearner(testApp.http, dataSource);
    expect((await placeOf(stranger.cookies)).zones).toBe(1);
  });

  it('chooses another exercise than the one on screen when asked again (a skip)', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    const ask = async () =>
      (await request(testApp.http).get('/api/practice/next').set('Cookie', learner.cookies))
        .body as PracticeNextBody;
    const first = await ask();
    expect(first.index).not.toBeNull();
    // Nothing answered and nothing on screen: the same choice again.
    expect(await ask()).toEqual(first);
    const current = {
      kind: first.kind,
      index: first.index!,
      skill: first.skill,
      reason: first.reason,
    };
    await keep(learner.cookies, {
      mode: 'needs',
      zones: 1,
      decisions: 1,
      plans: 1,
      current,
    }).expect(200);
    const second = await ask();
    // Another exercise: of another kind or place, or a real chart after a simulated one.
    const same =
      second.kind === first.kind &&
      second.index === first.index &&
      Boolean(second.real) === Boolean(first.real);
    expect(same).toBe(false);
  });

  it('offers a learner without the Pro Plan their free taster, not the wall', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const next = (
      await request(testApp.http).get('/api/practice/next').set('Cookie', learner.cookies)
    ).body as PracticeNextBody;
    expect(next.index).toBe(1);
  });

  it.each([
    ['an unknown mode', { mode: 'random' }, /mode must be one of needs, zones, decisions, plans/],
    ['no mode', { mode: undefined }, /mode is required/],
    ['a zone chart past the last', { zones: 101 }, /zones must be a whole number from 1 to 100/],
    ['a decision before the first', { decisions: 0 }, /decisions must be a whole number/],
    ['a plan that is no whole number', { plans: 1.5 }, /plans must be a whole number/],
    ['a place written as text', { zones: '2' }, /zones must be a whole number/],
    ['a field the place has not', { round: 2 }, /property round should not exist/],
    ['a current exercise that is text', { current: 'zone 3' }, /current must be an exercise/],
    [
      'a current exercise of an unknown kind',
      { current: { kind: 'manage', index: 1, skill: 'freshness', reason: 'Why' } },
      /current.kind must be one of zone, decision, plan/,
    ],
    [
      'a decision past the last',
      { current: { kind: 'decision', index: 51, skill: 'freshness', reason: 'Why' } },
      /current.index must be a whole number from 1 to 50 for a decision/,
    ],
    [
      'an unknown skill',
      { current: { kind: 'zone', index: 1, skill: 'luck', reason: 'Why' } },
      /current.skill must be one of the course’s skills/,
    ],
    [
      'a reason too long',
      { current: { kind: 'zone', index: 1, skill: 'base', reason: 'x'.repeat(201) } },
      /current.reason must be 1 to 200 characters/,
    ],
    [
      'a reason of an unknown cause',
      {
        current: {
          kind: 'zone',
          index: 1,
          skill: 'base',
          reason: 'Why',
          reasonData: { cause: 'luck', skill: 'base', kind: 'zone', misses: 0 },
        },
      },
      /reasonData.cause must be one of missed, review, new, least-sure/,
    ],
    [
      'a reason with more misses than answers looked at',
      {
        current: {
          kind: 'zone',
          index: 1,
          skill: 'base',
          reason: 'Why',
          reasonData: { cause: 'missed', skill: 'base', kind: 'zone', misses: 6 },
        },
      },
      /reasonData.misses must be a whole number from 0 to 5/,
    ],
    [
      'a reason with a field it has not',
      {
        current: {
          kind: 'zone',
          index: 1,
          skill: 'base',
          reason: 'Why',
          reasonData: { cause: 'new', skill: 'base', kind: 'zone', misses: 0, words: 'Hi' },
        },
      },
      /property words should not exist/,
    ],
    ['a real chart before the first', { real: 0 }, /real must be a whole number from 1 to/],
    ['a real chart that is text', { real: 'two' }, /real must be a whole number from 1 to/],
    [
      'an exercise with a field it has not',
      { current: { kind: 'zone', index: 1, skill: 'base', reason: 'Why', seed: 4 } },
      /should not exist/,
    ],
  ])('answers 400 for %s, and keeps the place it had', async (_, change, message) => {
    const learner = await registerLearner(testApp.http, dataSource);
    const valid = {
      mode: 'plans',
      zones: 3,
      decisions: 1,
      plans: 2,
      real: 4,
      realDecisions: 2,
      current: null,
    };
    await keep(learner.cookies, valid).expect(200);
    const answer = await keep(learner.cookies, { ...valid, ...change }).expect(400);
    expect((answer.body as { message: string }).message).toMatch(message);
    expect(await placeOf(learner.cookies)).toEqual(valid);
  });

  it('keeps the place in the real charts when a client leaves it out', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const place = {
      mode: 'real',
      zones: 1,
      decisions: 1,
      plans: 1,
      real: 7,
      realDecisions: 5,
      current: null,
    };
    await keep(learner.cookies, place).expect(200);
    const { real: _real, realDecisions: _decisions, ...withoutReal } = place;
    const answer = await keep(learner.cookies, { ...withoutReal, mode: 'zones' }).expect(200);
    expect(answer.body).toEqual({ ...place, mode: 'zones' });
    expect(await placeOf(learner.cookies)).toEqual({ ...place, mode: 'zones' });
  });

  it('answers 401 without a session', async () => {
    await request(testApp.http).get('/api/practice/place').expect(401);
    await request(testApp.http)
      .post('/api/practice/place')
      .send({ mode: 'zones', zones: 1, decisions: 1, plans: 1, current: null })
      .expect(401);
  });
});
