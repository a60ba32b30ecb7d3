import { rmSync } from 'node:fs';
import { playOutTrade, positionSize, SHARES, type TradeOutcome } from '@course/rules';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChartCatalogue, type ExerciseChart } from '../src/exercise-charts/chart-catalogue.js';
import { expectError } from './support/http.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { contentWithRiskLessons } from './support/risk-lessons.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** A free plan exercise on the real trade-plan chart 40, opening its own module. */
const PLAN_LESSON = `---
id: 150
path: /plan-a-trade
title: Plan a trade
page: 1/1
linkBack: /home
linkNext: /home
c_num: 40
reqPass: true
sub_req: false
exerciseKind: plan
plan:
  instrument: shares
  account: 25000
  riskPercent: 1
takeaway: A plan is entry, stop, target and size, written before the trade.
illustration:
  caption: A demand zone and a plan above it.
  frames:
    - candles:
        - [50, 50.4, 49.8, 50.1]
        - [50, 52, 50, 51.9]
---

Place the entry, the stop and the target, then press Try.
`;

/** The next lesson of that module: a short trade on chart 41, for Pro Plan learners only. */
const GATED_PLAN_LESSON = PLAN_LESSON.replace('id: 150', 'id: 151')
  .replace('path: /plan-a-trade', 'path: /plan-a-short')
  .replace('page: 1/1', 'page: 2/2')
  .replace('c_num: 40', 'c_num: 41')
  .replace('sub_req: false', 'sub_req: true');

interface PlanBody {
  pass: boolean;
  failed: string[];
  feedback: string[];
  rewardToRisk: number;
  riskDollars: number;
  correctSize: number;
  tries: number;
  revealed: boolean;
  model?: {
    entry: number;
    stop: number;
    target: number;
    size: number;
    rewardToRisk: number;
    outcome: {
      exit: string;
      resultR: number;
      fillTime: number | null;
      exitTime: number | null;
      summary: string;
    };
  };
  outcome?: {
    exit: string;
    resultR: number;
    resultDollars: number;
    stopAssumedFirst: boolean;
    gap: string | null;
    summary: string;
  };
}

