/** What the reports need of a database client (pg's Client and Pool both have it). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Who did something, as the reports count people: the learner a visitor id was linked to at a
 * login or registration, else the learner of the event, else the anonymous visitor.
 */
const PERSON = `coalesce(v."user_id", e."user_id", e."visitor_id")`;
const EVENTS = `"analytics_events" e LEFT JOIN "analytics_visitors" v ON v."visitor_id" = e."visitor_id"`;
/** One exercise: a lesson's, a Practice Portal chart, or a landing demo chart. */
const EXERCISE = `CASE WHEN e."lesson_id" IS NOT NULL THEN 'lesson:' || e."lesson_id"
  WHEN e."practice_index" IS NOT NULL THEN 'practice:' || e."practice_index"
  ELSE 'demo:' || e."chart_number" END`;

/** Fewer people than this on an exercise say little about it: it is listed last, unjudged. */
export const MIN_PEOPLE_TO_JUDGE = 5;

export interface ExerciseRow {
  /** `lesson:13`, `practice:2` or `demo:3`. */
  exercise: string;
  people: number;
  tries: number;
  /** Share of people whose first try passed. */
  firstTryPassRate: number;
  averageTries: number;
  /** Share of people shown the answer after using their tries. */
  revealRate: number;
  /** Median over people of their time on the exercise; null without any time sent. */
  medianTimeMs: number | null;
  /** Share of people who started a Replay. */
  replayRate: number;
  verdict: 'too hard' | 'too easy' | 'ok' | 'few data';
  /** Higher needs attention sooner (see {@link attentionOf}). */
  attention: number;
}

/**
 * How far an exercise is from a good puzzle: every reveal counts, and a first-try pass rate
 * outside 30%-85% counts by how far outside it is (a puzzle nearly nobody solves at once is too
 * hard, one nearly everybody does is too easy).
 */
export function attentionOf(firstTryPassRate: number, revealRate: number): number {
  return (
    revealRate + Math.max(0, 0.3 - firstTryPassRate) + Math.max(0, firstTryPassRate - 0.85) * 2
  );
}

function verdictOf(row: Omit<ExerciseRow, 'verdict' | 'attention'>): ExerciseRow['verdict'] {
  if (row.people < MIN_PEOPLE_TO_JUDGE) return 'few data';
  if (row.revealRate >= 0.3 || row.firstTryPassRate < 0.3) return 'too hard';
  if (row.firstTryPassRate > 0.85) return 'too easy';
  return 'ok';
}

/** A report's time range: events at or after `since` (all kept raw events when undefined). */
export interface ReportRange {
  since?: Date;
}

function sinceClause(range: ReportRange, params: unknown[]): string {
  if (!range.since) return 'TRUE';
  params.push(range.since.toISOString());
  return `e."at" >= $${params.length}`;
}

/** Per exercise: the numbers a course author reads to find a bad one, worst first. */
export async function exerciseReport(db: Queryable, range: ReportRange): Promise<ExerciseRow[]> {
  const params: unknown[] = [];
  const since = sinceClause(range, params);
  const rows = (
    await db.query(
      `WITH ev AS (
       SELECT e."id", e."name", e."at", e."passed", e."duration_ms", ${PERSON} AS person,
              ${EXERCISE} AS exercise
         FROM ${EVENTS}
        WHERE ${since} AND e."name" IN ('exercise_try', 'demo_try', 'exercise_reveal',
              'exercise_replay', 'exercise_time')
     ),
     first_tries AS (
       SELECT DISTINCT ON (exercise, person) exercise, person, "passed"
         FROM ev WHERE "name" IN ('exercise_try', 'demo_try')
        ORDER BY exercise, person, "at", "id"
     ),
     times AS (
       SELECT exercise, person, sum("duration_ms") AS total
         FROM ev WHERE "name" = 'exercise_time' GROUP BY exercise, person
     )
     SELECT f.exercise,
            count(*) AS people,
            (SELECT count(*) FROM ev t WHERE t.exercise = f.exercise
                AND t."name" IN ('exercise_try', 'demo_try')) AS tries,
            count(*) FILTER (WHERE f."passed") AS first_passes,
            (SELECT count(DISTINCT r.person) FROM ev r WHERE r.exercise = f.exercise
                AND r."name" = 'exercise_reveal') AS revealed,
            (SELECT count(DISTINCT r.person) FROM ev r WHERE r.exercise = f.exercise
                AND r."name" = 'exercise_replay') AS replayed,
            (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY t.total)
               FROM times t WHERE t.exercise = f.exercise)::float8 AS median_time_ms
       FROM first_tries f
      GROUP BY f.exercise`,
      params,
    )
  ).rows as {
    exercise: string;
    people: string;
    tries: string;
    first_passes: string;
    revealed: string;
    replayed: string;
    median_time_ms: number | null;
  }[];
  const report = rows.map((row) => {
    const people = Number(row.people);
    const base = {
      exercise: row.exercise,
      people,
      tries: Number(row.tries),
      firstTryPassRate: Number(row.first_passes) / people,
      averageTries: Number(row.tries) / people,
      revealRate: Number(row.revealed) / people,
      medianTimeMs: row.median_time_ms === null ? null : Math.round(row.median_time_ms),
      replayRate: Number(row.replayed) / people,
    };
    return {
      ...base,
      verdict: verdictOf(base),
      attention: attentionOf(base.firstTryPassRate, base.revealRate),
    };
  });
  return report.sort(
    (a, b) =>
      Number(a.verdict === 'few data') - Number(b.verdict === 'few data') ||
      b.attention - a.attention ||
      b.people - a.people ||
      a.exercise.localeCompare(b.exercise),
  );
}

