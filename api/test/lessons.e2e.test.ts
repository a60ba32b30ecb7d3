import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChartCatalogue } from '../src/exercise-charts/chart-catalogue.js';
import { PublicAnswersFastPath } from '../src/web/public-answers.js';
import { expectError } from './support/http.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';

const NOT_LOGGED_IN = 'You are not logged in, or your session has expired.';
import { startTestApp, type TestApp } from './support/test-app.js';

const FIXTURE_LESSONS = fileURLToPath(new URL('./fixtures/content/lessons', import.meta.url));
const REAL_CONTENT = fileURLToPath(new URL('../content', import.meta.url));

/** A lesson showing the same chart as /m1-zone, as /hp-reacts-sb shows /comCrit-psych's. */
const SAME_CHART_LESSON = `---
id: 103
path: /m1-zone-again
title: The same zone again
page: 2/2
linkBack: /m1-zone
linkNext: /welcome
c_num: 7
reqPass: false
sub_req: false
takeaway: A chart you have seen can teach a second lesson.
illustration:
  caption: A base and a move up.
  frames:
    - candles:
        - [50, 50.4, 49.8, 50.1]
        - [50, 52, 50, 51.9]
---

Mark the zone again.
`;

/** The fixture's lessons (and one more on chart 7) beside the real chart scenarios. */
function makeContentDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'lessons-content-'));
  cpSync(FIXTURE_LESSONS, join(folder, 'lessons'), { recursive: true });
  writeFileSync(join(folder, 'lessons', 'foundations', '03-zone-again.md'), SAME_CHART_LESSON);
  cpSync(join(REAL_CONTENT, 'charts.yaml'), join(folder, 'charts.yaml'));
  return folder;
}

interface ChartBody {
  chart_number: number;
  type: string;
  data: { time: number; open: number; high: number; low: number; close: number; type?: string }[];
  hiddenpl?: number;
  hiddenpl2?: number;
  explanation?: string;
  next?: unknown[];
}

