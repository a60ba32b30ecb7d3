import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LessonName } from './lesson-names.js';
import { difficultySvg, funnelSvg, learningCurvesSvg } from './report-plots.js';
import {
  exerciseReport,
  type ExerciseRow,
  funnelReport,
  type FunnelRow,
  lessonReport,
  type LessonRow,
  MIN_PEOPLE_TO_JUDGE,
  type Queryable,
  type ReportRange,
} from './report-queries.js';
import {
  CURVE_ATTEMPTS,
  type SkillExerciseRow,
  skillReport,
  type SkillRow,
} from './report-skill-queries.js';
import { duration, formatTable, percent, type ReportTable, toCsv } from './report-table.js';

export const REPORT_KINDS = ['exercises', 'funnel', 'lessons', 'skills'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface ReportOutput {
  /** The aligned table for the terminal. */
  text: string;
  /** Files written, CSV first. */
  files: string[];
}

/** How a course author knows an exercise: its lesson's path and title, a practice or demo chart. */
export function exerciseLabel(exercise: string, lessons: ReadonlyMap<number, LessonName>): string {
  const [kind, id = ''] = exercise.split(':');
  if (kind === 'lesson') {
    const lesson = lessons.get(Number(id));
    return lesson ? `lesson ${id} ${lesson.path}` : `lesson ${id}`;
  }
  if (kind === 'practice') return `practice chart ${id}`;
  if (kind === 'practice-plan') return `practice plan ${id}`;
  if (kind === 'practice-decision') return `practice decision ${id}`;
  if (kind === 'chart') return `chart ${id}`;
  return `demo chart ${id}`;
}

function exerciseTable(
  rows: ExerciseRow[],
  lessons: ReadonlyMap<number, LessonName>,
): ReportTable<ExerciseRow> {
  return {
    title: 'Exercises, the ones that most need attention first',
    rows,
    columns: [
      { header: 'exercise', cell: (row) => exerciseLabel(row.exercise, lessons) },
      { header: 'people', cell: (row) => row.people, align: 'right' },
      { header: 'first-try pass', cell: (row) => percent(row.firstTryPassRate), align: 'right' },
      { header: 'avg tries', cell: (row) => row.averageTries.toFixed(2), align: 'right' },
      { header: 'reveal rate', cell: (row) => percent(row.revealRate), align: 'right' },
      { header: 'median time', cell: (row) => duration(row.medianTimeMs), align: 'right' },
      { header: 'replay use', cell: (row) => percent(row.replayRate), align: 'right' },
      { header: 'verdict', cell: (row) => row.verdict },
    ],
  };
}

/** "3 (75%)": a step's count and its share of the step before. */
function step(count: number, before: number): string {
  return before > 0 ? `${count} (${Math.round((count / before) * 100)}%)` : String(count);
}

function funnelTable(rows: FunnelRow[]): ReportTable<FunnelRow> {
  return {
    title: 'Funnel by week first seen (each step: people, and their share of the step before)',
    rows,
    columns: [
      { header: 'week', cell: (row) => row.week },
      { header: 'visitors', cell: (row) => row.visitors, align: 'right' },
      { header: 'landing', cell: (row) => row.landed, align: 'right' },
      { header: 'demo try', cell: (row) => step(row.triedDemo, row.landed), align: 'right' },
      { header: 'registered', cell: (row) => step(row.registered, row.triedDemo), align: 'right' },
      { header: 'subscribed', cell: (row) => step(row.subscribed, row.registered), align: 'right' },
    ],
  };
}

/** The funnel's CSV keeps bare counts, so a spreadsheet can compute with them. */
function funnelCsvTable(rows: FunnelRow[]): ReportTable<FunnelRow> {
  return {
    ...funnelTable(rows),
    columns: [
      { header: 'week', cell: (row) => row.week },
      { header: 'visitors', cell: (row) => row.visitors },
      { header: 'landing', cell: (row) => row.landed },
      { header: 'demo_try', cell: (row) => row.triedDemo },
      { header: 'registered', cell: (row) => row.registered },
      { header: 'subscribed', cell: (row) => row.subscribed },
    ],
  };
}

function lessonTable(
  rows: LessonRow[],
  lessons: ReadonlyMap<number, LessonName>,
): ReportTable<LessonRow> {
  return {
    title: 'Lessons, the highest drop-off first',
    rows,
    columns: [
      { header: 'lesson', cell: (row) => row.lessonId, align: 'right' },
      { header: 'path', cell: (row) => lessons.get(row.lessonId)?.path ?? '' },
      { header: 'title', cell: (row) => lessons.get(row.lessonId)?.title ?? '' },
      { header: 'opened', cell: (row) => row.opened, align: 'right' },
      { header: 'completed', cell: (row) => row.completed, align: 'right' },
      { header: 'drop-off', cell: (row) => percent(row.dropOff), align: 'right' },
      {
        header: 'median completion',
        cell: (row) => duration(row.medianCompletionMs),
        align: 'right',
      },
    ],
  };
}

/** Machine-friendly cells for the exercises' CSV: shares as fractions, times in ms. */
function exerciseCsvTable(
  rows: ExerciseRow[],
  lessons: ReadonlyMap<number, LessonName>,
): ReportTable<ExerciseRow> {
  return {
    title: '',
    rows,
    columns: [
      { header: 'exercise', cell: (row) => row.exercise },
      { header: 'label', cell: (row) => exerciseLabel(row.exercise, lessons) },
      { header: 'people', cell: (row) => row.people },
      { header: 'tries', cell: (row) => row.tries },
      { header: 'first_try_pass_rate', cell: (row) => row.firstTryPassRate.toFixed(4) },
      { header: 'average_tries', cell: (row) => row.averageTries.toFixed(4) },
      { header: 'reveal_rate', cell: (row) => row.revealRate.toFixed(4) },
      { header: 'median_time_ms', cell: (row) => row.medianTimeMs ?? '' },
      { header: 'replay_rate', cell: (row) => row.replayRate.toFixed(4) },
      { header: 'verdict', cell: (row) => row.verdict },
      { header: 'attention', cell: (row) => row.attention.toFixed(4) },
    ],
  };
}

function lessonCsvTable(
  rows: LessonRow[],
  lessons: ReadonlyMap<number, LessonName>,
): ReportTable<LessonRow> {
  return {
    title: '',
    rows,
    columns: [
      { header: 'lesson_id', cell: (row) => row.lessonId },
      { header: 'path', cell: (row) => lessons.get(row.lessonId)?.path ?? '' },
      { header: 'title', cell: (row) => lessons.get(row.lessonId)?.title ?? '' },
      { header: 'opened', cell: (row) => row.opened },
      { header: 'completed', cell: (row) => row.completed },
      { header: 'drop_off', cell: (row) => row.dropOff.toFixed(4) },
      { header: 'median_completion_ms', cell: (row) => row.medianCompletionMs ?? '' },
    ],
  };
}

/** The learning curve's first answers in the terminal's table; the CSV has all of them. */
const CURVE_COLUMNS = 5;

/** A share, or "-" when nobody is behind it. */
const share = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : percent(value);

function skillTable(rows: SkillRow[]): ReportTable<SkillRow> {
  return {
    title:
      'Skills: first-try pass rate, and pass rate by answer number (the learning curve; ' +
      'a pass after the answer was shown does not count)',
    rows,
    columns: [
      { header: 'skill', cell: (row) => row.skill },
      { header: 'learners', cell: (row) => row.learners, align: 'right' },
      { header: 'answers', cell: (row) => row.answers, align: 'right' },
      { header: 'first-try pass', cell: (row) => share(row.firstTryPassRate), align: 'right' },
      ...Array.from({ length: CURVE_COLUMNS }, (_, index) => ({
        header: `answer ${index + 1}`,
        cell: (row: SkillRow) =>
          share(row.curve.find((point) => point.attempt === index + 1)?.passRate),
        align: 'right' as const,
      })),
      { header: 'out of line', cell: (row) => row.outOfLine, align: 'right' },
    ],
  };
}

function skillCsvTable(rows: SkillRow[]): ReportTable<SkillRow> {
  return {
    title: '',
    rows,
    columns: [
      { header: 'skill', cell: (row) => row.skill },
      { header: 'title', cell: (row) => row.title },
      { header: 'learners', cell: (row) => row.learners },
      { header: 'answers', cell: (row) => row.answers },
      { header: 'first_tries', cell: (row) => row.firstTries },
      {
        header: 'first_try_pass_rate',
        cell: (row) => row.firstTryPassRate?.toFixed(4) ?? '',
      },
      ...Array.from({ length: CURVE_ATTEMPTS }, (_, index) => ({
        header: `pass_rate_answer_${index + 1}`,
        cell: (row: SkillRow) =>
          row.curve.find((point) => point.attempt === index + 1)?.passRate.toFixed(4) ?? '',
      })),
      ...Array.from({ length: CURVE_ATTEMPTS }, (_, index) => ({
        header: `learners_answer_${index + 1}`,
        cell: (row: SkillRow) =>
          row.curve.find((point) => point.attempt === index + 1)?.learners ?? 0,
      })),
      { header: 'out_of_line_exercises', cell: (row) => row.outOfLine },
    ],
  };
}

function skillExerciseTable(
  rows: SkillExerciseRow[],
  lessons: ReadonlyMap<number, LessonName>,
): ReportTable<SkillExerciseRow> {
  return {
    title:
      'Exercises out of line with their skill (first-try pass rate at least 20 points and ' +
      `1.96 standard errors from the skill's other exercises, ${MIN_PEOPLE_TO_JUDGE}+ learners)`,
    empty: '(none)',
    rows,
    columns: [
      { header: 'skill', cell: (row) => row.skill },
      { header: 'exercise', cell: (row) => exerciseLabel(row.exercise, lessons) },
      { header: 'learners', cell: (row) => row.learners, align: 'right' },
      { header: 'first-try pass', cell: (row) => percent(row.firstTryPassRate), align: 'right' },
      { header: 'others', cell: (row) => share(row.restPassRate), align: 'right' },
      { header: 'z', cell: (row) => row.z?.toFixed(1) ?? '-', align: 'right' },
      { header: 'verdict', cell: (row) => row.verdict },
    ],
  };
}

function skillExerciseCsvTable(
  rows: SkillExerciseRow[],
  lessons: ReadonlyMap<number, LessonName>,
): ReportTable<SkillExerciseRow> {
  return {
    title: '',
    rows,
    columns: [
      { header: 'skill', cell: (row) => row.skill },
      { header: 'exercise', cell: (row) => row.exercise },
      { header: 'label', cell: (row) => exerciseLabel(row.exercise, lessons) },
      { header: 'learners', cell: (row) => row.learners },
      { header: 'first_try_pass_rate', cell: (row) => row.firstTryPassRate.toFixed(4) },
      { header: 'others_pass_rate', cell: (row) => row.restPassRate?.toFixed(4) ?? '' },
      { header: 'gap', cell: (row) => row.gap?.toFixed(4) ?? '' },
      { header: 'z', cell: (row) => row.z?.toFixed(2) ?? '' },
      { header: 'verdict', cell: (row) => row.verdict },
    ],
  };
}

/**
 * Runs one report: prints nothing itself, answers the table's text, and writes `<kind>.csv`
 * (and `<kind>.svg` for the funnel, the exercises and the skills, and `skills-exercises.csv`)
 * into `outDir`.
 */
export async function runReport(
  kind: ReportKind,
  db: Queryable,
  range: ReportRange,
  lessons: ReadonlyMap<number, LessonName>,
  outDir: string,
): Promise<ReportOutput> {
  await mkdir(outDir, { recursive: true });
  const csvFile = join(outDir, `${kind}.csv`);
  const svgFile = join(outDir, `${kind}.svg`);
  if (kind === 'exercises') {
    const rows = await exerciseReport(db, range);
    await writeFile(csvFile, toCsv(exerciseCsvTable(rows, lessons)));
    await writeFile(
      svgFile,
      difficultySvg(
        rows.map((row) => ({
          label: exerciseLabel(row.exercise, lessons),
          firstTryPassRate: row.firstTryPassRate,
          revealRate: row.revealRate,
          people: row.people,
        })),
      ),
    );
    return { text: formatTable(exerciseTable(rows, lessons)), files: [csvFile, svgFile] };
  }
  if (kind === 'funnel') {
    const rows = await funnelReport(db, range);
    await writeFile(csvFile, toCsv(funnelCsvTable(rows)));
    await writeFile(
      svgFile,
      funnelSvg(
        ['landing', 'demo try', 'registered', 'subscribed'],
        rows.map((row) => ({
          week: row.week,
          steps: [row.landed, row.triedDemo, row.registered, row.subscribed],
        })),
      ),
    );
    return { text: formatTable(funnelTable(rows)), files: [csvFile, svgFile] };
  }
  if (kind === 'skills') {
    const report = await skillReport(db, range);
    const exercisesFile = join(outDir, 'skills-exercises.csv');
    await writeFile(csvFile, toCsv(skillCsvTable(report.skills)));
    await writeFile(exercisesFile, toCsv(skillExerciseCsvTable(report.exercises, lessons)));
    await writeFile(
      svgFile,
      learningCurvesSvg(
        report.skills.map((row) => ({ title: row.title, points: row.curve })),
        CURVE_ATTEMPTS,
        MIN_PEOPLE_TO_JUDGE,
      ),
    );
    const outOfLine = report.exercises.filter(
      (row) => row.verdict === 'harder than its skill' || row.verdict === 'easier than its skill',
    );
    const text = [
      formatTable(skillTable(report.skills)),
      formatTable(skillExerciseTable(outOfLine, lessons)),
    ].join('\n\n');
    return { text, files: [csvFile, exercisesFile, svgFile] };
  }
  const rows = await lessonReport(db, range);
  await writeFile(csvFile, toCsv(lessonCsvTable(rows, lessons)));
  return { text: formatTable(lessonTable(rows, lessons)), files: [csvFile] };
}
