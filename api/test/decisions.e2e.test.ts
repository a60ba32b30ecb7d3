import { rmSync } from 'node:fs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { expectError } from './support/http.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { contentWithRiskLessons } from './support/risk-lessons.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** A free take-or-skip exercise on the real chart 43, a supply zone to skip for lack of room. */
const DECISION_LESSON = `---
id: 160
path: /take-or-skip
title: Take or skip
page: 1/1
linkBack: /home
linkNext: /home
c_num: 43
reqPass: true
sub_req: false
exerciseKind: decision
takeaway: Decide before price arrives, with the four checks.
illustration:
  caption: A supply zone and the demand below it.
  frames:
    - candles:
        - [50, 50.4, 49.8, 50.1]
        - [50.1, 50.2, 49, 49.1]
---

Take or skip the trade at this supply zone.
`;

interface DecisionBody {
  pass: boolean;
  feedback: string[];
  tries: number;
  revealed: boolean;
  answer: { take: boolean; reasons: string[]; criteria?: string[] };
  scorecard?: {
    pass: boolean;
    points: number;
    grade: string;
    misread: string[];
    course: {
      readings: { criterion: string; met: boolean; text: string }[];
      points: number;
      grade: string;
    };
    feedback: string[];
  };
  course?: {
    take: boolean;
    checks: { check: string; ok: boolean; text: string }[];
    rewardToRisk: number;
    outcome: { exit: string; summary: string };
  };
}