describe('lessons, charts, attempts and progress', () => {
  let testApp: TestApp;
  let contentDir: string;
  let charts: ChartCatalogue;
  let dataSource: DataSource;

  beforeAll(async () => {
    contentDir = makeContentDir();
    charts = ChartCatalogue.load(contentDir);
    testApp = await startTestApp({ contentDir });
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  const zoneOf = (chartNumber: number) => {
    const chart = charts.get(chartNumber);
    if (!chart) throw new Error(`no chart ${chartNumber}`);
    return chart.zone;
  };
  const wrongLines = (chartNumber: number): number[] => {
    const { upper, lower } = zoneOf(chartNumber);
    return [upper + 5 * (upper - lower) + 1, upper + 6 * (upper - lower) + 2];
  };
  const rightLines = (chartNumber: number): number[] => {
    const { upper, lower } = zoneOf(chartNumber);
    return [upper, lower];
  };
  const attempt = (learner: Learner | undefined, body: object): request.Test => {
    const call = request(testApp.http).post('/api/attempts').send(body);
    return learner ? call.set('Cookie', learner.cookies) : call;
  };
  const countAttempts = async (): Promise<number> =>
    Number((await dataSource.query<{ n: string }[]>('SELECT COUNT(*) AS n FROM attempts'))[0]?.n);
  const complete = (learner: Learner, lessonId: number) =>
    request(testApp.http)
      .post('/users/update/')
      .set('Cookie', learner.cookies)
      .send({ completed: lessonId })
      .expect(200);
  const subscribe = (learner: Learner) =>
    subscribeLearner(testApp.http, testApp.config.appOrigin, learner);

  describe('GET api/lessons', () => {
    it('lists the catalogue by module with descriptors and a visitor’s status', async () => {
      const response = await request(testApp.http).get('/api/lessons').expect(200);
      const body = response.body as {
        subscribed: boolean;
        modules: { key: string; lessons: Record<string, unknown>[] }[];
      };
      expect(body.subscribed).toBe(false);
      expect(body.modules.map((module) => module.key)).toEqual(['foundations', 'sd-basics']);
      const [first, second] = body.modules[0]?.lessons ?? [];
      expect(first).toMatchObject({
        id: 101,
        path: '/m1-welcome',
        title: 'First steps',
        linkNext: '/m1-zone',
        linkBack: '/home',
        page: '1/2',
        c_num: null,
        hourly_c_num: null,
        lineVisible: false,
        reqPass: false,
        twoseries: false,
        pullLine: false,
        pushLine: false,
        prev_chart: null,
        sub_req: false,
        status: 'open',
        subscriptionRequired: false,
      });
      expect(second).toMatchObject({ id: 102, c_num: 7, reqPass: true, status: 'locked' });
      expect(body.modules[1]?.lessons[1]).toMatchObject({ id: 7, subscriptionRequired: true });
      expect(first).not.toHaveProperty('html');
    });
  });

  describe('GET api/lessons/{path}', () => {
    let learner: Learner;
    beforeAll(async () => {
      learner = await registerLearner(testApp.http, dataSource);
    });

    it('gives a free lesson’s descriptor and rendered content', async () => {
      const response = await request(testApp.http)
        .get('/api/lessons/m1-welcome')
        .set('Cookie', learner.cookies)
        .expect(200);
      expect(response.body).toMatchObject({
        id: 101,
        path: '/m1-welcome',
        moduleTitle: 'Foundations',
        status: 'open',
        exercise: null,
        takeaway: expect.stringContaining('buyers and sellers') as unknown,
      });
      const html = (response.body as { html: string }).html;
      expect(html).toContain('<h2>Welcome</h2>');
      expect(html).not.toContain('<script>');
    });

    it('refuses a gated lesson to a learner without the plan, with subscriptionRequired', async () => {
      const response = await request(testApp.http)
        .get('/api/lessons/sup-zone')
        .set('Cookie', learner.cookies);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: "Let's keep it going! You must be subscribed to access this content",
        subscriptionRequired: true,
      });
      expect(JSON.stringify(response.body)).not.toContain('Mark the supply zone');
    });

    it('refuses a lesson whose previous lesson is not done, naming the one to finish', async () => {
      const response = await request(testApp.http)
        .get('/api/lessons/m1-zone')
        .set('Cookie', learner.cookies);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Finish “First steps” first: lessons open in order.',
        finishFirst: { id: 101, path: '/m1-welcome', title: 'First steps' },
      });
      const other = await registerLearner(testApp.http, dataSource);
      await complete(other, 101);
      await request(testApp.http)
        .get('/api/lessons/m1-zone')
        .set('Cookie', other.cookies)
        .expect(200);
    });

    it('opens a gated lesson once the learner has the Pro Plan and it is next', async () => {
      const subscriber = await registerLearner(testApp.http, dataSource);
      await subscribe(subscriber);
      const locked = await request(testApp.http)
        .get('/api/lessons/sup-zone')
        .set('Cookie', subscriber.cookies);
      expect(locked.status).toBe(403);
      expect(locked.body).toMatchObject({ finishFirst: { id: 1, path: '/welcome' } });
      await complete(subscriber, 1);
      const response = await request(testApp.http)
        .get('/api/lessons/sup-zone')
        .set('Cookie', subscriber.cookies)
        .expect(200);
      expect(response.body).toMatchObject({
        id: 7,
        c_num: 3,
        subscriptionRequired: false,
        exercise: { passed: false, tries: 0, revealed: false },
      });
      expect((response.body as { html: string }).html).toContain('Mark the supply zone');
      const catalogue = (
        await request(testApp.http).get('/api/lessons').set('Cookie', subscriber.cookies)
      ).body as { subscribed: boolean };
      expect(catalogue.subscribed).toBe(true);
    });

    it('answers 404 for an unknown lesson and 401 without a session', async () => {
      expectError(
        await request(testApp.http).get('/api/lessons/nowhere').set('Cookie', learner.cookies),
        404,
        'There is no lesson at /nowhere.',
      );
      expect((await request(testApp.http).get('/api/lessons/m1-welcome')).status).toBe(401);
    });
  });

  describe('GET chart-data/{id}', () => {
    it('sends the exercise candles ascending, the zone type, and no answer', async () => {
      const response = await request(testApp.http).get('/chart-data/7').expect(200);
      const body = response.body as ChartBody;
      expect(body).toMatchObject({ chart_number: 7, type: 'demand' });
      expect(body.data.length).toBeGreaterThan(20);
      const times = body.data.map((candle) => candle.time);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(body.data[0]?.type).toBe('demand');
      for (const hidden of ['hiddenpl', 'hiddenpl2', 'explanation', 'next']) {
        expect(body).not.toHaveProperty(hidden);
      }
      expect(JSON.stringify(body)).not.toContain('actualpl');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('is served gzipped with an ETag, and answers 304 when the copy is current', async () => {
      const first = await request(testApp.http)
        .get('/chart-data/7')
        .set('Accept-Encoding', 'gzip')
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(first.headers['content-encoding']).toBe('gzip');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers.vary).toMatch(/Cookie/);
      const again = await request(testApp.http).get('/chart-data/7').set('If-None-Match', etag);
      expect(again.status).toBe(304);
      // supertest has already unzipped the body it read.
      expect(JSON.parse(String(first.body as Buffer))).toMatchObject({
        chart_number: 7,
      });
    });

    it('answers public requests before the framework with the same headers and body', async () => {
      const answered = jest.spyOn(PublicAnswersFastPath.prototype, 'tryAnswer');
      try {
        // The first public answer of this app may come through Express; later ones may not.
        const throughExpress = await request(testApp.http).get('/chart-data/31');
        const direct = await request(testApp.http).get('/chart-data/31');
        expect(answered.mock.results.at(-1)?.value).toBe(true);
        const withoutDate = (headers: Record<string, string>) => {
          const { date: _date, ...rest } = headers;
          return rest;
        };
        expect(withoutDate(direct.headers)).toEqual(withoutDate(throughExpress.headers));
        expect(direct.headers['content-security-policy']).toContain("default-src 'self'");
        expect(direct.body).toEqual(throughExpress.body);

        // Weighted encodings are left to Express, which honours "gzip;q=0".
        const plain = await request(testApp.http)
          .get('/chart-data/31')
          .set('Accept-Encoding', 'gzip;q=0, identity');
        expect(answered.mock.results.at(-1)?.value).toBe(false);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toEqual(throughExpress.body);
      } finally {
        answered.mockRestore();
      }
    });

    it('refuses ids that are not whole chart numbers and answers 404 for unknown ones', async () => {
      for (const id of ['abc', '7.5', '-3', '0x10', '03', '0']) {
        expectError(
          await request(testApp.http).get(`/chart-data/${id}`),
          400,
          'The chart id must be a whole number from 1 to 2000000000, written in plain digits.',
        );
      }
      expectError(
        await request(testApp.http).get('/chart-data/999'),
        404,
        'There is no chart number 999.',
      );
    });

    it('keeps a gated lesson’s chart behind the wall: 401 without a session, 403 without the plan', async () => {
      expectError(await request(testApp.http).get('/chart-data/3'), 401, NOT_LOGGED_IN);
      const learner = await registerLearner(testApp.http, dataSource);
      const refused = await request(testApp.http)
        .get('/chart-data/3')
        .set('Cookie', learner.cookies);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ subscriptionRequired: true });
      expect(JSON.stringify(refused.body)).not.toContain('"data"');
      await subscribe(learner);
      const body = (
        await request(testApp.http).get('/chart-data/3').set('Cookie', learner.cookies).expect(200)
      ).body as ChartBody;
      expect(body.chart_number).toBe(3);
      expect(body).not.toHaveProperty('hiddenpl');
    });

    it('simulates nothing for ids outside the catalogue, and keeps unlisted charts for the plan', async () => {
      const learner = await registerLearner(testApp.http, dataSource);
      for (const id of ['1000', '1234567', '500500']) {
        expectError(
          await request(testApp.http).get(`/chart-data/${id}`),
          404,
          `There is no chart number ${id}.`,
        );
        expectError(
          await request(testApp.http).get(`/chart-data/${id}`).set('Cookie', learner.cookies),
          404,
          `There is no chart number ${id}.`,
        );
      }
      // Chart 50 is in the scenario file but no fixture lesson or demo shows it.
      expectError(await request(testApp.http).get('/chart-data/50'), 401, NOT_LOGGED_IN);
      expect(
        (await request(testApp.http).get('/chart-data/50').set('Cookie', learner.cookies)).status,
      ).toBe(403);
    });

    it('serves the hourly twin of a chart, ending on the hour in progress at the same price', async () => {
      // Charts with a 1-hour twin that no fixture lesson shows: unlisted, for subscribers.
      const subscriber = await registerLearner(testApp.http, dataSource);
      await subscribe(subscriber);
      const get = async (chartNumber: number) =>
        (
          await request(testApp.http)
            .get(`/chart-data/${chartNumber}`)
            .set('Cookie', subscriber.cookies)
            .expect(200)
        ).body as ChartBody & { timeframe: string; twin: number | null };
      // The first whose exercise ends inside an hour (one that ends on an hour's last candle
      // has no hour in progress).
      let fiveMinute: Awaited<ReturnType<typeof get>> | undefined;
      let chartNumber = 0;
      for (const candidate of [11, 13, 16, 18]) {
        const chart = await get(candidate);
        if ((chart.data.at(-1)!.time % 3600) / 60 < 55) {
          [fiveMinute, chartNumber] = [chart, candidate];
          break;
        }
      }
      if (!fiveMinute) throw new Error('no chart with a 1-hour twin ends inside an hour');
      expect(fiveMinute.twin).toBe(chartNumber + 1);
      const hourly = await get(chartNumber + 1);
      expect(hourly.timeframe).toBe('1hr');
      const lastFive = fiveMinute.data.at(-1)!;
      const lastHour = hourly.data.at(-1)!;
      // The hour in progress when the exercise ends, built from the exercise's candles only.
      expect(lastHour.time).toBe(lastFive.time - (lastFive.time % 3600));
      expect(lastHour.close).toBe(lastFive.close);
      const ofThatHour = fiveMinute.data.filter((candle) => candle.time >= lastHour.time);
      expect(lastHour.high).toBe(Math.max(...ofThatHour.map((candle) => candle.high)));

      // Once revealed, that hour comes whole, first in what happened next.
      for (let tries = 0; tries < 3; tries += 1) {
        await attempt(subscriber, { chart: chartNumber, lines: wrongLines(chartNumber) }).expect(
          200,
        );
      }
      const revealed = await get(chartNumber + 1);
      expect(revealed.data.at(-1)!.time).toBeLessThan(lastHour.time);
      expect((revealed.next as { time: number }[])[0]?.time).toBe(lastHour.time);
    });
  });

  describe('POST api/attempts', () => {
    let learner: Learner;
    beforeAll(async () => {
      learner = await registerLearner(testApp.http, dataSource);
      // Chart 7 is lesson 102's, which opens once lesson 101 is done.
      await complete(learner, 101);
    });

    it('says why a miss missed and counts it, without revealing the zone', async () => {
      const response = await attempt(learner, { chart: 7, lines: wrongLines(7) }).expect(200);
      expect(response.body).toEqual({
        pass: false,
        reason: 'too-high',
        feedback: expect.stringMatching(/above the zone/) as unknown,
        tries: 1,
        triesLeft: 2,
        revealed: false,
      });
    });

    it('reveals the zone, its explanation and what came next from the third failed try', async () => {
      await attempt(learner, { chart: 7, lines: wrongLines(7) }).expect(200);
      const third = await attempt(learner, { lesson: 102, lines: wrongLines(7) }).expect(200);
      const zone = zoneOf(7);
      expect(third.body).toMatchObject({
        pass: false,
        tries: 3,
        triesLeft: 0,
        revealed: true,
        zone: { type: 'demand', upper: zone.upper, lower: zone.lower },
        explanation: expect.any(String) as unknown,
        baseTimes: expect.any(Array) as unknown,
      });
      const chart = (
        await request(testApp.http).get('/chart-data/7').set('Cookie', learner.cookies)
      ).body as ChartBody;
      expect(chart).toMatchObject({ hiddenpl: zone.upper, hiddenpl2: zone.lower });
      expect(chart.data[0]).toMatchObject({ actualpl: zone.upper, actualpl2: zone.lower });
      expect(chart.next?.length).toBeGreaterThan(0);
    });

    it('passes two lines inside the zone (the spec’s rule) and reveals at once', async () => {
      const other = await registerLearner(testApp.http, dataSource);
      await complete(other, 101);
      const response = await attempt(other, { chart: 7, lines: rightLines(7) }).expect(200);
      expect(response.body).toMatchObject({ pass: true, reason: 'pass', tries: 0, revealed: true });
      const hourly = charts.get(7)?.twin;
      if (hourly) {
        const twin = (
          await request(testApp.http).get(`/chart-data/${hourly}`).set('Cookie', other.cookies)
        ).body as ChartBody;
        expect(twin.hiddenpl).toBe(zoneOf(7).upper);
      }
    });

    it('keeps a chart that two lessons show as two exercises, each with its own tries', async () => {
      const learner2 = await registerLearner(testApp.http, dataSource);
      await complete(learner2, 101);
      const chartOf = async (query: string) =>
        (
          await request(testApp.http)
            .get(`/chart-data/7${query}`)
            .set('Cookie', learner2.cookies)
            .expect(200)
        ).body as ChartBody;
      const pageOf = async (path: string) =>
        (
          (
            await request(testApp.http)
              .get(`/api/lessons${path}`)
              .set('Cookie', learner2.cookies)
              .expect(200)
          ).body as { exercise: { passed: boolean; tries: number; revealed: boolean } }
        ).exercise;

      await attempt(learner2, { lesson: 102, lines: rightLines(7) }).expect(200);
      expect((await chartOf('?lesson=102')).hiddenpl).toBe(zoneOf(7).upper);
      await complete(learner2, 102);
      // The next lesson shows the same chart as a fresh exercise.
      expect(await pageOf('/m1-zone-again')).toEqual({
        passed: false,
        tries: 0,
        triesLeft: 3,
        revealed: false,
      });
      const again = await chartOf('?lesson=103');
      expect(again.hiddenpl).toBeUndefined();
      expect(again.next).toBeUndefined();
      const miss = await attempt(learner2, { lesson: 103, lines: wrongLines(7) }).expect(200);
      expect(miss.body).toMatchObject({ pass: false, tries: 1, revealed: false });
      // Asked by chart number alone (the spec's call), the chart's standing is the learner's.
      expect((await chartOf('')).hiddenpl).toBe(zoneOf(7).upper);
      expect(await pageOf('/m1-zone')).toMatchObject({ passed: true, revealed: true });

      await request(testApp.http)
        .get('/chart-data/7?lesson=1')
        .set('Cookie', learner2.cookies)
        .expect(400)
        .expect((response) =>
          expect((response.body as { message: string }).message).toBe(
            'Lesson 1 does not show chart 7.',
          ),
        );
      for (const bad of ['abc', '0', '99999']) {
        await request(testApp.http)
          .get(`/chart-data/7?lesson=${bad}`)
          .set('Cookie', learner2.cookies)
          .expect(400);
      }
    });

    it('lets a visitor answer a landing demo chart, counted in a signed cookie, not in rows', async () => {
      const before = await countAttempts();
      const first = await attempt(undefined, { chart: 30, lines: wrongLines(30) }).expect(200);
      expect(first.body).toMatchObject({ tries: 1, revealed: false });
      const cookieOf = (response: request.Response) =>
        String((response.headers['set-cookie'] as unknown as string[])[0]).split(';')[0] ?? '';
      let cookie = cookieOf(first);
      expect(cookie).toMatch(/^demo_tries=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      const second = await request(testApp.http)
        .post('/api/attempts')
        .set('Cookie', cookie)
        .send({ chart: 30, lines: wrongLines(30) })
        .expect(200);
      cookie = cookieOf(second);
      const third = await request(testApp.http)
        .post('/api/attempts')
        .set('Cookie', cookie)
        .send({ chart: 30, lines: wrongLines(30) })
        .expect(200);
      expect(third.body).toMatchObject({ tries: 3, revealed: true });
      cookie = cookieOf(third);
      const chart = (await request(testApp.http).get('/chart-data/30').set('Cookie', cookie))
        .body as ChartBody;
      expect(chart.hiddenpl).toBe(zoneOf(30).upper);
      const stranger = (await request(testApp.http).get('/chart-data/30')).body as ChartBody;
      expect(stranger).not.toHaveProperty('hiddenpl');
      expect(await countAttempts()).toBe(before);
    });

    it('ignores a demo cookie it did not sign: a visitor cannot write a pass', async () => {
      const payload = Buffer.from(JSON.stringify({ 30: [0, 1], 31: [5, 0] })).toString('base64url');
      const forged = `demo_tries=${payload}.${'A'.repeat(43)}`;
      const chart = (await request(testApp.http).get('/chart-data/30').set('Cookie', forged))
        .body as ChartBody;
      expect(chart).not.toHaveProperty('hiddenpl');
      const answer = await request(testApp.http)
        .post('/api/attempts')
        .set('Cookie', forged)
        .send({ chart: 31, lines: wrongLines(31) })
        .expect(200);
      expect(answer.body).toMatchObject({ tries: 1, revealed: false });
    });

    it('keeps a gated lesson’s answer from a learner without the plan, however often asked', async () => {
      const other = await registerLearner(testApp.http, dataSource);
      for (let index = 0; index < 4; index += 1) {
        const refused = await attempt(other, { chart: 3, lines: [0.01, 0.02] });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ subscriptionRequired: true });
        expect(refused.body).not.toHaveProperty('zone');
      }
      const refusedLesson = await attempt(other, { lesson: 7, lines: [0.01, 0.02] });
      expect(refusedLesson.status).toBe(403);
      const chart = await request(testApp.http).get('/chart-data/3').set('Cookie', other.cookies);
      expect(chart.status).toBe(403);
      expect(JSON.stringify(chart.body)).not.toMatch(/hiddenpl|explanation|next/);
    });

    it('refuses answers to a lesson’s chart until the lesson is open', async () => {
      const newcomer = await registerLearner(testApp.http, dataSource);
      for (const body of [
        { chart: 7, lines: wrongLines(7) },
        { lesson: 102, lines: wrongLines(7) },
      ]) {
        const refused = await attempt(newcomer, body);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ finishFirst: { id: 101 } });
      }
    });

    it('refuses lesson charts to visitors', async () => {
      expectError(
        await attempt(undefined, { chart: 7, lines: wrongLines(7) }),
        401,
        'You are not logged in, or your session has expired.',
      );
    });

    it('refuses bad answers with a clear 400 and records nothing', async () => {
      const before = await countAttempts();
      const cases: [object, string | RegExp][] = [
        [{ chart: 7 }, /lines must be a list of prices/],
        [{ lines: [1, 2] }, 'Send exactly one of chart, lesson, practice and real.'],
        [
          { chart: 7, lesson: 102, lines: [1, 2] },
          'Send exactly one of chart, lesson, practice and real.',
        ],
        [
          { chart: 7, practice: 1, lines: [1, 2] },
          'Send exactly one of chart, lesson, practice and real.',
        ],
        [{ practice: 0, lines: [1, 2] }, 'practice must be a practice chart from 1 to 100'],
        [{ practice: 101, lines: [1, 2] }, 'practice must be a practice chart from 1 to 100'],
        [{ chart: 7, lines: ['a', 'b'] }, 'each line must be a price (a number)'],
        [{ chart: 7, lines: [1, -2] }, 'each line must be a price above zero'],
        [{ chart: 7.5, lines: [1, 2] }, 'chart must be a whole chart number'],
        [{ chart: '7', lines: [1, 2] }, 'chart must be a whole chart number'],
        [{ chart: 7, lines: [1, 2], extra: true }, 'property extra should not exist'],
        [
          { chart: 7, lines: Array.from({ length: 11 }, () => 1) },
          'lines can hold at most 10 prices',
        ],
        [{ lesson: 999, lines: [1, 2] }, 'There is no lesson with id 999.'],
        [{ lesson: 101, lines: [1, 2] }, 'Lesson 101 has no chart exercise.'],
        [{ chart: 7, lines: [100] }, /only one line/],
      ];
      for (const [body, message] of cases) {
        expectError(await attempt(learner, body), 400, message);
      }
      expectError(
        await attempt(learner, { chart: 999, lines: [1, 2] }),
        404,
        'There is no chart number 999.',
      );
      expect(await countAttempts()).toBe(before);
    });
  });

  describe('GET api/practice/{index}: every learner’s own practice charts', () => {
    interface PracticeBody extends Omit<ChartBody, 'chart_number'> {
      index: number;
      exercise: { passed: boolean; tries: number; revealed: boolean };
      hourly: Omit<ChartBody, 'chart_number'> & { timeframe: string };
    }
    let learner: Learner;
    let subscriber: Learner;
    beforeAll(async () => {
      learner = await registerLearner(testApp.http, dataSource);
      subscriber = await registerLearner(testApp.http, dataSource);
      await subscribe(subscriber);
    });
    const practice = (who: Learner | undefined, index: number | string) => {
      const call = request(testApp.http).get(`/api/practice/${index}`);
      return who ? call.set('Cookie', who.cookies) : call;
    };
    const body = async (who: Learner, index: number): Promise<PracticeBody> =>
      (await practice(who, index).expect(200)).body as PracticeBody;
    /** Lines far above any zone of the chart: a certain miss. */
    const missFor = (chart: PracticeBody): number[] => {
      const top = Math.max(...chart.data.map((candle) => candle.high));
      return [top * 3, top * 3.1];
    };

    it('gives the first chart to any learner as a taster, with its 1-hour twin and no answer', async () => {
      const chart = await body(learner, 1);
      expect(chart).toMatchObject({
        index: 1,
        round: 10,
        count: 100,
        free: 1,
        timeframe: '5min',
        exercise: { passed: false, tries: 0, revealed: false },
      });
      expect(chart.data.length).toBeGreaterThan(100);
      expect(chart.hourly.timeframe).toBe('1hr');
      expect(chart.hourly.data.length).toBeGreaterThan(10);
      expect(chart).not.toHaveProperty('chart_number');
      for (const hidden of ['hiddenpl', 'hiddenpl2', 'explanation', 'next']) {
        expect(chart).not.toHaveProperty(hidden);
        expect(chart.hourly).not.toHaveProperty(hidden);
      }
      expect(JSON.stringify(chart)).not.toContain('actualpl');
    });

    it('keeps the rest for the Pro Plan, and everything from visitors', async () => {
      const refused = await practice(learner, 2);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ subscriptionRequired: true });
      expectError(await practice(undefined, 1), 401, NOT_LOGGED_IN);
      const answer = await attempt(learner, { practice: 2, lines: [1, 2] });
      expect(answer.status).toBe(403);
      expect((await body(subscriber, 2)).index).toBe(2);
      expect((await body(subscriber, 100)).index).toBe(100);
    });

    it('gives the same learner the same chart every time, and each learner their own', async () => {
      const again = await body(learner, 1);
      expect(again.data).toEqual((await body(learner, 1)).data);
      const someoneElse = await body(subscriber, 1);
      expect(someoneElse.data).not.toEqual(again.data);
      // Within a learner's round the zone types alternate.
      const types = await Promise.all(
        [1, 2, 3, 4].map(async (index) => (await body(subscriber, index)).type),
      );
      expect(types[0]).not.toBe(types[1]);
      expect(types[1]).not.toBe(types[2]);
      expect(types[0]).toBe(types[2]);
      expect(types[1]).toBe(types[3]);
    });

    it('grades through api/attempts and reveals only the learner’s own chart after three tries', async () => {
      const before = await body(subscriber, 3);
      for (let tries = 1; tries <= 3; tries += 1) {
        const response = await attempt(subscriber, { practice: 3, lines: missFor(before) }).expect(
          200,
        );
        expect(response.body).toMatchObject({ pass: false, tries, revealed: tries === 3 });
      }
      const after = await body(subscriber, 3);
      expect(after.exercise).toEqual({ passed: false, tries: 3, triesLeft: 0, revealed: true });
      expect(after.hiddenpl).toBeGreaterThan(after.hiddenpl2 ?? Infinity);
      expect(after.hourly.hiddenpl).toBe(after.hiddenpl);
      expect(after.next?.length).toBeGreaterThan(0);
      // Another learner's chart 3 is another chart, and still hidden.
      const others = await body(learner, 1);
      expect(others).not.toHaveProperty('hiddenpl');
    });

    it('passes two lines inside the learner’s own zone, and only there', async () => {
      const mine = await body(subscriber, 3);
      const zone = [mine.hiddenpl ?? 0, mine.hiddenpl2 ?? 0];
      const passed = await attempt(subscriber, { practice: 3, lines: zone }).expect(200);
      expect(passed.body).toMatchObject({ pass: true, revealed: true });
      // The same lines on another learner's chart 1 are a miss: the answers differ.
      const elsewhere = await attempt(learner, { practice: 1, lines: zone }).expect(200);
      expect(elsewhere.body).toMatchObject({ pass: false, revealed: false });
    });

    it('refuses indexes outside 1 to 100 with a clear 400', async () => {
      for (const index of ['0', '101', 'abc', '1.5', '-1', '0x10', '1e1', '0b1', '01']) {
        expectError(
          await practice(subscriber, index),
          400,
          'The practice chart must be a whole number from 1 to 100, written in plain digits.',
        );
      }
    });
  });

  describe('users/get-progress and users/update/', () => {
    let learner: Learner;
    beforeAll(async () => {
      learner = await registerLearner(testApp.http, dataSource);
    });
    const update = (body: object): request.Test =>
      request(testApp.http).post('/users/update/').set('Cookie', learner.cookies).send(body);
    const progress = async (): Promise<unknown> =>
      (
        await request(testApp.http)
          .get('/users/get-progress')
          .set('Cookie', learner.cookies)
          .expect(200)
      ).body;

    it('starts empty and records a lesson once, however often it is sent', async () => {
      expect(await progress()).toEqual({ completed: [] });
      expect((await update({ completed: 101 }).expect(200)).body).toEqual({ completed: [101] });
      expect((await update({ completed: 101 }).expect(200)).body).toEqual({ completed: [101] });
      expect(await progress()).toEqual({ completed: [101] });
      const catalogue = (
        await request(testApp.http).get('/api/lessons').set('Cookie', learner.cookies)
      ).body as {
        modules: { lessons: { id: number; status: string }[] }[];
      };
      expect(catalogue.modules[0]?.lessons.map((lesson) => lesson.status)).toEqual([
        'completed',
        'open',
        'locked',
      ]);
    });

    it('records a pass-required lesson only after a pass or three failed tries', async () => {
      expectError(
        await update({ completed: 102 }),
        409,
        'Pass this lesson’s chart exercise, or use your three tries, before moving on.',
      );
      expect(await progress()).toEqual({ completed: [101] });
      for (let index = 0; index < 3; index += 1) {
        await attempt(learner, { lesson: 102, lines: wrongLines(7) }).expect(200);
      }
      expect((await update({ completed: 102 }).expect(200)).body).toEqual({
        completed: [101, 102],
      });
    });

    it('refuses gated lessons without the plan, unknown ids and bad bodies; nothing changes', async () => {
      const response = await update({ completed: 7 });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ subscriptionRequired: true });
      // A lesson cannot be marked done before the one before it: the order holds here too.
      const newcomer = await registerLearner(testApp.http, dataSource);
      const early = await request(testApp.http)
        .post('/users/update/')
        .set('Cookie', newcomer.cookies)
        .send({ completed: 102 });
      expect(early.status).toBe(403);
      expect(early.body).toMatchObject({ finishFirst: { id: 101 } });
      expectError(await update({ completed: 999 }), 400, 'There is no lesson with id 999.');
      expectError(await update({}), 400, 'completed must be a lesson id (a whole number)');
      expectError(
        await update({ completed: 'one' }),
        400,
        'completed must be a lesson id (a whole number)',
      );
      expectError(await update({ completed: 101, more: 1 }), 400, 'property more should not exist');
      expect(await progress()).toEqual({ completed: [101, 102] });
      expect((await request(testApp.http).get('/users/get-progress')).status).toBe(401);
      expect(
        (await request(testApp.http).post('/users/update/').send({ completed: 101 })).status,
      ).toBe(401);
    });
  });
});
