import type { SkillKey } from '@course/rules';
import type { PracticeNextBody, SkillMastery, SkillsBody } from '@course/contract';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { PracticeCharts } from '../src/practice-charts/practice-charts.js';
import { startServer } from '../src/server.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Two API instances on one PostgreSQL, as behind a load balancer: a learner's answers sent to
 * either are seen by both. The embedded database is one session of one process and cannot be
 * shared by two instances, so without DATABASE_URL there is nothing to test (CI sets it).
 */
const onServer = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';
if (!onServer) console.warn('SKIPPED: two instances need a PostgreSQL server (DATABASE_URL)');
const describeOnServer = onServer ? describe : describe.skip;

describeOnServer('a learner’s skills across two API instances', () => {
  let first: TestApp;
  let second: { app: NestExpressApplication; http: App; close(): Promise<void> };
  let learner: Learner;

  beforeAll(async () => {
    first = await startTestApp();
    // The second instance: the same configuration and database, its own caches and pool.
    const server = await startServer(first.config, {
      listen: false,
      logger: false,
      databaseKind: 'server',
    });
    second = {
      app: server.app,
      http: server.app.getHttpServer(),
      close: async () => {
        await server.close();
      },
    };
    learner = await registerLearner(first.http, first.app.get(DataSource));
    await subscribeLearner(first.http, first.config.appOrigin, learner);
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const get = async <T>(http: App, path: string) =>
    (await request(http).get(path).set('Cookie', learner.cookies).expect(200)).body as T;

  const skillsOn = async (http: App) =>
    new Map(
      (await get<SkillsBody>(http, '/api/skills')).skills.map((skill): [SkillKey, SkillMastery] => [
        skill.key,
        skill,
      ]),
    );

  /**
   * The same states on both: every count and flag, and mastery to its sixth decimal (read a few
   * milliseconds apart, mastery has decayed by a hair more on the later read).
   */
  function expectSameSkills(
    one: ReadonlyMap<SkillKey, SkillMastery>,
    other: ReadonlyMap<SkillKey, SkillMastery>,
  ) {
    const exact = (skills: ReadonlyMap<SkillKey, SkillMastery>) =>
      [...skills.values()].map(({ key, attempts, due }) => ({ key, attempts, due }));
    expect(exact(other)).toEqual(exact(one));
    for (const [key, skill] of one) {
      expect(other.get(key)!.mastery).toBeCloseTo(skill.mastery, 6);
      expect(other.get(key)!.uncertainty).toBeCloseTo(skill.uncertainty, 6);
    }
  }

  /** The zone's own bounds (a pass), or lines well above it (a miss), sent to `http`. */
  async function answerZone(http: App, index: number, pass: boolean) {
    const { zone } = (await first.app.get(PracticeCharts).get(learner.id, index)).fiveMinute;
    const height = zone.upper - zone.lower;
    const lines = pass
      ? [zone.upper, zone.lower]
      : [zone.upper + 3 * height, zone.upper + 4 * height];
    await request(http)
      .post('/api/attempts')
      .set('Cookie', learner.cookies)
      .send({ practice: index, lines })
      .expect(200);
  }

  it('shows on one instance the skills answered on the other', async () => {
    const before = await skillsOn(second.http);
    expect(before.get('zone-bounds')).toMatchObject({ attempts: 0, mastery: 0.5 });

    await answerZone(first.http, 1, true);
    const seenElsewhere = await skillsOn(second.http);
    expect(seenElsewhere.get('zone-bounds')!.attempts).toBe(1);
    expect(seenElsewhere.get('zone-bounds')!.mastery).toBeGreaterThan(0.5);

    await answerZone(second.http, 2, false);
    const [onFirst, onSecond] = await Promise.all([skillsOn(first.http), skillsOn(second.http)]);
    expect(onFirst.get('zone-bounds')!.attempts).toBe(2);
    expectSameSkills(onFirst, onSecond);
  });

  it('counts answers sent to both at once, each once', async () => {
    const before = (await skillsOn(first.http)).get('zone-bounds')!.attempts;
    // Two answers of one learner at the same moment, one on each instance: both are kept.
    await Promise.all([answerZone(first.http, 3, true), answerZone(second.http, 4, true)]);
    const [onFirst, onSecond] = await Promise.all([skillsOn(first.http), skillsOn(second.http)]);
    expect(onFirst.get('zone-bounds')!.attempts).toBe(before + 2);
    expectSameSkills(onFirst, onSecond);
  });

  it('chooses the same next practice exercise on both', async () => {
    const [onFirst, onSecond] = await Promise.all([
      get<PracticeNextBody>(first.http, '/api/practice/next'),
      get<PracticeNextBody>(second.http, '/api/practice/next'),
    ]);
    expect(onSecond).toEqual(onFirst);
    expect(onFirst.index).not.toBeNull();
  });
});