describe('POST api/plans: trade-plan exercises', () => {
  let testApp: TestApp;
  let contentDir: string;
  let chart: ExerciseChart;
  let dataSource: DataSource;

  beforeAll(async () => {
    contentDir = contentWithRiskLessons('plans', {
      '01-plan.md': PLAN_LESSON.replace('page: 1/1', 'page: 1/2').replace(
        'linkNext: /home',
        'linkNext: /plan-a-short',
      ),
      '02-plan-short.md': GATED_PLAN_LESSON,
    });
    chart = ChartCatalogue.load(contentDir).get(40)!;
    testApp = await startTestApp({ contentDir });
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  /** The course's own plan for chart 40, sized for 25,000 dollars at 1%. */
  const goodPlan = () => {
    const { entry, stop, target } = chart.trade!.model;
    return {
      lesson: 150,
      entry,
      stop,
      target,
      account: 25_000,
      riskPercent: 1,
      size: positionSize(25_000, 1, entry, stop, SHARES),
    };
  };
  /**
   * How the course's plan for chart 40 plays out after the exercise: a target, a stop or a trade
   * still open, as the chart's market has it (the course's own trades lose too).
   */
  const modelPlayedOut = () =>
    playOutTrade(
      { ...chart.trade!.model, size: goodPlan().size },
      'demand',
      chart.candles.slice(chart.exerciseEnd),
      SHARES,
    );
  /** How the words for a trade begin, by how it ended. */
  const opening = (outcome: Pick<TradeOutcome, 'exit' | 'gap'>): RegExp =>
    outcome.exit === 'target'
      ? /^Reached the target( through a gap)?: \+\d\.\dR \(\+[\d,]+\.\d\d dollars\)/
      : outcome.exit === 'stop'
        ? outcome.gap === 'through-entry-and-stop'
          ? /^Price gapped through /
          : /^Stopped (out|through a gap)/
        : outcome.exit === 'open'
          ? /^Still open where the chart ends/
          : /^Price never came back/;
  const send = (learner: Learner | undefined, body: object) => {
    const call = request(testApp.http).post('/api/plans').send(body);
    return learner ? call.set('Cookie', learner.cookies) : call;
  };

  it('shows the given zone, the opposing zone and the money side on the lesson page', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const page = await request(testApp.http)
      .get('/api/lessons/plan-a-trade')
      .set('Cookie', learner.cookies)
      .expect(200);
    expect(page.body).toMatchObject({
      exerciseKind: 'plan',
      plan: { instrument: 'shares', account: 25_000, riskPercent: 1 },
      planSetup: {
        zone: { type: 'demand', upper: chart.zone.upper, lower: chart.zone.lower },
        opposing: chart.trade!.opposing,
        unit: 'shares',
        pointValue: 1,
        account: 25_000,
        riskPercent: 1,
        minRewardToRisk: 2,
      },
      exercise: { passed: false, tries: 0, revealed: false },
    });
  });

  it('names every rule a plan breaks, keeping the model plan until three tries', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const { zone } = chart;
    const bad = {
      ...goodPlan(),
      // Above the zone, a stop inside it, a target in the supply above, the wrong size.
      entry: zone.upper + 0.5,
      stop: zone.lower + 0.05,
      target: chart.trade!.opposing.upper + 0.2,
      size: 3,
    };
    const first = (await send(learner, bad).expect(200)).body as PlanBody;
    expect(first.pass).toBe(false);
    // Whether it also pays under 2:1 depends on the room the chart's market leaves.
    expect(first.failed.filter((rule) => rule !== 'reward-to-risk')).toEqual([
      'entry',
      'stop',
      'target',
      'size',
    ]);
    expect(first.feedback).toHaveLength(first.failed.length);
    expect(first.feedback[0]).toMatch(/above the zone/);
    expect(first.tries).toBe(1);
    expect(first).not.toHaveProperty('model');
    expect(first).not.toHaveProperty('outcome');
    await send(learner, bad).expect(200);
    const third = (await send(learner, bad).expect(200)).body as PlanBody;
    expect(third).toMatchObject({ tries: 3, revealed: true });
    const model = modelPlayedOut();
    expect(third.model).toMatchObject({
      ...chart.trade!.model,
      size: goodPlan().size,
      outcome: { exit: model.exit, gap: model.gap },
    });
    expect(third.model!.outcome.resultR).toBeCloseTo(model.resultR, 9);
    expect(third.model!.rewardToRisk).toBeGreaterThanOrEqual(2);
    // The course's plan is told in its words, without the learner's "you".
    expect(third.model!.outcome.summary).toMatch(opening(model));
    expect(third.model!.outcome.summary).not.toMatch(/\byou(r)?\b/i);
    expect(third.outcome).toBeDefined();
    // A plan that broke the rules is never called a good trade, whatever it met.
    expect(third.outcome!.summary).not.toMatch(/good trade/);
  });

  it('passes the course’s plan and plays it out as the course’s own, in words', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const result = (await send(learner, goodPlan()).expect(200)).body as PlanBody;
    expect(result).toMatchObject({ pass: true, failed: [], tries: 0, revealed: true });
    expect(result.riskDollars).toBeLessThanOrEqual(250);
    const model = modelPlayedOut();
    expect(result.outcome).toMatchObject({
      exit: model.exit,
      gap: model.gap,
      stopAssumedFirst: model.stopAssumedFirst,
    });
    expect(result.outcome!.resultR).toBeCloseTo(model.resultR, 9);
    expect(result.outcome!.summary).toMatch(opening(model));
    // A plan that follows every rule is a good trade, won or lost.
    if (model.exit === 'target') expect(result.outcome!.summary).toMatch(/The plan worked/);
    if (model.exit === 'stop' && model.gap === null) {
      expect(result.outcome!.summary).toMatch(/A good trade that lost/);
    }
    // A passed plan exercise counts as done, like a passed zone exercise.
    await request(testApp.http)
      .post('/users/update/')
      .set('Cookie', learner.cookies)
      .send({ completed: 150 })
      .expect(200);
    const rows = await dataSource.query<{ lines: number[]; plan: { size: number } }[]>(
      'SELECT lines, plan FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [learner.email],
    );
    expect(rows).toEqual([
      {
        lines: [goodPlan().entry, goodPlan().stop, goodPlan().target],
        plan: expect.objectContaining({ size: goodPlan().size }) as unknown,
      },
    ]);
  });

  it('refuses plans that are not plans with a clear 400, recording nothing', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const plan = goodPlan();
    expectError(
      await send(learner, { ...plan, stop: plan.entry + 1 }),
      400,
      'For a long trade at a demand zone the stop goes below the entry.',
    );
    expectError(await send(learner, { ...plan, stop: undefined }), 400, 'stop must be a price');
    expectError(await send(learner, { ...plan, entry: 'high' }), 400, /entry must be a price/);
    expectError(await send(learner, { ...plan, size: 1e12 }), 400, /size must be at most/);
    expectError(
      await send(learner, { ...plan, size: 100_000_000 }),
      400,
      /more than 100 times the account: that is not a position a broker would open/,
    );
    expectError(await send(learner, { ...plan, riskPercent: 0 }), 400, /riskPercent/);
    expectError(
      await send(learner, { ...plan, lesson: 101 }),
      400,
      'Lesson 101 has no trade-plan exercise.',
    );
    expectError(await send(undefined, plan), 401, /not logged in/);
    const [row] = await dataSource.query<{ n: string }[]>(
      'SELECT COUNT(*) AS n FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [learner.email],
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('keeps a zone answer from unlocking a plan exercise: the zone is given, the plan is asked', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const zoneLines = [chart.zone.upper, chart.zone.lower];
    const answerZone = (body: object) =>
      request(testApp.http).post('/api/attempts').set('Cookie', learner.cookies).send(body);
    expectError(
      await answerZone({ lesson: 150, lines: zoneLines }),
      400,
      'Lesson 150 asks for a trade plan: send it to api/plans.',
    );
    expectError(
      await answerZone({ chart: 40, lines: zoneLines }),
      400,
      'Chart 40 is a trade-plan exercise: send the answer to api/plans.',
    );
    const data = await request(testApp.http)
      .get('/chart-data/40?lesson=150')
      .set('Cookie', learner.cookies)
      .expect(200);
    expect(data.body).not.toHaveProperty('next');
    expect(data.body).not.toHaveProperty('hiddenpl');
    expectError(
      await request(testApp.http)
        .post('/users/update/')
        .set('Cookie', learner.cookies)
        .send({ completed: 150 }),
      409,
      /Pass this lesson/,
    );
    // One failed plan try is one try of three, not a reveal.
    const plan = { ...goodPlan(), size: 1 };
    expect((await send(learner, plan).expect(200)).body).toMatchObject({
      tries: 1,
      triesLeft: 2,
      revealed: false,
    });
  });

  it('holds a gated plan lesson behind the wall, and behind the lesson before it', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const shortPlan = () => {
      const short = ChartCatalogue.load(contentDir).get(41)!.trade!.model;
      return {
        ...goodPlan(),
        lesson: 151,
        ...short,
        size: positionSize(25_000, 1, short.entry, short.stop, SHARES),
      };
    };
    const refused = await send(learner, shortPlan());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ subscriptionRequired: true });
    const data = await request(testApp.http).get('/chart-data/41').set('Cookie', learner.cookies);
    expect(data.status).toBe(403);

    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    const first = await send(learner, shortPlan());
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ finishFirst: { id: 150, path: '/plan-a-trade' } });

    await send(learner, goodPlan()).expect(200);
    await request(testApp.http)
      .post('/users/update/')
      .set('Cookie', learner.cookies)
      .send({ completed: 150 })
      .expect(200);
    expect((await send(learner, shortPlan()).expect(200)).body).toMatchObject({ pass: true });
  });

  it('shows the last plan again on the lesson page, and the record on the results', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const lessonPage = async () =>
      (
        await request(testApp.http)
          .get('/api/lessons/plan-a-trade')
          .set('Cookie', learner.cookies)
          .expect(200)
      ).body as { planReview: (PlanBody & { plan: { size: number } }) | null };
    const results = async () =>
      (
        await request(testApp.http)
          .get('/api/plans/results')
          .set('Cookie', learner.cookies)
          .expect(200)
      ).body as {
        exercises: { lesson: { id: number }; tries: number; outcome: object | null }[];
        record: {
          plans: number;
          wins: number;
          closed: number;
          hitRate: number | null;
          expectancy: number | null;
          standardErrorR: number | null;
          cumulativeR: number[];
        };
      };
    expect((await lessonPage()).planReview).toBeNull();
    expect(await results()).toEqual({
      exercises: [],
      record: expect.objectContaining({ plans: 0, hitRate: null }) as unknown,
    });

    const wrongSize = { ...goodPlan(), size: 3 };
    await send(learner, wrongSize).expect(200);
    const review = (await lessonPage()).planReview!;
    expect(review).toMatchObject({ pass: false, failed: ['size'], tries: 1, revealed: false });
    expect(review.plan.size).toBe(3);
    expect(review).not.toHaveProperty('model');
    // Not revealed: listed, but how it played out stays hidden with the candles after it.
    expect((await results()).exercises).toEqual([
      expect.objectContaining({
        lesson: expect.objectContaining({ id: 150 }),
        tries: 1,
        outcome: null,
      }),
    ]);

    await send(learner, goodPlan()).expect(200);
    const passed = (await lessonPage()).planReview!;
    const model = modelPlayedOut();
    expect(passed).toMatchObject({ pass: true, revealed: true, outcome: { exit: model.exit } });
    expect(passed.model).toMatchObject(chart.trade!.model);
    const after = await results();
    expect(after.exercises).toHaveLength(1);
    expect(after.exercises[0]!.outcome).toMatchObject({ exit: model.exit });
    const closed = model.exit === 'target' || model.exit === 'stop' ? 1 : 0;
    expect(after.record).toMatchObject({
      plans: 1,
      wins: model.exit === 'target' ? 1 : 0,
      closed,
      hitRate: closed === 0 ? null : model.exit === 'target' ? 1 : 0,
    });
    expect(after.record.cumulativeR[0]).toBeCloseTo(model.resultR, 9);
    // One closed trade: an expectancy, but no spread to measure its error by.
    expect(after.record.expectancy).toBe(closed === 0 ? null : after.record.cumulativeR[0]);
    expect(after.record.standardErrorR).toBeNull();
    expect(after.exercises[0]!.outcome).toMatchObject({ summary: passed.outcome!.summary });
    expectError(await request(testApp.http).get('/api/plans/results'), 401, /not logged in/);
  });

  it('gives each learner practice plans of their own, graded and listed with the lessons', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const other = await registerLearner(testApp.http, dataSource);
    interface PracticePlan {
      index: number;
      data: { time: number }[];
      next?: unknown[];
      planSetup: { zone: { type: string; upper: number; lower: number }; opposing: object };
      planReview: PlanBody | null;
      exercise: { tries: number; revealed: boolean };
    }
    const practicePlan = async (who: Learner, index: number) =>
      (
        await request(testApp.http)
          .get(`/api/practice/plans/${index}`)
          .set('Cookie', who.cookies)
          .expect(200)
      ).body as PracticePlan;
    const first = await practicePlan(learner, 1);
    expect(first).toMatchObject({
      index: 1,
      planReview: null,
      exercise: { tries: 0, revealed: false },
    });
    expect(first).not.toHaveProperty('next');
    expect(first.data.length).toBeGreaterThan(100);
    // The same learner gets the same chart again; another learner their own.
    expect((await practicePlan(learner, 1)).planSetup).toEqual(first.planSetup);
    expect((await practicePlan(other, 1)).planSetup).not.toEqual(first.planSetup);

    const { zone } = first.planSetup;
    const long = zone.type === 'demand';
    const miss = {
      practice: 1,
      entry: long ? zone.upper + 5 : zone.lower - 5,
      stop: long ? zone.upper + 4 : zone.lower - 4,
      target: long ? zone.upper + 6 : zone.lower - 6,
      account: 25_000,
      riskPercent: 1,
      size: 1,
    };
    for (let tries = 1; tries <= 3; tries++) {
      const answer = (await send(learner, miss).expect(200)).body as PlanBody;
      expect(answer).toMatchObject({ pass: false, tries, revealed: tries === 3 });
    }
    const revealed = await practicePlan(learner, 1);
    expect(revealed.exercise).toMatchObject({ tries: 3, revealed: true });
    expect(revealed.next?.length).toBeGreaterThan(0);
    expect(revealed.planReview?.model).toBeDefined();
    // The zone practice chart of the same index is another exercise: nothing of it is revealed.
    const zoneChart = await request(testApp.http)
      .get('/api/practice/1')
      .set('Cookie', learner.cookies)
      .expect(200);
    expect(zoneChart.body).toMatchObject({ exercise: { tries: 0, revealed: false } });

    const results = (
      await request(testApp.http)
        .get('/api/plans/results')
        .set('Cookie', learner.cookies)
        .expect(200)
    ).body as { exercises: { lesson: { id: number | null; title: string } }[] };
    expect(results.exercises).toEqual([
      expect.objectContaining({
        lesson: expect.objectContaining({ id: null, title: 'Practice plan 1' }),
      }),
    ]);

    // Practice plans after the first are the Pro Plan's, like practice charts.
    const gated = await request(testApp.http)
      .get('/api/practice/plans/2')
      .set('Cookie', learner.cookies);
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ subscriptionRequired: true });
    expect((await send(learner, { ...miss, practice: 2 })).status).toBe(403);
    expectError(
      await send(learner, { ...miss, lesson: 150 }),
      400,
      'Send exactly one of lesson and practice.',
    );
    expectError(
      await send(learner, { ...miss, practice: 51 }),
      400,
      /practice must be one of your practice charts, from 1 to 50/,
    );
    expectError(
      await request(testApp.http).get('/api/practice/plans/0').set('Cookie', learner.cookies),
      400,
      /practice plan must be a whole number from 1 to 50, written in plain digits/,
    );
  });
});