describe('POST api/decisions: take-or-skip exercises', () => {
  let testApp: TestApp;
  let contentDir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    contentDir = contentWithRiskLessons('decisions', { '01-decide.md': DECISION_LESSON });
    testApp = await startTestApp({ contentDir });
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  const decide = (learner: Learner | undefined, body: object) => {
    const call = request(testApp.http).post('/api/decisions').send(body);
    return learner ? call.set('Cookie', learner.cookies) : call;
  };
  const lessonPage = async (learner: Learner) =>
    (
      await request(testApp.http)
        .get('/api/lessons/take-or-skip')
        .set('Cookie', learner.cookies)
        .expect(200)
    ).body as {
      exerciseKind: string;
      decisionSetup: { zone: { type: string }; opposing: { upper: number; lower: number } };
      decisionReview: DecisionBody | null;
      exercise: { revealed: boolean };
    };

  it('shows the zone and the wall, and nothing of the answer before the learner decides', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const page = await lessonPage(learner);
    expect(page).toMatchObject({
      exerciseKind: 'decision',
      decisionSetup: { zone: { type: 'supply' } },
      decisionReview: null,
      exercise: { revealed: false },
    });
    const data = await request(testApp.http)
      .get('/chart-data/43?lesson=160')
      .set('Cookie', learner.cookies)
      .expect(200);
    expect(data.body).not.toHaveProperty('next');
  });

  it('answers once with the course’s decision, every check and what a trade there met', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const taken = (await decide(learner, { lesson: 160, take: true, reasons: [] }).expect(200))
      .body as DecisionBody;
    expect(taken).toMatchObject({ pass: false, tries: 1, revealed: true });
    expect(taken.feedback[0]).toMatch(/the course skips this one/);
    expect(taken.feedback).toHaveLength(5);
    expect(taken.course).toMatchObject({ take: false });
    // What skipping avoided, or cost, in R only: a take-or-skip trade sizes nothing.
    const { exit, summary } = taken.course!.outcome;
    const told: Record<string, RegExp> = {
      stop: /^(Skipping avoided a loss: the 2R trade would have been stopped .*−\d\.\dR|Price gapped through the whole zone)/,
      target:
        /^Skipping cost a winner this time: .* The course skips trades with too little room to the next zone.* one result doesn't change that\.$/,
      open: /^The 2R trade would still be open where the chart ends/,
      'not-filled': /^Price never came back to the zone/,
    };
    expect(summary).toMatch(told[exit]!);
    expect(summary).not.toMatch(/dollars/);
    expect(taken.course!.checks.find((check) => check.check === 'room')).toMatchObject({
      ok: false,
    });
    expect(taken.course!.rewardToRisk).toBeLessThan(2);
    // The page shows the answer again, and the chart now carries what came next.
    expect((await lessonPage(learner)).decisionReview).toMatchObject({ pass: false });
    const data = await request(testApp.http)
      .get('/chart-data/43?lesson=160')
      .set('Cookie', learner.cookies)
      .expect(200);
    expect(data.body).toHaveProperty('next');
    // Answered (even wrongly): the lesson may be completed, as after three missed zones.
    await request(testApp.http)
      .post('/users/update/')
      .set('Cookie', learner.cookies)
      .send({ completed: 160 })
      .expect(200);
  });

  it('passes a skip only with exactly the checks that fail', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const { course } = (
      await decide(learner, { lesson: 160, take: false, reasons: ['fresh'] }).expect(200)
    ).body as DecisionBody;
    const failing = course!.checks.filter((check) => !check.ok).map((check) => check.check);
    expect(failing).toContain('room');
    const right = (
      await decide(learner, { lesson: 160, take: false, reasons: failing }).expect(200)
    ).body as DecisionBody;
    expect(right).toMatchObject({ pass: true, revealed: true });
    expect(right.feedback[0]).toMatch(/for the right reasons/);
  });

  it('grades a score of the zone beside the decision, and shows it again on the page', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const { scorecard, answer } = (
      await decide(learner, {
        lesson: 160,
        take: false,
        reasons: ['room'],
        criteria: ['time', 'base', 'move', 'round-number', 'fresh'],
      }).expect(200)
    ).body as DecisionBody;
    expect(answer.criteria).toEqual(['time', 'base', 'move', 'round-number', 'fresh']);
    // The course reads each of the five criteria on the candles the learner saw.
    const course = scorecard!.course;
    expect(course.readings.map((reading) => reading.criterion)).toEqual([
      'time',
      'base',
      'move',
      'round-number',
      'fresh',
    ]);
    const met = course.readings.filter((reading) => reading.met).map((r) => r.criterion);
    expect(course.points).toBe(met.length);
    expect(course.grade).toBe(met.length === 5 ? 'A' : met.length === 4 ? 'B' : 'C');
    expect(scorecard).toMatchObject({ points: 5, grade: 'A', pass: met.length === 5 });
    expect(scorecard!.misread).toEqual(
      course.readings.filter((reading) => !reading.met).map((reading) => reading.criterion),
    );
    expect(scorecard!.feedback).toHaveLength(6);
    // The review on the page is the same score.
    expect((await lessonPage(learner)).decisionReview?.scorecard).toEqual(scorecard);
    // Scored as the course does, it passes.
    const other = await registerLearner(testApp.http, dataSource);
    const right = (
      await decide(other, { lesson: 160, take: false, reasons: ['room'], criteria: met }).expect(
        200,
      )
    ).body as DecisionBody;
    expect(right.scorecard).toMatchObject({ pass: true, misread: [] });
    expect(right.scorecard!.feedback[0]).toMatch(/^Scored right: \d of 5/);
  });

  it('refuses answers that are not answers with a clear 400, recording nothing', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    expectError(
      await decide(learner, { lesson: 160, take: true, reasons: ['room'] }),
      400,
      'A trade that is taken has no reasons to skip it.',
    );
    expectError(
      await decide(learner, { lesson: 160, take: false, reasons: [] }),
      400,
      'Name the checks that fail when you skip a trade.',
    );
    expectError(
      await decide(learner, { lesson: 160, take: false, reasons: ['vibes'] }),
      400,
      /each reason must be one of grade, room, fresh, higher-timeframe/,
    );
    expectError(await decide(learner, { lesson: 160, take: 'yes', reasons: [] }), 400, /take must/);
    expectError(
      await decide(learner, { lesson: 160, take: true, reasons: [], criteria: ['vibes'] }),
      400,
      /each criterion must be one of time, base, move, round-number, fresh/,
    );
    expectError(
      await decide(learner, { lesson: 160, take: true, reasons: [], criteria: ['time', 'time'] }),
      400,
      /each criterion may be named once/,
    );
    expectError(
      await decide(learner, { lesson: 160, practice: 1, take: true, reasons: [] }),
      400,
      'Send exactly one of lesson and practice.',
    );
    expectError(
      await decide(learner, { lesson: 101, take: true, reasons: [] }),
      400,
      'Lesson 101 has no take-or-skip exercise.',
    );
    expectError(
      await request(testApp.http)
        .post('/api/attempts')
        .set('Cookie', learner.cookies)
        .send({ lesson: 160, lines: [193, 192.8] }),
      400,
      'Lesson 160 asks to take or skip a trade: send it to api/decisions.',
    );
    expectError(
      await decide(undefined, { lesson: 160, take: true, reasons: [] }),
      401,
      /not logged in/,
    );
    const [row] = await dataSource.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [learner.email],
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('gives each learner practice decisions of their own; after the first, for the Pro Plan', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const first = (
      await request(testApp.http)
        .get('/api/practice/decisions/1')
        .set('Cookie', learner.cookies)
        .expect(200)
    ).body as { decisionSetup: object; decisionReview: null; exercise: { revealed: boolean } };
    expect(first).toMatchObject({ decisionReview: null, exercise: { revealed: false } });
    const answered = (await decide(learner, { practice: 1, take: true, reasons: [] }).expect(200))
      .body as DecisionBody;
    expect(answered).toMatchObject({ tries: answered.pass ? 0 : 1, revealed: true });
    expect(answered.course).toBeDefined();
    const gated = await request(testApp.http)
      .get('/api/practice/decisions/2')
      .set('Cookie', learner.cookies);
    expect(gated.status).toBe(403);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    await request(testApp.http)
      .get('/api/practice/decisions/2')
      .set('Cookie', learner.cookies)
      .expect(200);
  });
});
