import { rmSync } from 'node:fs';
import { MANAGEMENT_RULES, playOutTrade, SHARES } from '@course/rules';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChartCatalogue } from '../src/exercise-charts/chart-catalogue.js';
import { expectError } from './support/http.js';
import { type Learner, registerLearner } from './support/learners.js';
import { contentWithRiskLessons } from './support/risk-lessons.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** A free trade-management exercise on the real chart 44, a long at a demand zone. */
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

interface ManageBody {
  pass: boolean;
  feedback: string[];
  tries: number;
  revealed: boolean;
  answer: { rule: string };
  course?: {
    rule: string;
    outcomes: {
      rule: string;
      label: string;
      resultR: number;
      exit: string | null;
      summary: string;
    }[];
    lesson: string;
  };
}

interface ManagePage {
  exerciseKind: string;
  manageSetup: {
    zone: { type: string; upper: number; lower: number };
    plan: { entry: number; stop: number; target: number };
    oneR: number;
    choices: { rule: string; label: string }[];
  };
  manageReview: ManageBody | null;
  exercise: { revealed: boolean; tries: number };
}

describe('POST api/manage: trade-management exercises', () => {
  let testApp: TestApp;
  let contentDir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    contentDir = contentWithRiskLessons('manage', { '01-manage.md': MANAGE_LESSON });
    testApp = await startTestApp({ contentDir });
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  const manage = (learner: Learner | undefined, body: object) => {
    const call = request(testApp.http).post('/api/manage').send(body);
    return learner ? call.set('Cookie', learner.cookies) : call;
  };
  const lessonPage = async (learner: Learner) =>
    (
      await request(testApp.http)
        .get('/api/lessons/manage-it')
        .set('Cookie', learner.cookies)
        .expect(200)
    ).body as ManagePage;
  const chartData = (learner: Learner) =>
    request(testApp.http).get('/chart-data/44?lesson=170').set('Cookie', learner.cookies);

  it('shows the plan and the choices, and neither the answer nor what came next', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const page = await lessonPage(learner);
    expect(page).toMatchObject({
      exerciseKind: 'manage',
      manageSetup: { zone: { type: 'demand' } },
      manageReview: null,
      exercise: { revealed: false, tries: 0 },
    });
    const { plan, oneR, choices } = page.manageSetup;
    expect(oneR).toBeCloseTo(plan.entry + (plan.entry - plan.stop), 9);
    expect(choices.map((choice) => choice.rule)).toEqual([...MANAGEMENT_RULES]);
    expect(choices.find((choice) => choice.rule === 'trail')?.label).toMatch(/higher low/);
    // The rule the lesson grades with stays on the server.
    expect(page).not.toHaveProperty('manageRule');
    const catalogue = await request(testApp.http).get('/api/lessons').expect(200);
    expect(JSON.stringify(catalogue.body)).not.toMatch(/manageRule/);
    expect((await chartData(learner).expect(200)).body).not.toHaveProperty('next');
  });

  it('answers once: the verdict, the lesson’s rule, and every rule played out in R and words', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const held = (await manage(learner, { lesson: 170, rule: 'hold' }).expect(200))
      .body as ManageBody;
    expect(held).toMatchObject({ pass: false, tries: 1, revealed: true, answer: { rule: 'hold' } });
    expect(held.feedback[0]).toMatch(/^Not this lesson’s rule\. You chose “Hold/);
    expect(held.feedback[1]).toBe(
      'The course’s rule here: Breakeven: at +1R, move the stop to the entry.',
    );
    const course = held.course!;
    expect(course.rule).toBe('breakeven');
    expect(course.outcomes.map((outcome) => outcome.rule)).toEqual([...MANAGEMENT_RULES]);
    const names = ['Holding', 'Breakeven', 'Half off at +1R', 'Trailing', 'Time stop'];
    course.outcomes.forEach((outcome, index) => {
      expect(outcome.summary.startsWith(`${names[index]}: `)).toBe(true);
      expect(outcome.summary).toMatch(/[+−]?\d\.\dR( in all)?\.$/);
      expect(Number.isFinite(outcome.resultR)).toBe(true);
    });
    expect(course.lesson).toMatch(
      /judge a rule over many trades|Every rule ended this trade|no rule had a trade/,
    );
    // Holding is the plan as the plan exercises play it out.
    const chart = ChartCatalogue.load(contentDir).get(44)!;
    const played = playOutTrade(
      { ...chart.trade!.model, size: 1 },
      'demand',
      chart.candles.slice(chart.exerciseEnd),
      SHARES,
    );
    expect(course.outcomes[0]?.resultR).toBeCloseTo(played.resultR, 9);
    // Answered (even wrongly): the page tells it again, the chart plays on, the lesson completes.
    const page = await lessonPage(learner);
    expect(page.manageReview).toMatchObject({ pass: false, course: { rule: 'breakeven' } });
    expect(page.exercise).toMatchObject({ revealed: true, tries: 1 });
    expect((await chartData(learner).expect(200)).body).toHaveProperty('next');
    await request(testApp.http)
      .post('/users/update/')
      .set('Cookie', learner.cookies)
      .send({ completed: 170 })
      .expect(200);
  });

  it('passes the lesson’s rule with no failed try', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const right = (await manage(learner, { lesson: 170, rule: 'breakeven' }).expect(200))
      .body as ManageBody;
    expect(right).toMatchObject({ pass: true, tries: 0, revealed: true });
    expect(right.feedback[0]).toBe('Right: that is the rule this lesson teaches.');
    expect(right.course?.outcomes).toHaveLength(MANAGEMENT_RULES.length);
  });

  it('keeps the tries of a management answer apart from the chart’s other exercises', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await manage(learner, { lesson: 170, rule: 'trail' }).expect(200);
    // Chart 44 by number alone is a trade-plan chart: no plan was tried, nothing is revealed.
    expect(
      (await request(testApp.http).get('/chart-data/44').set('Cookie', learner.cookies).expect(200))
        .body,
    ).not.toHaveProperty('next');
  });

  it('refuses answers that are not answers with a clear 400, recording nothing', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    expectError(
      await manage(learner, { lesson: 170, rule: 'yolo' }),
      400,
      /rule must be one of hold, breakeven, partial, trail, time/,
    );
    expectError(await manage(learner, { lesson: 170 }), 400, /rule must be one of/);
    expectError(await manage(learner, { rule: 'hold' }), 400, /lesson must be a lesson id/);
    expectError(
      await manage(learner, { lesson: 170, practice: 1, rule: 'hold' }),
      400,
      /practice should not exist/,
    );
    expectError(
      await manage(learner, { lesson: 101, rule: 'hold' }),
      400,
      'Lesson 101 has no trade-management exercise.',
    );
    expectError(
      await request(testApp.http)
        .post('/api/attempts')
        .set('Cookie', learner.cookies)
        .send({ lesson: 170, lines: [193, 192.8] }),
      400,
      'Lesson 170 asks how to manage a trade: send it to api/manage.',
    );
    expectError(await manage(undefined, { lesson: 170, rule: 'hold' }), 401, /not logged in/);
    const [row] = await dataSource.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [learner.email],
    );
    expect(Number(row?.n)).toBe(0);
  });
});
