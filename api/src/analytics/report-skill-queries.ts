import { SKILLS, type SkillKey } from '@course/rules';
import { MIN_PEOPLE_TO_JUDGE, type Queryable, type ReportRange } from './report-queries.js';

/** The learning curve's last attempt number: later answers are few and tell little more. */
export const CURVE_ATTEMPTS = 10;
/** An exercise's first-try pass rate this far from the rest of its skill's may be out of line... */
export const OUT_OF_LINE_GAP = 0.2;
/** ...when the gap is also this many standard errors wide (95%, two-sided): not luck. */
export const OUT_OF_LINE_Z = 1.96;

/**
 * Every skill answer numbered within its learner and skill (1: the learner's first answer that
 * spoke for the skill), with its exercise. A pass counts only when the answer was not already
 * shown (a zone passed after three failed tries revealed it is not a pass). Exercises: a
 * lesson's by its id, a Practice Portal exercise by its kind and place (each learner has their
 * own chart there, so a place is the same request, not the same chart).
 */
const NUMBERED = `numbered AS (
  SELECT s."id", s."user_id", s."skill", s."answered_at",
         s."pass" AND NOT s."after_reveal" AS passed,
         row_number() OVER (PARTITION BY s."user_id", s."skill" ORDER BY s."id") AS attempt,
         CASE WHEN a."lesson_id" IS NOT NULL THEN 'lesson:' || a."lesson_id"
              WHEN a."practice_index" IS NOT NULL THEN
                CASE WHEN a."plan" IS NOT NULL THEN 'practice-plan:'
                     WHEN a."decision" IS NOT NULL THEN 'practice-decision:'
                     ELSE 'practice:' END || a."practice_index"
              ELSE 'chart:' || a."chart_number" END AS exercise
    FROM "skill_answers" s JOIN "attempts" a ON a."id" = s."attempt_id"
)`;

/** Each learner's first answer to each exercise, for each skill it spoke for. */
const FIRST_TRIES = `first_tries AS (
  SELECT DISTINCT ON ("skill", exercise, "user_id") "skill", exercise, "user_id", passed,
         "answered_at"
    FROM numbered ORDER BY "skill", exercise, "user_id", "id"
)`;

function sinceClause(range: ReportRange, params: unknown[]): string {
  if (!range.since) return 'TRUE';
  params.push(range.since.toISOString());
  return `"answered_at" >= $${params.length}`;
}

export interface CurvePoint {
  /** The learner's nth answer that spoke for the skill. */
  attempt: number;
  /** Learners with an nth answer. */
  learners: number;
  passes: number;
  passRate: number;
}

export interface SkillRow {
  skill: SkillKey;
  title: string;
  /** Learners with at least one answer that spoke for the skill. */
  learners: number;
  /** Graded answers that spoke for it. */
  answers: number;
  /** Learners' first answers to an exercise testing it (one per learner and exercise). */
  firstTries: number;
  /** Share of those that passed it; null without any. */
  firstTryPassRate: number | null;
  /** Pass rate by attempt number, 1 to {@link CURVE_ATTEMPTS}, only where someone got that far. */
  curve: CurvePoint[];
  /** Its exercises whose difficulty is out of line with it (see {@link exerciseVerdict}). */
  outOfLine: number;
}

export type ExerciseVerdict =
  'harder than its skill' | 'easier than its skill' | 'in line' | 'few data';

export interface SkillExerciseRow {
  skill: SkillKey;
  /** `lesson:13`, `practice:4` (zone chart), `practice-plan:2`, `practice-decision:2`. */
  exercise: string;
  /** Learners who answered it (their first tries). */
  learners: number;
  firstTryPassRate: number;
  /** The first-try pass rate of the skill's other exercises; null without any. */
  restPassRate: number | null;
  /** This exercise's rate less the others'. */
  gap: number | null;
  /** The gap in standard errors (two-proportion z); null when it cannot be judged. */
  z: number | null;
  verdict: ExerciseVerdict;
}

export interface SkillReport {
  skills: SkillRow[];
  /** Every exercise with every skill it tested: the out-of-line ones first, then by skill. */
  exercises: SkillExerciseRow[];
}

/**
 * Whether an exercise's difficulty is out of line with its skill: its learners' first-try pass
 * rate is compared with that of the skill's other exercises (pooled). Out of line: at least
 * {@link MIN_PEOPLE_TO_JUDGE} learners on each side, a gap of at least {@link OUT_OF_LINE_GAP}
 * (20 points), and a two-proportion z of at least {@link OUT_OF_LINE_Z} (a gap that size is
 * unlikely to be luck). An exercise out of line teaches or measures something else than its
 * skill's others: a mislabelled skill, an unclear chart, or a giveaway.
 */
