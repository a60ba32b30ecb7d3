import { BadRequestException, Injectable } from '@nestjs/common';
import type { AnsweredExercise } from '../analytics/answer-events.js';
import { CourseAccess } from '../catalogue/course-access.js';
import { CourseContent } from '../catalogue/course-content.js';
import type { Lesson } from '../catalogue/lesson.js';
import { ChartCatalogue, type ExerciseChart } from '../chart-catalogue/chart-catalogue.provider.js';
import { PracticeCharts } from '../practice-charts/practice-charts.js';

/** The exercise kinds answered on a lesson's chart through api/plans, decisions and manage. */
type LessonExerciseKind = 'plan' | 'decision' | 'manage';

const EXERCISE_NAMES: Record<LessonExerciseKind, string> = {
  plan: 'trade-plan',
  decision: 'take-or-skip',
  manage: 'trade-management',
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

  /** A lesson asking for an exercise of `kind`, and its chart. */
  async lessonChart(
    userId: string,
    lessonId: number,
    kind: LessonExerciseKind,
  ): Promise<{ lesson: Lesson; chart: ExerciseChart }> {
    const lesson = this.content.byId(lessonId);
    if (!lesson) throw new BadRequestException(`There is no lesson with id ${lessonId}.`);
    if (lesson.exerciseKind !== kind || lesson.c_num === null) {
      throw new BadRequestException(`Lesson ${lesson.id} has no ${EXERCISE_NAMES[kind]} exercise.`);
    }
    this.access.requireLesson(await this.access.learner(userId), lesson);
    const chart = this.charts.get(lesson.c_num);
    if (!chart) {
      throw new Error(`lesson ${lesson.id} names chart ${lesson.c_num}, which is missing`);
    }
    return { lesson, chart };
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
