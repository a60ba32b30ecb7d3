import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { rollUpOldEvents } from '../src/analytics/analytics-retention.js';
import { readLessonNames } from '../src/analytics/lesson-names.js';
import { exerciseReport, funnelReport, lessonReport } from '../src/analytics/report-queries.js';
import { runReport } from '../src/analytics/reports.js';
import { projectRoot } from '../src/config/config.js';
import { dataSourceOptions } from '../src/database/database-options.js';
import { migrate } from '../src/database/migrate.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The reports' numbers on a fixture of known events: who did what is written here, and every
 * number below is worked out by hand from it.
 */
const u1 = randomUUID();
const u2 = randomUUID();
const u3 = randomUUID();
const v1 = randomUUID();
const v2 = randomUUID();
const v3 = randomUUID();
const v4 = randomUUID();
const v5 = randomUUID();

interface FixtureEvent {
  name: string;
  at: string;
  visitor?: string;
  user?: string;
  route?: string;
  lesson?: number;
  chart?: number;
  practice?: number;
  durationMs?: number;
  passed?: boolean;
}

/** Ten more learners: five pass lesson 14 at once, five struggle with lesson 15. */
const crowd = Array.from({ length: 10 }, () => randomUUID());

const FIXTURE: FixtureEvent[] = [
  // Week of 2026-11-02. v1 (later u1) lands, fails and passes the demo, registers, subscribes.
  { name: 'page_view', at: '2026-11-02T09:00:00Z', visitor: v1, route: '/' },
  { name: 'demo_try', at: '2026-11-02T09:01:00Z', visitor: v1, chart: 3, passed: false },
  { name: 'demo_try', at: '2026-11-02T09:02:00Z', visitor: v1, chart: 3, passed: true },
  { name: 'demo_pass', at: '2026-11-02T09:02:00Z', visitor: v1, chart: 3, passed: true },
  { name: 'page_view', at: '2026-11-02T09:03:00Z', visitor: v1, route: '/register' },
  { name: 'registration', at: '2026-11-03T10:00:00Z', visitor: v1, user: u1 },
  { name: 'checkout_started', at: '2026-11-04T10:00:00Z', user: u1 },
  { name: 'checkout_completed', at: '2026-11-04T10:01:00Z', user: u1 },
  // v2 (later u2) lands, passes the demo at once, registers; never subscribes.
  { name: 'page_view', at: '2026-11-03T08:00:00Z', visitor: v2, route: '/' },
  { name: 'page_view', at: '2026-11-03T08:00:05Z', visitor: v2, route: '/' },
  { name: 'demo_try', at: '2026-11-03T08:01:00Z', visitor: v2, chart: 3, passed: true },
  { name: 'registration', at: '2026-11-03T08:05:00Z', visitor: v2, user: u2 },
  // v4 only looks.
  { name: 'page_view', at: '2026-11-04T12:00:00Z', visitor: v4, route: '/' },
  // Week of 2026-11-09. v3 (later u3, who logs in elsewhere) lands and misses the demo.
  { name: 'page_view', at: '2026-11-10T12:00:00Z', visitor: v3, route: '/' },
  { name: 'demo_try', at: '2026-11-10T12:01:00Z', visitor: v3, chart: 3, passed: false },
  // v5 comes straight to the pricing page.
  { name: 'page_view', at: '2026-11-11T12:00:00Z', visitor: v5, route: '/pricing' },
  // Lesson 13: u1 misses then passes and replays; u2 uses three tries; u3 passes at once.
  { name: 'lesson_opened', at: '2026-11-12T10:00:00Z', user: u1, lesson: 13 },
  { name: 'exercise_try', at: '2026-11-12T10:05:00Z', user: u1, lesson: 13, passed: false },
  { name: 'exercise_try', at: '2026-11-12T10:06:00Z', user: u1, lesson: 13, passed: true },
  { name: 'exercise_pass', at: '2026-11-12T10:06:00Z', user: u1, lesson: 13, passed: true },
  { name: 'exercise_replay', at: '2026-11-12T10:07:00Z', user: u1, lesson: 13 },
  { name: 'exercise_time', at: '2026-11-12T10:08:00Z', user: u1, lesson: 13, durationMs: 60_000 },
  { name: 'exercise_time', at: '2026-11-12T10:20:00Z', user: u1, lesson: 13, durationMs: 30_000 },
  { name: 'lesson_completed', at: '2026-11-12T10:30:00Z', user: u1, lesson: 13 },
  { name: 'lesson_opened', at: '2026-11-12T10:00:00Z', user: u2, lesson: 13 },
  { name: 'exercise_try', at: '2026-11-12T10:01:00Z', user: u2, lesson: 13, passed: false },
  { name: 'exercise_try', at: '2026-11-12T10:02:00Z', user: u2, lesson: 13, passed: false },
  { name: 'exercise_try', at: '2026-11-12T10:03:00Z', user: u2, lesson: 13, passed: false },
  { name: 'exercise_reveal', at: '2026-11-12T10:03:00Z', user: u2, lesson: 13 },
  { name: 'exercise_time', at: '2026-11-12T10:04:00Z', user: u2, lesson: 13, durationMs: 120_000 },
  { name: 'lesson_completed', at: '2026-11-12T11:00:00Z', user: u2, lesson: 13 },
  { name: 'lesson_opened', at: '2026-11-12T10:00:00Z', user: u3, lesson: 13 },
  { name: 'exercise_try', at: '2026-11-12T10:01:00Z', user: u3, lesson: 13, passed: true },
  { name: 'exercise_time', at: '2026-11-12T10:02:00Z', user: u3, lesson: 13, durationMs: 30_000 },
  // v4 opens lesson 14 and leaves it.
  { name: 'lesson_opened', at: '2026-11-12T12:00:00Z', visitor: v4, lesson: 14 },
  ...crowd.slice(0, 5).map((user) => ({
    name: 'exercise_try',
    at: '2026-11-12T13:00:00Z',
    user,
    lesson: 14,
    passed: true,
  })),
  ...crowd.slice(5).flatMap((user, index) => [
    { name: 'exercise_try', at: '2026-11-12T13:00:00Z', user, lesson: 15, passed: false },
    { name: 'exercise_try', at: '2026-11-12T13:01:00Z', user, lesson: 15, passed: index < 2 },
    ...(index < 2
      ? []
      : [
          { name: 'exercise_try', at: '2026-11-12T13:02:00Z', user, lesson: 15, passed: false },
          { name: 'exercise_reveal', at: '2026-11-12T13:02:00Z', user, lesson: 15 },
        ]),
  ]),
];

