import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PracticeKind, SkillKey } from '@course/rules';
import pg from 'pg';
import { readLessonNames } from '../src/analytics/lesson-names.js';
import { exerciseVerdict, skillReport } from '../src/analytics/report-skill-queries.js';
import { runReport } from '../src/analytics/reports.js';
import { projectRoot } from '../src/config/config.js';
import { migrate } from '../src/database/migrate.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * The skills report on known answers: who answered what, and what each answer said about each
 * skill, is written here; every number below is worked out by hand from it.
 */
type Exercise = { lesson: number; chart: number } | { practice: number; kind: PracticeKind };

interface SeedAnswer {
  user: string;
  exercise: Exercise;
  /** What the answer said about each skill it tested. */
  skills: Partial<Record<SkillKey, boolean>>;
  /** Passed only after the zone was shown. */
  afterReveal?: boolean;
}

const LESSON_13: Exercise = { lesson: 13, chart: 13 };
const LESSON_14: Exercise = { lesson: 14, chart: 14 };
const PRACTICE_1: Exercise = { practice: 1, kind: 'zone' };
const learners = Array.from({ length: 6 }, () => randomUUID());

/**
 * Six learners find demand zones in lesson 13 (five of six at once), then lesson 14 (none at
 * once, three on their second try), then practice chart 1 (five of six at once). The sixth
 * passes lesson 14 on a fifth answer, after the zone was shown. The first learner's lesson 13
 * answer also drew the bounds right; one learner plans and decides once.
 */
const SEED: SeedAnswer[] = [
  ...learners.map((user, index) => ({
    user,
    exercise: LESSON_13,
    skills: { 'find-demand-zone': index < 5, ...(index === 0 ? { 'zone-bounds': true } : {}) },
  })),
  ...learners.map((user) => ({
    user,
    exercise: LESSON_14,
    skills: { 'find-demand-zone': false },
  })),
  ...learners.map((user, index) => ({
    user,
    exercise: LESSON_14,
    skills: { 'find-demand-zone': index < 3 },
  })),
  ...learners.map((user, index) => ({
    user,
    exercise: PRACTICE_1,
    skills: { 'find-demand-zone': index !== 5 },
  })),
  {
    user: learners[5]!,
    exercise: LESSON_14,
    skills: { 'find-demand-zone': true },
    afterReveal: true,
  },
  {
    user: learners[0]!,
    exercise: { practice: 2, kind: 'plan' },
    skills: { entry: true, stop: false, room: true, 'position-size': true },
  },
  {
    user: learners[1]!,
    exercise: { practice: 3, kind: 'decision' },
    skills: { 'take-or-skip': true, freshness: false },
  },
];

/** The answers of lesson 13 are a day before the others (for --since). */
const LESSON_13_DAY = '2026-11-10T10:00:00Z';
const LATER_DAY = '2026-11-12T10:00:00Z';

