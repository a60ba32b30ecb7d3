import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { gradeZone, type GradeResult, type SkillKey } from '@course/rules';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { Attempt } from './attempt.entity.js';
import {
  type ExerciseChart,
  gradedChartNumber,
} from '../exercise-charts/chart-catalogue.provider.js';
import { TRIES_BEFORE_REVEAL_BY_KIND } from '../course-catalogue/exercise-rules.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import type { AttemptResult, ExerciseKind, ExerciseStanding } from '@course/contract';
import { type PracticeExercise, SkillStates } from '../skills/skill-states.service.js';
import { SavedLinesService } from '../saved-lines/saved-lines.service.js';

/**
 * Which exercise a learner's tries count for: a catalogue chart (a try at an hourly twin counts
 * for its 5-min chart), a catalogue chart as one lesson asks it (two lessons can show the same
 * chart, and each is its own exercise), or one of the learner's own practice charts, by its place
 * in the portal.
 */
export type ExerciseKey = (
  | { chartNumber: number }
  | { chartNumber: number; lessonId: number }
  | { practiceIndex: number }
  | { realIndex: number }
) & {
  /**
   * What the tries answer: a zone (two lines), a trade plan, a decision or a management rule;
   * each kind is its own standing.
   */
  kind: ExerciseKind;
};

export function exerciseKindOf(chart: ExerciseChart): ExerciseKind {
  return chart.trade ? 'plan' : chart.decision ? 'decision' : 'zone';
}

/** Where each kind of answer is sent, for the 400 that sends a wrong one there. */
const ANSWERED_AT: Record<ExerciseKind, string> = {
  zone: 'api/attempts',
  plan: 'api/plans',
  decision: 'api/decisions',
  manage: 'api/manage',
};

/**
 * The standing after `tries` failed tries, passed or not: the tries rule (three for zones and
 * plans, one for decisions and management, see TRIES_BEFORE_REVEAL_BY_KIND) is applied here.
 */
export function standingOf(
  passed: boolean,
  tries: number,
  kind: ExerciseKind = 'zone',
): ExerciseStanding {
  const before = TRIES_BEFORE_REVEAL_BY_KIND[kind];
  const revealed = passed || tries >= before;
  return { passed, tries, triesLeft: revealed ? 0 : before - tries, revealed };
}

/**
 * Grades zone answers on the server with the course's `gradeZone`. A learner's tries are kept
 * (their standing, and a record of every answer); a visitor's are not (see DemoStanding).
 */
@Injectable()
export class AttemptsService {
  constructor(
    @InjectRepository(Attempt) private readonly attempts: Repository<Attempt>,
    private readonly skills: SkillStates,
    private readonly savedLines: SavedLinesService,
  ) {}

  /** The grade of `lines` on `chart`; a 400 when the answer is not a try at all. */
  grade(chart: ExerciseChart, lines: number[]): GradeResult {
    const kind = exerciseKindOf(chart);
    if (kind !== 'zone') {
      // Its zone is given on the page: a zone answer would reveal the answer for free.
      throw new BadRequestException(
        `Chart ${chart.chartNumber} is a ${kind === 'plan' ? 'trade-plan' : 'take-or-skip'} ` +
          `exercise: send the answer to ${ANSWERED_AT[kind]}.`,
      );
    }
    // The course's rule with its slack, thin-box and near-side-wick parts lives in @course/rules.
    const grade = gradeZone(lines, chart.zone);
    if (grade.reason === 'need-two-lines') {
      // Not a real try: nothing is recorded, so a stray click on Try costs the learner nothing.
      throw new BadRequestException(grade.feedback);
    }
    return grade;
  }

  /**
   * A chart's standing counts every try at it; a lesson's counts the tries made in that lesson
   * and those sent by chart number alone (the spec's client names no lesson). With `store`, as
   * that transaction sees it (a try it just stored counts).
   */
  async standing(
    userId: string,
    key: ExerciseKey,
    store?: EntityManager,
  ): Promise<ExerciseStanding> {
    const rows: { pass: boolean; count: string }[] = await this.answersTo(userId, key, store)
      .select('attempt.pass', 'pass')
      .addSelect('COUNT(*)', 'count')
      .groupBy('attempt.pass')
      .getRawMany();
    const passed = rows.some((row) => row.pass && Number(row.count) > 0);
    return standingOf(passed, Number(rows.find((row) => !row.pass)?.count ?? 0), key.kind);
  }

  /**
   * How many answers the learner had given to the exercise before the one `attemptId` keeps, as
   * `store`'s transaction sees them: the learner model hears only an exercise's first answer.
   */
  async answersBefore(
    userId: string,
    key: ExerciseKey,
    attemptId: string,
    store: EntityManager,
  ): Promise<number> {
    return this.answersTo(userId, key, store)
      .andWhere('attempt.id <> :attemptId', { attemptId })
      .getCount();
  }

