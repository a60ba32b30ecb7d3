import { BadRequestException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { ExerciseKind } from '@course/rules';
import type { AnsweredExercise } from '../analytics/answer-events.js';
import { NOT_LOGGED_IN } from '../auth/auth.service.js';
import { CourseAccess } from '../course-catalogue/course-access.js';
import { CourseContent } from '../course-catalogue/course-content.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import { ChartCatalogue, type ExerciseChart } from '../exercise-charts/chart-catalogue.provider.js';
import { PracticeCharts } from '../practice-charts/practice-charts.js';

const EXERCISE_NAMES: Record<Exclude<ExerciseKind, 'zone'>, string> = {
  plan: 'trade-plan',
  decision: 'take-or-skip',
  manage: 'trade-management',
};

/** Where a lesson's answer goes when it is not a zone, as the 400 for a zone answer says. */
const ELSEWHERE: Record<Exclude<ExerciseKind, 'zone'>, (id: number) => string> = {
  plan: (id) => `Lesson ${id} asks for a trade plan: send it to api/plans.`,
  decision: (id) => `Lesson ${id} asks to take or skip a trade: send it to api/decisions.`,
  manage: (id) => `Lesson ${id} asks how to manage a trade: send it to api/manage.`,
};

/** Which exercise an answer names: a lesson's, or one of the learner's practice charts. */
export type ExerciseTarget = { lesson: number } | { practice: number };

/** The one target of an answer that gives a lesson or a practice place, never both or neither. */
export function exerciseTarget(body: { lesson?: number; practice?: number }): ExerciseTarget {
  if ((body.lesson === undefined) === (body.practice === undefined)) {
    throw new BadRequestException('Send exactly one of lesson and practice.');
  }
  return body.practice !== undefined ? { practice: body.practice } : { lesson: body.lesson ?? 0 };
}

/** What the answer was given to, as analytics names it. */
export function answeredExercise(target: ExerciseTarget): AnsweredExercise {
  return 'practice' in target ? { practiceIndex: target.practice } : { lessonId: target.lesson };
}

/**
 * Finds the chart an answer is about once the learner may open it: a lesson's exercise chart
 * (the lesson must exist and ask for this kind of exercise), or one of their practice charts.
 * Every refusal is the access gate's or a 400 naming what was wrong.
 */
@Injectable()
export class ExerciseTargets {
  constructor(
    private readonly access: CourseAccess,
    private readonly content: CourseContent,
    private readonly charts: ChartCatalogue,
    private readonly practice: PracticeCharts,
  ) {}

  /**
   * A lesson asking for an exercise of `kind`, and its chart. The lesson is checked before the
   * session: a zone answer may come without one (the landing demo's), and a wrong lesson is a
   * 400 whoever sends it.
   */
  async lessonChart(
    userId: string | undefined,
    lessonId: number,
    kind: ExerciseKind,
  ): Promise<{ lesson: Lesson; chart: ExerciseChart }> {
    const lesson = this.content.byId(lessonId);
    if (!lesson) throw new BadRequestException(`There is no lesson with id ${lessonId}.`);
    const chartNumber = lessonChartNumber(lesson, kind);
    if (userId === undefined) throw new UnauthorizedException(NOT_LOGGED_IN);
    this.access.requireLesson(await this.access.learner(userId), lesson);
    const chart = this.charts.get(chartNumber);
    if (!chart) {
      throw new Error(`lesson ${lesson.id} names chart ${chartNumber}, which is missing`);
    }
    return { lesson, chart };
  }

  /** The five-minute chart of the learner's practice zone at `index`. */
  async practiceZone(userId: string, index: number): Promise<ExerciseChart> {
    await this.access.requirePractice(userId, index);
    return (await this.practice.get(userId, index)).fiveMinute;
  }

  /** The learner's practice plan at `index`. */
  async practicePlan(userId: string, index: number): Promise<ExerciseChart> {
    await this.access.requirePractice(userId, index);
    return this.practice.plan(userId, index);
  }

  /** The five-minute chart of the learner's practice decision at `index`. */
  async practiceDecision(userId: string, index: number): Promise<ExerciseChart> {
    await this.access.requirePractice(userId, index);
    return (await this.practice.decision(userId, index)).fiveMinute;
  }
}

/**
 * The chart number of a lesson's exercise of `kind`, or a 400: a zone answer to a lesson of
 * another kind is told where that kind goes; the other kinds are told the lesson has none.
 */
function lessonChartNumber(lesson: Lesson, kind: ExerciseKind): number {
  if (kind === 'zone') {
    if (lesson.c_num === null) {
      throw new BadRequestException(`Lesson ${lesson.id} has no chart exercise.`);
    }
    if (lesson.exerciseKind !== 'zone') {
      throw new BadRequestException(ELSEWHERE[lesson.exerciseKind](lesson.id));
    }
    return lesson.c_num;
  }
  if (lesson.exerciseKind !== kind || lesson.c_num === null) {
    throw new BadRequestException(`Lesson ${lesson.id} has no ${EXERCISE_NAMES[kind]} exercise.`);
  }
  return lesson.c_num;
}
