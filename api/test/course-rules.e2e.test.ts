import request from 'supertest';
import type { AttemptResult, CourseRules } from '@course/contract';
import { DataSource } from 'typeorm';
import { cookieHeader } from './support/http.js';
import { registerLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * GET api/course states the numbers the API applies, so the app can show them instead of keeping
 * its own: each one is checked here against what the API does.
 */
describe('GET api/course', () => {
  let testApp: TestApp;
  let rules: CourseRules;

  beforeAll(async () => {
    testApp = await startTestApp();
    const response = await request(testApp.http).get('/api/course').expect(200);
    rules = response.body as CourseRules;
    expect(response.get('Cache-Control')).toMatch(/^public, max-age=\d+$/);
  });
  afterAll(() => testApp.close());

  it("answers the spec's numbers", () => {
    expect(rules).toEqual({
      landingDemo: { charts: [30, 31, 32, 33, 34] },
      practice: { round: 10, charts: 100, plans: 50, decisions: 50, free: 1 },
      triesBeforeReveal: { zone: 3, plan: 3, decision: 1, manage: 1 },
    });
  });

  it('lists demo charts a visitor may load and answer', async () => {
    for (const chart of rules.landingDemo.charts) {
      await request(testApp.http).get(`/chart-data/${chart}`).expect(200);
    }
    const after = Math.max(...rules.landingDemo.charts) + 1;
    await request(testApp.http)
      .post('/api/attempts')
      .send({ chart: after, lines: [1, 2] })
      .expect((response) => expect([401, 404]).toContain(response.status));
  });

  it('reveals a zone after the failed tries it states', async () => {
    const [chart] = rules.landingDemo.charts;
    let cookies = '';
    let answer: AttemptResult | undefined;
    for (let tries = 1; tries <= rules.triesBeforeReveal.zone; tries++) {
      const response = await request(testApp.http)
        .post('/api/attempts')
        .set('Cookie', cookies)
        .send({ chart, lines: [1, 2] })
        .expect(200);
      cookies = cookieHeader(response, ['demo_tries']);
      answer = response.body as AttemptResult;
      expect(answer.revealed).toBe(tries === rules.triesBeforeReveal.zone);
    }
    expect(answer?.triesLeft).toBe(0);
  });

  it('bounds the practice charts at the counts it states', async () => {
    const { charts, plans, decisions, free } = rules.practice;
    const { cookies } = await registerLearner(testApp.http, testApp.app.get(DataSource));
    const get = (path: string) => request(testApp.http).get(path).set('Cookie', cookies);
    await get(`/api/practice/${charts + 1}`).expect(400);
    await get(`/api/practice/plans/${plans + 1}`).expect(400);
    await get(`/api/practice/decisions/${decisions + 1}`).expect(400);
    // The last one is a place in the portal, behind the Pro Plan like every one after the free.
    await get(`/api/practice/${charts}`).expect(403);
    expect(charts).toBeGreaterThan(free);
  });
});