  /** The learner's answers to one exercise (see {@link standing} for which count). */
  private answersTo(
    userId: string,
    key: ExerciseKey,
    store?: EntityManager,
  ): SelectQueryBuilder<Attempt> {
    const query = (store?.getRepository(Attempt) ?? this.attempts).createQueryBuilder('attempt');
    if ('lessonId' in key) {
      query.where(
        'attempt.userId = :userId AND attempt.chartNumber = :chartNumber AND ' +
          '(attempt.lessonId = :lessonId OR attempt.lessonId IS NULL)',
        { userId, chartNumber: key.chartNumber, lessonId: key.lessonId },
      );
    } else if ('chartNumber' in key) {
      query.where({ userId, chartNumber: key.chartNumber });
    } else if ('realIndex' in key) {
      query.where({ userId, realIndex: key.realIndex });
    } else {
      query.where({ userId, practiceIndex: key.practiceIndex });
    }
    return query.andWhere(
      key.kind === 'zone'
        ? 'attempt.plan IS NULL AND attempt.decision IS NULL AND attempt.manage IS NULL'
        : `attempt.${key.kind} IS NOT NULL`,
    );
  }

  /**
   * The first of the learner's practice exercises of `kind` (1 to `count`) not finished (neither
   * passed nor its answer shown) that fits the first of `preferences` any fits, else the first
   * not finished. Null when every one is.
   */
  async unfinishedPractice(
    userId: string,
    kind: ExerciseKind,
    count: number,
    preferences: readonly ((index: number) => boolean)[] = [],
  ): Promise<number | null> {
    const rows: { index: number; passed: boolean; failures: string }[] = await this.attempts
      .createQueryBuilder('attempt')
      .select('attempt.practiceIndex', 'index')
      .addSelect('bool_or(attempt.pass)', 'passed')
      .addSelect('COUNT(*) FILTER (WHERE NOT attempt.pass)', 'failures')
      .where('attempt.userId = :userId AND attempt.practiceIndex IS NOT NULL', { userId })
      .andWhere(
        kind === 'zone'
          ? 'attempt.plan IS NULL AND attempt.decision IS NULL AND attempt.manage IS NULL'
          : `attempt.${kind} IS NOT NULL`,
      )
      .groupBy('attempt.practiceIndex')
      .getRawMany();
    const finished = new Set(
      rows
        .filter((row) => standingOf(row.passed, Number(row.failures), kind).revealed)
        .map((row) => row.index),
    );
    const unfinished = Array.from({ length: count }, (_, at) => at + 1).filter(
      (index) => !finished.has(index),
    );
    for (const fits of preferences) {
      const index = unfinished.find(fits);
      if (index !== undefined) return index;
    }
    return unfinished[0] ?? null;
  }

  /**
   * The learner's last answer to a plan or decision exercise (by its key: a practice chart's
   * place, or a lesson's chart), or null before any.
   */
  async lastAnswer(userId: string, key: ExerciseKey): Promise<Attempt | null> {
    if (key.kind === 'zone') throw new Error('a zone exercise keeps its lines, not one answer');
    const query = this.attempts
      .createQueryBuilder('attempt')
      .where('attempt.userId = :userId', { userId })
      .andWhere(`attempt.${key.kind} IS NOT NULL`);
    if ('practiceIndex' in key) {
      query.andWhere('attempt.practiceIndex = :practiceIndex', {
        practiceIndex: key.practiceIndex,
      });
    } else if ('lessonId' in key) {
      query.andWhere('attempt.lessonId = :lessonId AND attempt.chartNumber = :chartNumber', {
        lessonId: key.lessonId,
        chartNumber: key.chartNumber,
      });
    } else if ('realIndex' in key) {
      query.andWhere('attempt.realIndex = :realIndex', { realIndex: key.realIndex });
    } else {
      query.andWhere('attempt.chartNumber = :chartNumber', { chartNumber: key.chartNumber });
    }
    return query.orderBy('attempt.createdAt', 'DESC').limit(1).getOne();
  }

  /**
   * Grades and keeps a learner's try in `store`'s transaction, and answers with their standing
   * after it: the try and the answer are committed together (see IdempotentAnswers).
   */
  async gradeAndRecord(
    userId: string,
    chart: ExerciseChart,
    key: ExerciseKey,
    lines: number[],
    store: EntityManager,
    /** The skills the content names for the exercise (a lesson's, a chart's in charts.yaml). */
    skills?: readonly SkillKey[],
  ): Promise<AttemptResult> {
    return this.record(userId, chart, key, lines, this.grade(chart, lines), store, skills);
  }