describe('analytics reports on known events', () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    for (const event of FIXTURE) {
      await client.query(
        `INSERT INTO analytics_events (name, at, visitor_id, user_id, route, lesson_id,
           chart_number, practice_index, duration_ms, passed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          event.name,
          event.at,
          event.visitor ?? null,
          event.user ?? null,
          event.route ?? null,
          event.lesson ?? null,
          event.chart ?? null,
          event.practice ?? null,
          event.durationMs ?? null,
          event.passed ?? null,
        ],
      );
    }
    // Each visitor id linked to its learner at a login or registration.
    for (const [visitor, user] of [
      [v1, u1],
      [v2, u2],
      [v3, u3],
    ]) {
      await client.query(
        `INSERT INTO analytics_visitors (visitor_id, user_id, linked_at) VALUES ($1, $2, now())`,
        [visitor, user],
      );
    }
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('counts the funnel by week first seen, each person once', async () => {
    expect(await funnelReport(client, {})).toEqual([
      // u1 (v1), u2 (v2), v4.
      { week: '2026-11-02', visitors: 3, landed: 3, triedDemo: 2, registered: 2, subscribed: 1 },
      // u3 (v3), v5 and the ten learners of lessons 14 and 15.
      { week: '2026-11-09', visitors: 12, landed: 1, triedDemo: 1, registered: 0, subscribed: 0 },
    ]);
  });

  it('counts only events since --since', async () => {
    // From 2026-11-09 on, u1 and u2 are first seen at their lesson; v4 at lesson 14.
    expect(await funnelReport(client, { since: new Date('2026-11-09T00:00:00Z') })).toEqual([
      { week: '2026-11-09', visitors: 15, landed: 1, triedDemo: 1, registered: 0, subscribed: 0 },
    ]);
  });

  it('rates each exercise and lists the ones that need attention first', async () => {
    const rows = await exerciseReport(client, {});
    expect(rows.map((row) => [row.exercise, row.verdict])).toEqual([
      ['lesson:15', 'too hard'],
      ['lesson:14', 'too easy'],
      ['lesson:13', 'few data'],
      ['demo:3', 'few data'],
    ]);
    const byExercise = new Map(rows.map((row) => [row.exercise, row]));
    expect(byExercise.get('lesson:13')).toEqual({
      exercise: 'lesson:13',
      people: 3,
      tries: 6,
      firstTryPassRate: 1 / 3,
      averageTries: 2,
      revealRate: 1 / 3,
      // Per person: u1 90 s (60 + 30), u2 120 s, u3 30 s.
      medianTimeMs: 90_000,
      replayRate: 1 / 3,
      verdict: 'few data',
      attention: 1 / 3,
    });
    expect(byExercise.get('demo:3')).toMatchObject({
      people: 3,
      tries: 4,
      firstTryPassRate: 1 / 3,
      revealRate: 0,
      medianTimeMs: null,
    });
    expect(byExercise.get('lesson:14')).toMatchObject({
      people: 5,
      firstTryPassRate: 1,
      averageTries: 1,
    });
    expect(byExercise.get('lesson:14')?.attention).toBeCloseTo(0.3);
    // Two of five pass on the second try; three use all three and are shown the zone.
    expect(byExercise.get('lesson:15')).toMatchObject({
      people: 5,
      tries: 13,
      firstTryPassRate: 0,
      averageTries: 2.6,
      revealRate: 0.6,
    });
    expect(byExercise.get('lesson:15')?.attention).toBeCloseTo(0.9);
  });

  it('finds each lesson’s drop-off and median completion time', async () => {
    expect(await lessonReport(client, {})).toEqual([
      { lessonId: 14, opened: 1, completed: 0, dropOff: 1, medianCompletionMs: null },
      // u1 took 30 minutes, u2 60, u3 has not completed it.
      { lessonId: 13, opened: 3, completed: 2, dropOff: 1 / 3, medianCompletionMs: 45 * 60_000 },
    ]);
  });

  it('writes the CSV and the plots a course author opens', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'reports-'));
    try {
      const lessons = await readLessonNames(join(projectRoot(), 'api/content'));
      const funnel = await runReport('funnel', client, {}, lessons, outDir);
      expect(funnel.text).toContain(
        '2026-11-02         3        3   2 (67%)    2 (100%)     1 (50%)',
      );
      expect(await readFile(join(outDir, 'funnel.csv'), 'utf8')).toBe(
        'week,visitors,landing,demo_try,registered,subscribed\r\n' +
          '2026-11-02,3,3,2,2,1\r\n2026-11-09,12,1,1,0,0\r\n',
      );
      const funnelPlot = await readFile(join(outDir, 'funnel.svg'), 'utf8');
      expect(funnelPlot).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(funnelPlot).toContain('2026-11-02: subscribed 1 50%');

      const exercises = await runReport('exercises', client, {}, lessons, outDir);
      const lesson15 = lessons.get(15);
      expect(exercises.text.split('\n')[4]).toContain(`lesson 15 ${lesson15?.path ?? ''}`);
      const csv = (await readFile(join(outDir, 'exercises.csv'), 'utf8')).split('\r\n');
      expect(csv[0]).toBe(
        'exercise,label,people,tries,first_try_pass_rate,average_tries,reveal_rate,' +
          'median_time_ms,replay_rate,verdict,attention',
      );
      expect(csv[3]).toBe(
        `lesson:13,lesson 13 ${lessons.get(13)?.path ?? ''},3,6,0.3333,2.0000,0.3333,90000,0.3333,few data,0.3333`,
      );
      expect(await readFile(join(outDir, 'exercises.svg'), 'utf8')).toContain(
        'first-try pass rate',
      );

      const lessonsReport = await runReport('lessons', client, {}, lessons, outDir);
      expect(lessonsReport.files).toEqual([join(outDir, 'lessons.csv')]);
      expect((await readFile(join(outDir, 'lessons.csv'), 'utf8')).split('\r\n')[2]).toBe(
        `13,${lessons.get(13)?.path ?? ''},${lessons.get(13)?.title ?? ''},3,2,0.3333,2700000`,
      );
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

describe('analytics retention', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    dataSource = new DataSource(dataSourceOptions(database.url, 'requests'));
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  const insert = (name: string, at: string, visitor: string, lesson: number | null = null) =>
    dataSource.query(
      `INSERT INTO analytics_events (name, at, visitor_id, lesson_id, duration_ms)
       VALUES ($1, $2, $3, $4, $5)`,
      [name, at, visitor, lesson, name === 'exercise_time' ? 1000 : null],
    );

  it('rolls days older than the retention period up into daily totals and deletes them', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await insert('page_view', '2026-01-10T08:00:00Z', a);
    await insert('page_view', '2026-01-10T09:00:00Z', a);
    await insert('page_view', '2026-01-10T23:59:59Z', b);
    await insert('exercise_time', '2026-01-11T08:00:00Z', a, 13);
    await insert('exercise_time', '2026-01-11T09:00:00Z', b, 13);
    // Inside the period: kept raw.
    await insert('page_view', '2026-04-05T08:00:00Z', a);

    const now = new Date('2026-04-11T12:00:00Z');
    // Two instances run the job at the same moment: one does it, the other finds it done. (The
    // embedded database is one session for every connection, and one process's job never runs
    // twice at once: there the two run one after the other.)
    const results =
      database.kind === 'postgres'
        ? await Promise.all([
            rollUpOldEvents(dataSource, 90, now),
            rollUpOldEvents(dataSource, 90, now),
          ])
        : [await rollUpOldEvents(dataSource, 90, now), await rollUpOldEvents(dataSource, 90, now)];
    expect(results.reduce((sum, result) => sum + result.rolledUp, 0)).toBe(3);
    expect(results.at(0)?.keptFrom).toBe('2026-01-11');
    // A day later the next day goes; run again, nothing is counted twice.
    const later = await rollUpOldEvents(dataSource, 90, new Date('2026-04-12T12:00:00Z'));
    expect(later).toEqual({ ran: true, rolledUp: 2, keptFrom: '2026-01-12' });
    const again = await rollUpOldEvents(dataSource, 90, new Date('2026-04-12T13:00:00Z'));
    expect(again.rolledUp).toBe(0);

    const daily = await dataSource.query<unknown[]>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, name, lesson_id, events, people, duration_ms::int
         FROM analytics_daily ORDER BY day, name`,
    );
    expect(daily).toEqual([
      {
        day: '2026-01-10',
        name: 'page_view',
        lesson_id: null,
        events: 3,
        people: 2,
        duration_ms: 0,
      },
      {
        day: '2026-01-11',
        name: 'exercise_time',
        lesson_id: 13,
        events: 2,
        people: 2,
        duration_ms: 2000,
      },
    ]);
    const raw = await dataSource.query<{ at: Date }[]>('SELECT at FROM analytics_events');
    expect(raw.map((row) => new Date(row.at).toISOString())).toEqual(['2026-04-05T08:00:00.000Z']);
  });
});
