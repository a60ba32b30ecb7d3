import type {
  AttemptResult,
  PracticeNextBody,
  PracticePlace,
  DecisionResult,
  PracticeRealBody,
  PracticeRealDecisionBody,
  SkillsBody,
} from '@course/contract';
import { decideTrade, decisionSettingOf } from '@course/rules';
import type { RealPoolItem } from '@course/rules/real-practice';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RealPracticeItems } from '../src/real-practice/real-practice-items.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The sample's first 120 sessions make a pool of a few real charts: soon used up.
const SESSIONS = 120;

describe('Real charts in the Practice Portal', () => {
  let testApp: TestApp;
  let dataSource: DataSource;
  let items: RealPracticeItems;

  beforeAll(async () => {
    testApp = await startTestApp({ realPracticeSessions: SESSIONS });
    dataSource = testApp.app.get(DataSource);
    items = testApp.app.get(RealPracticeItems);
  });
  afterAll(() => testApp.close());

  const chart = (learner: Learner, index: number) =>
    request(testApp.http).get(`/api/practice/real/${index}`).set('Cookie', learner.cookies);

  const attempt = (learner: Learner, index: number, lines: number[]) =>
    request(testApp.http)
      .post('/api/attempts')
      .set('Cookie', learner.cookies)
      .send({ real: index, lines });

  /** The chart as the server holds it, with its zones: what the learner must not see early. */
  const served = (learner: Learner, index: number): Promise<RealPoolItem> =>
    items.item(learner.id, index, false);

  async function subscriber(): Promise<Learner> {
    const learner = await registerLearner(testApp.http, dataSource);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    return learner;
  }

  it('serves a real session cut before the answer, with nothing of the answer in it', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const response = await chart(learner, 1).expect(200);
    const body = response.body as PracticeRealBody;
    const item = await served(learner, 1);
    expect(body.type).toBe(item.type);
    expect(body.index).toBe(1);
    expect(body.pool).toBeGreaterThan(1);
    expect(body.exercise).toEqual({ passed: false, tries: 0, triesLeft: 3, revealed: false });
    expect(body.data).toHaveLength(item.exerciseEnd);
    // The times are moved by whole days to a week of 2001: the axis names no real day, and
    // every clock time reads as it really was.
    const shift = (body.data[0]?.time ?? 0) - (item.candles[0]?.time ?? 0);
    expect(Number.isInteger(shift / 86_400)).toBe(true);
    expect(body.data.map((candle) => candle.time - shift)).toEqual(
      item.candles.slice(0, item.exerciseEnd).map((candle) => candle.time),
    );
    expect(body.view).toEqual({
      from: item.openingView.from + shift,
      to: item.openingView.to + shift,
    });
    expect(new Date((body.data.at(-1)?.time ?? 0) * 1000).getUTCFullYear()).toBe(2001);
    for (const hidden of [
      'hiddenpl',
      'hiddenpl2',
      'next',
      'session',
      'explanation',
      'base_times',
    ]) {
      expect(body).not.toHaveProperty(hidden);
    }
    expect(body.data[0]).not.toHaveProperty('actualpl');
    // Neither the symbol nor the day is anywhere in the answer, nor a price of a zone's bounds.
    expect(response.text).not.toContain(item.symbol);
    expect(response.text).not.toContain(item.day);
    expect(response.text).not.toContain(`"${item.day.slice(0, 4)}`);
    // The same chart on every visit.
    expect((await chart(learner, 1).expect(200)).body).toEqual(body);
  });

  it('serves charts in order, the first one free', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await chart(learner, 1).expect(200);
    const gated = await chart(learner, 2).expect(403);
    expect(gated.body.subscriptionRequired).toBe(true);
    await attempt(learner, 2, [1, 2]).expect(403);
    await chart(learner, 0).expect(400);

    const subscribed = await subscriber();
    await chart(subscribed, 1).expect(200);
    const ahead = await chart(subscribed, 3).expect(404);
    expect(ahead.body.message).toContain('your next real chart is 2');
    // An answer names a chart already shown.
    await attempt(subscribed, 2, [1, 2]).expect(404);
    await chart(subscribed, 2).expect(200);
  });

  it('never repeats a session before the whole pool was shown', async () => {
    const learner = await subscriber();
    const first = (await chart(learner, 1).expect(200)).body as PracticeRealBody;
    const pool = first.pool;
    for (let index = 2; index <= pool + 1; index++) await chart(learner, index).expect(200);
    const rows: { index: number; session_id: string }[] = await dataSource.query(
      `SELECT "index", "session_id" FROM "real_practice_items" WHERE "user_id" = $1
         ORDER BY "index"`,
      [learner.id],
    );
    expect(rows.map((row) => row.index)).toEqual(
      Array.from({ length: pool + 1 }, (_, at) => at + 1),
    );
    const firstRound = rows.slice(0, pool).map((row) => row.session_id);
    expect(new Set(firstRound).size).toBe(pool);
    // Once every session was shown, a session comes back.
    expect(firstRound).toContain(rows[pool]?.session_id);
  });

  it('passes a box on any fresh zone of the asked type the rules find', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await chart(learner, 1).expect(200);
    const item = await served(learner, 1);
    // The weakest of the chart's zones: marking it passes too.
    const zone = item.zones.at(-1);
    if (!zone) throw new Error('a real chart has a zone');
    const pass = await attempt(learner, 1, [zone.upper, zone.lower]).expect(200);
    const result = pass.body as AttemptResult;
    expect(result).toMatchObject({ pass: true, revealed: true });
    // The reveal shows the strongest zone.
    expect(result.zone).toEqual({
      type: item.type,
      upper: item.zones[0]?.upper,
      lower: item.zones[0]?.lower,
    });
    const body = (await chart(learner, 1).expect(200)).body as PracticeRealBody;
    expect(body.session?.symbol).toBe(item.symbol);
    expect(body.session?.day).toBe(item.day);
    expect(body.session?.name).toMatch(new RegExp(`^${item.symbol}, \\d{1,2} [A-Z][a-z]+ \\d{4}$`));
    expect(body.hiddenpl).toBe(item.zones[0]?.upper);
    expect(body.next).toHaveLength(item.candles.length - item.exerciseEnd);
    expect(body.explanation).toContain(body.session?.name);
  });

  it('shows the best zone, the session and what came next after three misses', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const before = (await chart(learner, 1).expect(200)).body as PracticeRealBody;
    const item = await served(learner, 1);
    // Far above every candle of the chart: no zone is there.
    const top = Math.max(...item.candles.map((candle) => candle.high)) * 2;
    const lines = [top, top * 1.01];
    for (const triesLeft of [2, 1]) {
      const miss = (await attempt(learner, 1, lines).expect(200)).body as AttemptResult;
      expect(miss).toMatchObject({ pass: false, reason: 'too-high', triesLeft, revealed: false });
      expect(miss).not.toHaveProperty('zone');
    }
    const third = (await attempt(learner, 1, lines).expect(200)).body as AttemptResult;
    expect(third).toMatchObject({ pass: false, revealed: true });
    expect(third.zone?.upper).toBe(item.zones[0]?.upper);
    const after = (await chart(learner, 1).expect(200)).body as PracticeRealBody;
    expect(after.exercise).toMatchObject({ tries: 3, revealed: true });
    expect(after.session?.symbol).toBe(item.symbol);
    // The same candles, now at their real times.
    const real = item.candles.slice(0, item.exerciseEnd);
    expect(after.data).toEqual(
      before.data.map((candle, index) => ({
        ...candle,
        time: real[index]?.time,
        ...(index === 0 ? { actualpl: after.hiddenpl, actualpl2: after.hiddenpl2 } : {}),
      })),
    );
    // The replay runs to the session's close.
    expect(after.next?.at(-1)?.time).toBe(item.candles.at(-1)?.time);
  });

  it('counts the answers in the learner’s skills, and refuses one to a chart not shown', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await attempt(learner, 1, [1, 2]).expect(404);
    await chart(learner, 1).expect(200);
    const item = await served(learner, 1);
    const zone = item.zones[0];
    if (!zone) throw new Error('a real chart has a zone');
    await attempt(learner, 1, [zone.upper, zone.lower]).expect(200);
    const skills = (
      await request(testApp.http).get('/api/skills').set('Cookie', learner.cookies).expect(200)
    ).body as SkillsBody;
    const zoneSkill = item.type === 'demand' ? 'find-demand-zone' : 'find-supply-zone';
    expect(skills.skills.find((skill) => skill.key === zoneSkill)?.attempts).toBe(1);
    // One line is no try: nothing is counted.
    await attempt(learner, 1, [zone.upper]).expect(400);
  });

  describe('take or skip on real setups', () => {
    const decisionChart = (learner: Learner, index: number) =>
      request(testApp.http)
        .get(`/api/practice/real/decisions/${index}`)
        .set('Cookie', learner.cookies);
    const decide = (learner: Learner, index: number, take: boolean, reasons: string[]) =>
      request(testApp.http)
        .post('/api/decisions')
        .set('Cookie', learner.cookies)
        .send({ real: index, take, reasons });

    it('shows a real return to a zone up to the candle that came back, nothing after', async () => {
      const learner = await registerLearner(testApp.http, dataSource);
      const response = await decisionChart(learner, 1).expect(200);
      const body = response.body as PracticeRealDecisionBody;
      const item = await items.decision(learner.id, 1, false);
      expect(body.data).toHaveLength(item.exerciseEnd);
      expect(body.decisionSetup).toEqual({
        zone: { type: item.zone.type, upper: item.zone.upper, lower: item.zone.lower },
        opposing: item.decision.opposing,
      });
      expect(body.decisionReview).toBeNull();
      expect(body.hourly.data.length).toBeGreaterThan(6);
      for (const hidden of ['next', 'session', 'explanation']) {
        expect(body).not.toHaveProperty(hidden);
        expect(body.hourly).not.toHaveProperty(hidden);
      }
      expect(response.text).not.toContain(item.symbol);
      expect(response.text).not.toContain(item.day);
      // Times moved to a week of 2001 on both timeframes, until the answer.
      for (const candle of [...body.data, ...body.hourly.data]) {
        expect(new Date(candle.time * 1000).getUTCFullYear()).toBe(2001);
      }
      // Served in order, the first one free.
      await decisionChart(learner, 2).expect(403);
      await decide(learner, 2, true, []).expect(403);
    });

    it('grades with the course’s decision, then shows the session and what really happened', async () => {
      const learner = await registerLearner(testApp.http, dataSource);
      await decide(learner, 1, true, []).expect(404);
      await decisionChart(learner, 1).expect(200);
      const item = await items.decision(learner.id, 1, false);
      const course = decideTrade(decisionSettingOf({ ...item, baseTimes: item.zone.baseTimes }));
      const failing = course.checks.filter((check) => !check.ok).map((check) => check.check);
      const result = (await decide(learner, 1, course.take, course.take ? [] : failing).expect(200))
        .body as DecisionResult;
      expect(result).toMatchObject({ pass: true, revealed: true });
      expect(result.course?.take).toBe(course.take);
      const after = (await decisionChart(learner, 1).expect(200)).body as PracticeRealDecisionBody;
      expect(after.session?.symbol).toBe(item.symbol);
      expect(after.next).toHaveLength(item.candles.length - item.exerciseEnd);
      // The replay runs to the session's close: what the trade really did.
      expect(after.next?.at(-1)?.time).toBe(item.candles.at(-1)?.time);
      expect(after.decisionReview?.answer.take).toBe(course.take);
      const skills = (
        await request(testApp.http).get('/api/skills').set('Cookie', learner.cookies).expect(200)
      ).body as SkillsBody;
      expect(skills.skills.find((skill) => skill.key === 'take-or-skip')?.attempts).toBe(1);
    });

    it('never repeats a session before the whole pool was shown', async () => {
      const learner = await subscriber();
      const first = (await decisionChart(learner, 1).expect(200)).body as PracticeRealDecisionBody;
      for (let index = 2; index <= first.pool; index++) {
        await decisionChart(learner, index).expect(200);
      }
      const rows: { session_id: string }[] = await dataSource.query(
        `SELECT "session_id" FROM "real_practice_decisions" WHERE "user_id" = $1`,
        [learner.id],
      );
      expect(new Set(rows.map((row) => row.session_id)).size).toBe(first.pool);
    });
  });

  it('is offered by Practise what I need, alternating with simulated charts', async () => {
    const learner = await subscriber();
    const next = async () =>
      (await request(testApp.http).get('/api/practice/next').set('Cookie', learner.cookies))
        .body as PracticeNextBody;
    const keep = (current: PracticePlace['current']) =>
      request(testApp.http)
        .post('/api/practice/place')
        .set('Cookie', learner.cookies)
        .send({ mode: 'needs', zones: 1, decisions: 1, plans: 1, current })
        .expect(200);
    const offered: PracticeNextBody[] = [];
    for (let turn = 0; turn < 4; turn++) {
      const choice = await next();
      offered.push(choice);
      const { kind, index, skill, reason, real } = choice;
      if (index === null) throw new Error('an exercise is offered');
      await keep({ kind, index, skill, reason, ...(real ? { real } : {}) });
    }
    // The same skill asked again (nothing was answered): simulated, real, simulated, real.
    expect(offered.map((choice) => choice.real ?? false)).toEqual([false, true, false, true]);
    const real = offered[1];
    expect(real?.reason).toMatch(/This one is a real chart\.$/);
    // The real one offered is served and stays the learner's until it is finished.
    expect(offered[3]?.index).toBe(real?.index);
    const path = real?.kind === 'zone' ? 'real' : 'real/decisions';
    await request(testApp.http)
      .get(`/api/practice/${path}/${real?.index}`)
      .set('Cookie', learner.cookies)
      .expect(200);
    const place = (
      await request(testApp.http).get('/api/practice/place').set('Cookie', learner.cookies)
    ).body as PracticePlace;
    expect(place.current?.real).toBe(true);
  });
});