  /**
   * Keeps a try graded elsewhere (a real chart's, against any of its zones) in `store`'s
   * transaction like {@link gradeAndRecord}; a grade that is no try at all is a 400.
   */
  async record(
    userId: string,
    chart: ExerciseChart,
    key: ExerciseKey,
    lines: number[],
    grade: GradeResult,
    store: EntityManager,
    skills?: readonly SkillKey[],
  ): Promise<AttemptResult> {
    if (grade.reason === 'need-two-lines') throw new BadRequestException(grade.feedback);
    const attemptId = randomUUID();
    await store.getRepository(Attempt).insert({
      id: attemptId,
      userId,
      chartNumber: 'chartNumber' in key ? key.chartNumber : null,
      practiceIndex: 'practiceIndex' in key ? key.practiceIndex : null,
      realIndex: 'realIndex' in key ? key.realIndex : null,
      lessonId: 'lessonId' in key ? key.lessonId : null,
      // The first two lines are the answer (spec, section 5); more are kept as drawn.
      lines,
      pass: grade.pass,
    });
    const standing = await this.standing(userId, key, store);
    if ('chartNumber' in key) {
      await this.savedLines.keepAfterAnswer(
        store,
        userId,
        { chartNumber: key.chartNumber, lessonId: 'lessonId' in key ? key.lessonId : undefined },
        { grade, standing, lines, zone: chart.zone },
      );
    }
    await this.skills.record(
      store,
      userId,
      {
        kind: 'zone',
        // A practice chart names the concepts it was made for; the content names a lesson's.
        exercise: { kind: 'zone', zoneType: chart.zone.type, concepts: chart.concepts, skills },
        reason: grade.reason,
        // Passed only after three failed tries had shown the zone.
        afterReveal: grade.pass && standing.tries >= TRIES_BEFORE_REVEAL_BY_KIND.zone,
      },
      {
        attemptId,
        earlierAnswers: await this.answersBefore(userId, key, attemptId, store),
        practice: practiceExercise(key, 'zone'),
      },
    );
    return attemptResult(grade, standing, chart);
  }
}

/** The key of a catalogue chart's exercise. */
export function catalogueKey(chart: ExerciseChart): ExerciseKey {
  return { chartNumber: gradedChartNumber(chart), kind: exerciseKindOf(chart) };
}

/** The key of a catalogue chart's exercise as one lesson asks it. */
export function lessonKey(chart: ExerciseChart, lessonId: number): ExerciseKey {
  return { chartNumber: gradedChartNumber(chart), lessonId, kind: exerciseKindOf(chart) };
}

/** The key of a lesson's own exercise (its 5-min chart, `c_num`), without loading the chart. */
export function lessonExerciseKey(
  lesson: Pick<Lesson, 'id' | 'c_num' | 'exerciseKind'>,
): ExerciseKey {
  if (lesson.c_num === null) throw new Error(`lesson ${lesson.id} has no chart exercise`);
  // Content validation keeps a plan lesson on a plan chart and a zone lesson off one.
  return { chartNumber: lesson.c_num, lessonId: lesson.id, kind: lesson.exerciseKind };
}

/** The key of a learner's own practice chart: a zone to find, a trade to plan or to decide on. */
export function practiceKey(practiceIndex: number, kind: ExerciseKind = 'zone'): ExerciseKey {
  return { practiceIndex, kind };
}

/**
 * The Practice Portal exercise a key names, as the portal's place names it (so that an answer to
 * the exercise on screen is remembered for the skill it was served for); none for a lesson's.
 */
export function practiceExercise(
  key: ExerciseKey,
  kind: PracticeExercise['kind'],
): PracticeExercise | undefined {
  if ('practiceIndex' in key) return { kind, index: key.practiceIndex };
  if ('realIndex' in key) return { kind, index: key.realIndex, real: true };
  return undefined;
}

/** The key of one of the learner's real charts, by its place among them. */
export function realKey(realIndex: number): ExerciseKey {
  return { realIndex, kind: 'zone' };
}

/** The answer to a try: the grade, the standing, and the zone once it may be shown. */
export function attemptResult(
  grade: GradeResult,
  standing: ExerciseStanding,
  chart: ExerciseChart,
): AttemptResult {
  return {
    pass: grade.pass,
    reason: grade.reason,
    feedback: grade.feedback,
    tries: standing.tries,
    triesLeft: standing.triesLeft,
    revealed: standing.revealed,
    ...(standing.revealed ? revealedAnswer(chart) : {}),
  };
}

/** What a revealed exercise shows: the zone, why it is one, and the candles of its base. */
function revealedAnswer(
  chart: ExerciseChart,
): Pick<AttemptResult, 'zone' | 'explanation' | 'baseTimes'> {
  return {
    zone: { type: chart.zone.type, upper: chart.zone.upper, lower: chart.zone.lower },
    explanation: chart.explanation,
    baseTimes: chart.baseTimes,
  };
}