export function exerciseVerdict(
  exercise: { tries: number; passes: number },
  rest: { tries: number; passes: number },
): Pick<SkillExerciseRow, 'restPassRate' | 'gap' | 'z' | 'verdict'> {
  const rate = exercise.tries > 0 ? exercise.passes / exercise.tries : 0;
  if (rest.tries === 0) return { restPassRate: null, gap: null, z: null, verdict: 'few data' };
  const restRate = rest.passes / rest.tries;
  const gap = rate - restRate;
  const pooled = (exercise.passes + rest.passes) / (exercise.tries + rest.tries);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / exercise.tries + 1 / rest.tries));
  const z = spread > 0 ? gap / spread : 0;
  const judged = exercise.tries >= MIN_PEOPLE_TO_JUDGE && rest.tries >= MIN_PEOPLE_TO_JUDGE;
  let verdict: ExerciseVerdict = 'few data';
  if (judged) {
    verdict =
      Math.abs(gap) >= OUT_OF_LINE_GAP && Math.abs(z) >= OUT_OF_LINE_Z
        ? gap < 0
          ? 'harder than its skill'
          : 'easier than its skill'
        : 'in line';
  }
  return { restPassRate: restRate, gap, z, verdict };
}

const isOutOfLine = (row: { verdict: ExerciseVerdict }) =>
  row.verdict === 'harder than its skill' || row.verdict === 'easier than its skill';

/**
 * Per skill: learners, answers, first-try pass rate, the learning curve and its exercises out of
 * line; and per exercise and skill the numbers behind the last. Every skill of the course is
 * listed, in its order, answered or not.
 */
export async function skillReport(db: Queryable, range: ReportRange): Promise<SkillReport> {
  const params: unknown[] = [];
  const since = sinceClause(range, params);
  const totals = (
    await db.query(
      `WITH ${NUMBERED}
       SELECT "skill", count(DISTINCT "user_id") AS learners, count(*) AS answers
         FROM numbered WHERE ${since} GROUP BY 1`,
      params,
    )
  ).rows as { skill: string; learners: string; answers: string }[];
  const curve = (
    await db.query(
      `WITH ${NUMBERED}
       SELECT "skill", attempt, count(*) AS learners, count(*) FILTER (WHERE passed) AS passes
         FROM numbered WHERE ${since} AND attempt <= ${CURVE_ATTEMPTS}
        GROUP BY 1, 2 ORDER BY 1, 2`,
      params,
    )
  ).rows as { skill: string; attempt: string; learners: string; passes: string }[];
  const firsts = (
    await db.query(
      `WITH ${NUMBERED}, ${FIRST_TRIES}
       SELECT "skill", exercise, count(*) AS tries, count(*) FILTER (WHERE passed) AS passes
         FROM first_tries WHERE ${since} GROUP BY 1, 2`,
      params,
    )
  ).rows as { skill: string; exercise: string; tries: string; passes: string }[];

  const skillFirsts = new Map<string, { tries: number; passes: number }>();
  for (const row of firsts) {
    const sum = skillFirsts.get(row.skill) ?? { tries: 0, passes: 0 };
    sum.tries += Number(row.tries);
    sum.passes += Number(row.passes);
    skillFirsts.set(row.skill, sum);
  }
  const exercises: SkillExerciseRow[] = firsts.flatMap((row) => {
    const skill = SKILLS.find((item) => item.key === row.skill);
    if (!skill) return [];
    const own = { tries: Number(row.tries), passes: Number(row.passes) };
    const all = skillFirsts.get(row.skill) ?? own;
    return [
      {
        skill: skill.key,
        exercise: row.exercise,
        learners: own.tries,
        firstTryPassRate: own.passes / own.tries,
        ...exerciseVerdict(own, { tries: all.tries - own.tries, passes: all.passes - own.passes }),
      },
    ];
  });
  const skillOrder = (key: SkillKey) => SKILLS.findIndex((item) => item.key === key);
  exercises.sort(
    (a, b) =>
      Number(isOutOfLine(b)) - Number(isOutOfLine(a)) ||
      (isOutOfLine(a) ? Math.abs(b.z ?? 0) - Math.abs(a.z ?? 0) : 0) ||
      skillOrder(a.skill) - skillOrder(b.skill) ||
      b.learners - a.learners ||
      a.exercise.localeCompare(b.exercise),
  );

  const skills = SKILLS.map(({ key, title }): SkillRow => {
    const total = totals.find((row) => row.skill === key);
    const first = skillFirsts.get(key);
    return {
      skill: key,
      title,
      learners: Number(total?.learners ?? 0),
      answers: Number(total?.answers ?? 0),
      firstTries: first?.tries ?? 0,
      firstTryPassRate: first && first.tries > 0 ? first.passes / first.tries : null,
      curve: curve
        .filter((row) => row.skill === key)
        .map((row) => ({
          attempt: Number(row.attempt),
          learners: Number(row.learners),
          passes: Number(row.passes),
          passRate: Number(row.passes) / Number(row.learners),
        })),
      outOfLine: exercises.filter((row) => row.skill === key && isOutOfLine(row)).length,
    };
  });
  return { skills, exercises };
}