export interface FunnelRow {
  /** Monday (UTC) of the week the people were first seen, YYYY-MM-DD. */
  week: string;
  /** People first seen that week. */
  visitors: number;
  landed: number;
  triedDemo: number;
  registered: number;
  subscribed: number;
}

/**
 * The funnel by week: people grouped by the week they were first seen, and how many of them
 * viewed the landing page, tried the demo, registered and completed a checkout (whenever that was).
 */
export async function funnelReport(db: Queryable, range: ReportRange): Promise<FunnelRow[]> {
  const params: unknown[] = [];
  const since = sinceClause(range, params);
  const rows = (
    await db.query(
      `WITH people AS (
       SELECT ${PERSON} AS person, min(e."at") AS first_seen,
              bool_or(e."name" = 'page_view' AND e."route" = '/') AS landed,
              bool_or(e."name" = 'demo_try') AS tried_demo,
              bool_or(e."name" = 'registration') AS registered,
              bool_or(e."name" = 'checkout_completed') AS subscribed
         FROM ${EVENTS}
        WHERE ${since} AND ${PERSON} IS NOT NULL
        GROUP BY 1
     )
     SELECT to_char(date_trunc('week', first_seen AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
            count(*) AS visitors,
            count(*) FILTER (WHERE landed) AS landed,
            count(*) FILTER (WHERE tried_demo) AS tried_demo,
            count(*) FILTER (WHERE registered) AS registered,
            count(*) FILTER (WHERE subscribed) AS subscribed
       FROM people GROUP BY 1 ORDER BY 1`,
      params,
    )
  ).rows as {
    week: string;
    visitors: string;
    landed: string;
    tried_demo: string;
    registered: string;
    subscribed: string;
  }[];
  return rows.map((row) => ({
    week: row.week,
    visitors: Number(row.visitors),
    landed: Number(row.landed),
    triedDemo: Number(row.tried_demo),
    registered: Number(row.registered),
    subscribed: Number(row.subscribed),
  }));
}

export interface LessonRow {
  lessonId: number;
  opened: number;
  completed: number;
  /** Share of the people who opened it and have not completed it. */
  dropOff: number;
  /** Median over people of the time from first opening to completing it; null if none did. */
  medianCompletionMs: number | null;
}

/** Per lesson: who opened it, who completed it, and how long completing took; worst first. */
export async function lessonReport(db: Queryable, range: ReportRange): Promise<LessonRow[]> {
  const params: unknown[] = [];
  const since = sinceClause(range, params);
  const rows = (
    await db.query(
      `WITH per_person AS (
       SELECT e."lesson_id", ${PERSON} AS person,
              min(e."at") FILTER (WHERE e."name" = 'lesson_opened') AS opened_at,
              min(e."at") FILTER (WHERE e."name" = 'lesson_completed') AS completed_at
         FROM ${EVENTS}
        WHERE ${since} AND e."lesson_id" IS NOT NULL
          AND e."name" IN ('lesson_opened', 'lesson_completed')
        GROUP BY 1, 2
     )
     SELECT "lesson_id",
            count(*) FILTER (WHERE opened_at IS NOT NULL) AS opened,
            count(*) FILTER (WHERE completed_at IS NOT NULL) AS completed,
            count(*) FILTER (WHERE opened_at IS NOT NULL AND completed_at IS NULL)
              AS opened_not_completed,
            (percentile_cont(0.5) WITHIN GROUP (
               ORDER BY extract(epoch FROM completed_at - opened_at) * 1000)
             FILTER (WHERE completed_at >= opened_at))::float8 AS median_ms
       FROM per_person GROUP BY 1`,
      params,
    )
  ).rows as {
    lesson_id: number;
    opened: string;
    completed: string;
    opened_not_completed: string;
    median_ms: number | null;
  }[];
  return rows
    .map((row) => {
      const opened = Number(row.opened);
      return {
        lessonId: row.lesson_id,
        opened,
        completed: Number(row.completed),
        dropOff: opened === 0 ? 0 : Number(row.opened_not_completed) / opened,
        medianCompletionMs: row.median_ms === null ? null : Math.round(row.median_ms),
      };
    })
    .sort((a, b) => b.dropOff - a.dropOff || b.opened - a.opened || a.lessonId - b.lessonId);
}