/** Tags of an SVG that name an attribute twice: a browser refuses such a file as XML. */
function attributesWrittenTwice(svg: string): string[] {
  return (svg.match(/<[a-z]+ [^>]*>/g) ?? []).filter((tag) => {
    const names = [...tag.matchAll(/ ([a-z-]+)="/g)].map((match) => match[1]);
    return new Set(names).size !== names.length;
  });
}

describe('skills report on known answers', () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    for (const user of learners) {
      await client.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'x')`, [
        user,
        `${user}@example.com`,
      ]);
    }
    for (const answer of SEED) {
      const attemptId = randomUUID();
      const { exercise } = answer;
      const practice = 'practice' in exercise ? exercise : null;
      const at = exercise === LESSON_13 ? LESSON_13_DAY : LATER_DAY;
      await client.query(
        `INSERT INTO attempts (id, user_id, chart_number, lesson_id, practice_index, lines, pass,
           plan, decision, created_at)
         VALUES ($1, $2, $3, $4, $5, '[]', $6, $7, $8, $9)`,
        [
          attemptId,
          answer.user,
          'chart' in exercise ? exercise.chart : null,
          'lesson' in exercise ? exercise.lesson : null,
          practice?.practice ?? null,
          Object.values(answer.skills).every(Boolean),
          practice?.kind === 'plan' ? { failed: [] } : null,
          practice?.kind === 'decision' ? { take: true, reasons: [] } : null,
          at,
        ],
      );
      for (const [skill, pass] of Object.entries(answer.skills)) {
        await client.query(
          `INSERT INTO skill_answers (user_id, attempt_id, skill, pass, after_reveal, answered_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [answer.user, attemptId, skill, pass, answer.afterReveal === true, at],
        );
      }
    }
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('counts learners, answers and first tries per skill, and the learning curve', async () => {
    const { skills } = await skillReport(client, {});
    expect(skills.map((row) => row.skill)).toHaveLength(13);
    expect(skills.find((row) => row.skill === 'find-demand-zone')).toEqual({
      skill: 'find-demand-zone',
      title: 'Find a demand zone',
      learners: 6,
      // Four answers each, and the sixth learner's fifth.
      answers: 25,
      // One first try per learner and exercise: 5 + 0 + 5 passes of 18.
      firstTries: 18,
      firstTryPassRate: 10 / 18,
      curve: [
        { attempt: 1, learners: 6, passes: 5, passRate: 5 / 6 },
        { attempt: 2, learners: 6, passes: 0, passRate: 0 },
        { attempt: 3, learners: 6, passes: 3, passRate: 0.5 },
        { attempt: 4, learners: 6, passes: 5, passRate: 5 / 6 },
        // Passed after the zone was shown: not a pass.
        { attempt: 5, learners: 1, passes: 0, passRate: 0 },
      ],
      outOfLine: 1,
    });
    expect(skills.find((row) => row.skill === 'zone-bounds')).toMatchObject({
      learners: 1,
      answers: 1,
      firstTryPassRate: 1,
      outOfLine: 0,
    });
    expect(skills.find((row) => row.skill === 'trade-management')).toEqual({
      skill: 'trade-management',
      title: 'Manage an open trade',
      learners: 0,
      answers: 0,
      firstTries: 0,
      firstTryPassRate: null,
      curve: [],
      outOfLine: 0,
    });
  });

  it('finds the exercise out of line with its skill, and only that one', async () => {
    const { exercises } = await skillReport(client, {});
    const demand = exercises.filter((row) => row.skill === 'find-demand-zone');
    // Lesson 14: none of six at once, against ten of twelve on the skill's other exercises.
    expect(demand[0]).toMatchObject({
      exercise: 'lesson:14',
      learners: 6,
      firstTryPassRate: 0,
      restPassRate: 10 / 12,
      verdict: 'harder than its skill',
    });
    expect(demand[0]?.z).toBeLessThan(-1.96);
    // Lesson 13 is 42 points above its others (5 of 12), but six learners leave that within luck.
    const lesson13 = demand.find((row) => row.exercise === 'lesson:13');
    expect(lesson13).toMatchObject({ firstTryPassRate: 5 / 6, restPassRate: 5 / 12 });
    expect(lesson13?.gap).toBeCloseTo(5 / 12);
    expect(lesson13?.verdict).toBe('in line');
    expect(demand.find((row) => row.exercise === 'practice:1')?.verdict).toBe('in line');
    expect(exercises.find((row) => row.skill === 'stop')).toMatchObject({
      exercise: 'practice-plan:2',
      firstTryPassRate: 0,
      verdict: 'few data',
    });
    expect(exercises.find((row) => row.skill === 'freshness')?.exercise).toBe(
      'practice-decision:3',
    );
    expect(exercises[0]?.exercise).toBe('lesson:14');
  });

  it('judges an exercise only with enough learners on both sides and a gap beyond luck', () => {
    expect(exerciseVerdict({ tries: 4, passes: 0 }, { tries: 40, passes: 40 }).verdict).toBe(
      'few data',
    );
    // Twenty-five points apart: beyond luck with 80 learners a side (z -3.3), not with 20 (-1.6).
    expect(exerciseVerdict({ tries: 20, passes: 5 }, { tries: 20, passes: 10 }).verdict).toBe(
      'in line',
    );
    expect(exerciseVerdict({ tries: 80, passes: 20 }, { tries: 80, passes: 40 }).verdict).toBe(
      'harder than its skill',
    );
    // Fifteen points apart: in line however many learners.
    expect(exerciseVerdict({ tries: 400, passes: 260 }, { tries: 400, passes: 200 }).verdict).toBe(
      'in line',
    );
    expect(exerciseVerdict({ tries: 30, passes: 29 }, { tries: 30, passes: 15 }).verdict).toBe(
      'easier than its skill',
    );
  });

  it('counts only answers since --since, numbered among all of the learner’s answers', async () => {
    const { skills } = await skillReport(client, { since: new Date('2026-11-11T00:00:00Z') });
    const demand = skills.find((row) => row.skill === 'find-demand-zone');
    expect(demand).toMatchObject({ learners: 6, answers: 19, firstTries: 12 });
    expect(demand?.curve.map((point) => point.attempt)).toEqual([2, 3, 4, 5]);
    expect(skills.find((row) => row.skill === 'zone-bounds')?.learners).toBe(0);
  });

  it('writes the CSVs and the learning curves a course author opens', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'reports-'));
    try {
      const lessons = await readLessonNames(join(projectRoot(), 'api/content'));
      const output = await runReport('skills', client, {}, lessons, outDir);
      expect(output.files).toEqual([
        join(outDir, 'skills.csv'),
        join(outDir, 'skills-exercises.csv'),
        join(outDir, 'skills.svg'),
      ]);
      const text = output.text.split('\n');
      expect(text.find((line) => line.startsWith('find-demand-zone'))).toMatch(
        /^find-demand-zone\s+6\s+25\s+55\.6%\s+83\.3%\s+0\.0%\s+50\.0%\s+83\.3%\s+0\.0%\s+1$/,
      );
      expect(text.find((line) => line.startsWith('trade-management'))).toMatch(
        /^trade-management\s+0\s+0\s+-\s+-\s+-\s+-\s+-\s+-\s+0$/,
      );
      // The out-of-line table lists lesson 14 alone.
      const outOfLine = text.slice(text.findIndex((line) => line.startsWith('Exercises out')));
      expect(outOfLine.filter((line) => line.startsWith('find-demand-zone'))).toEqual([
        expect.stringContaining(`lesson 14 ${lessons.get(14)?.path ?? ''}`),
      ]);

      const csv = (await readFile(join(outDir, 'skills.csv'), 'utf8')).split('\r\n');
      const header = csv[0]?.split(',') ?? [];
      expect(header.slice(0, 7)).toEqual([
        'skill',
        'title',
        'learners',
        'answers',
        'first_tries',
        'first_try_pass_rate',
        'pass_rate_answer_1',
      ]);
      expect(header.at(-1)).toBe('out_of_line_exercises');
      const demand = csv.find((line) => line.startsWith('find-demand-zone'))?.split(',') ?? [];
      const cell = (name: string) => demand[header.indexOf(name)];
      expect(cell('first_try_pass_rate')).toBe('0.5556');
      expect(cell('pass_rate_answer_2')).toBe('0.0000');
      expect(cell('pass_rate_answer_6')).toBe('');
      expect(cell('learners_answer_5')).toBe('1');
      expect(cell('out_of_line_exercises')).toBe('1');

      const exercisesCsv = (await readFile(join(outDir, 'skills-exercises.csv'), 'utf8')).split(
        '\r\n',
      );
      expect(exercisesCsv[0]).toBe(
        'skill,exercise,label,learners,first_try_pass_rate,others_pass_rate,gap,z,verdict',
      );
      expect(exercisesCsv[1]).toMatch(
        /^find-demand-zone,lesson:14,lesson 14 [^,]*,6,0\.0000,0\.8333,-0\.8333,-\d+\.\d\d,harder than its skill$/,
      );
      expect(exercisesCsv).toContain('stop,practice-plan:2,practice plan 2,1,0.0000,,,,few data');

      const plot = await readFile(join(outDir, 'skills.svg'), 'utf8');
      expect(plot).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(plot).toContain('<title>Find a demand zone: answer 2, 0% of 6 learners</title>');
      // One learner behind it: drawn hollow.
      expect(plot).toMatch(
        /fill="#ffffff" stroke="#26a69a" stroke-width="1.5"><title>Find a demand zone: answer 5, 0% of 1 learner</,
      );
      expect(plot).toContain('Manage an open trade</text>');
      expect(attributesWrittenTwice(plot)).toEqual([]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
