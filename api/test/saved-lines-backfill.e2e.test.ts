import request from 'supertest';
import { DataSource } from 'typeorm';
import { BackfillSavedLines1795851887011 } from '../src/database/migrations/1795851887011-backfill-saved-lines.js';
import { type Learner, registerLearner, subscribeLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** /validating-faz pushes the lines drawn on chart 18; /validating-clean pulls them. */
const PUSHING = { id: 26, chart: 18 };
const PULLING = { id: 27, path: 'validating-clean' };

interface SavedRow {
  user_id: string;
  chart_number: number;
  lesson_id: number;
  lines: number[];
  source: string;
}

/**
 * Attempts as a release before `saved_lines` left them (no row beside them), then the backfill
 * run on them the way the migrations run it. The test database is already migrated, so the
 * migration's `up` is called directly on rows inserted the way the old release inserted them.
 */
describe('backfilling saved_lines from attempts graded before it existed', () => {
  let testApp: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    testApp = await startTestApp();
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(() => testApp.close());

  const backfill = async () => {
    const runner = dataSource.createQueryRunner();
    try {
      await new BackfillSavedLines1795851887011().up(runner);
    } finally {
      await runner.release();
    }
  };

  let minutesAgo = 600;
  /** A graded zone try as the old release stored it, each one later than the one before. */
  const oldAttempt = (
    learner: Learner,
    graded: { lines: unknown[]; pass: boolean; lessonId?: number | null; chart?: number },
  ) =>
    dataSource.query(
      `INSERT INTO attempts (user_id, chart_number, lesson_id, lines, pass, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
      [
        learner.id,
        graded.chart ?? PUSHING.chart,
        graded.lessonId === undefined ? PUSHING.id : graded.lessonId,
        JSON.stringify(graded.lines),
        graded.pass,
        minutesAgo--,
      ],
    );
  const savedOf = async (learner: Learner) =>
    dataSource.query<SavedRow[]>(
      'SELECT user_id, chart_number, lesson_id, lines, source FROM saved_lines WHERE user_id = $1',
      [learner.id],
    );
  const MISS = [1.5, 1.25];

  it('keeps each learner’s latest passing lines, nothing without a pass, and never overwrites', async () => {
    const register = () => registerLearner(testApp.http, dataSource);
    const [passedTwice, chartOnly, revealed, twoMisses, elsewhere, alreadyKept] = [
      await register(),
      await register(),
      await register(),
      await register(),
      await register(),
      await register(),
    ];

    // Passed, passed again with other lines (and a third that grading ignores), then missed.
    await oldAttempt(passedTwice, { lines: MISS, pass: false });
    await oldAttempt(passedTwice, { lines: [101.5, 100.25], pass: true });
    await oldAttempt(passedTwice, { lines: [101.75, 100.5, 7], pass: true });
    await oldAttempt(passedTwice, { lines: MISS, pass: false });
    // A pass sent by chart number alone counts for the pushing lesson, as it does live.
    await oldAttempt(chartOnly, { lines: [99.5, 98], pass: true, lessonId: null });
    // Three misses showed the zone: its prices are not in the database, so nothing is backfilled.
    for (let tries = 0; tries < 3; tries++)
      await oldAttempt(revealed, { lines: MISS, pass: false });
    await oldAttempt(twoMisses, { lines: MISS, pass: false });
    await oldAttempt(twoMisses, { lines: MISS, pass: false });
    // Passes that are not the pushing lesson's: another lesson on chart 18, another chart.
    await oldAttempt(elsewhere, { lines: [99, 98], pass: true, lessonId: PULLING.id });
    await oldAttempt(elsewhere, { lines: [99, 98], pass: true, chart: 16, lessonId: null });
    // A row the live code wrote since: the backfill leaves it as it is.
    await oldAttempt(alreadyKept, { lines: [50, 49], pass: true });
    await dataSource.query(
      `INSERT INTO saved_lines (user_id, chart_number, lesson_id, lines, source)
       VALUES ($1, $2, $3, $4, 'answer')`,
      [alreadyKept.id, PUSHING.chart, PUSHING.id, [52, 51]],
    );

    await backfill();

    const answer = (learner: Learner, lines: number[]) => [
      {
        user_id: learner.id,
        chart_number: PUSHING.chart,
        lesson_id: PUSHING.id,
        lines,
        source: 'answer',
      },
    ];
    expect(await savedOf(passedTwice)).toEqual(answer(passedTwice, [101.75, 100.5]));
    expect(await savedOf(chartOnly)).toEqual(answer(chartOnly, [99.5, 98]));
    expect(await savedOf(revealed)).toEqual([]);
    expect(await savedOf(twoMisses)).toEqual([]);
    expect(await savedOf(elsewhere)).toEqual([]);
    expect(await savedOf(alreadyKept)).toEqual(answer(alreadyKept, [52, 51]));

    // Run again (a second instance, a retried deploy): the same rows, none added or changed.
    const everyRow = () =>
      dataSource.query<SavedRow[]>(
        'SELECT user_id, chart_number, lesson_id, lines, source, updated_at FROM saved_lines ' +
          'ORDER BY user_id, chart_number',
      );
    const before = await everyRow();
    await backfill();
    expect(await everyRow()).toEqual(before);
  });

  it('shows backfilled lines dashed in the pulling lesson, as a live answer’s are', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await subscribeLearner(testApp.http, testApp.config.appOrigin, learner);
    const catalogue = (await request(testApp.http).get('/api/lessons').expect(200)).body as {
      modules: { key: string; lessons: { id: number }[] }[];
    };
    const validating = catalogue.modules.find((module) => module.key === 'validating')!.lessons;
    // Every lesson before the pulling one done, as it was for a learner of the old release.
    for (const { id } of validating.slice(
      0,
      validating.findIndex((l) => l.id === PULLING.id),
    )) {
      await dataSource.query(
        'INSERT INTO completed_lessons (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [learner.id, id],
      );
    }
    await oldAttempt(learner, { lines: [101.5, 100.25], pass: true });
    const pulled = () =>
      request(testApp.http)
        .get(`/api/lessons/${PULLING.path}/pulled-lines`)
        .set('Cookie', learner.cookies)
        .expect(200);
    expect((await pulled()).body).toEqual({ chart: PUSHING.chart, lines: [], source: null });

    await backfill();

    expect((await pulled()).body).toEqual({
      chart: PUSHING.chart,
      lines: [101.5, 100.25],
      source: 'answer',
    });
  });
});
