import { Injectable, NotFoundException } from '@nestjs/common';
import { encodeJson, type EncodedJson } from '../common/encoded-json.js';
import { AttemptsService, lessonExerciseKey } from '../exercises/attempts.service.js';
import { CourseAccess, lessonStatus } from '../course-catalogue/course-access.js';
import { ChartCatalogue } from '../exercise-charts/chart-catalogue.provider.js';
import { CourseContent } from '../course-catalogue/course-content.js';
import { DecisionsService, lessonDecisionExercise } from '../exercises/decisions.service.js';
import { lessonManageExercise, ManageService } from '../exercises/manage.service.js';
import { lessonPlanExercise, PlansService } from '../exercises/plans.service.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import { SavedLinesService } from '../saved-lines/saved-lines.service.js';
import type {
  Catalogue,
  LessonDescriptor,
  LessonPageBody,
  LessonStatus,
  PulledLinesBody,
} from '@course/contract';

export type { LessonStatus };

function descriptorOf(lesson: Lesson): LessonDescriptor {
  const {
    html: _html,
    illustration: _illustration,
    file: _file,
    // The answer of a management exercise stays on the server, which grades with it.
    manageRule: _manageRule,
    // The skills feed the learner model; no answer carries them yet.
    skills: _skills,
    ...descriptor
  } = lesson;
  return descriptor;
}

@Injectable()
export class LessonsService {
  /** What every visitor gets, encoded once: it only changes with the content. */
  private visitorAnswer: EncodedJson | undefined;

  constructor(
    private readonly content: CourseContent,
    private readonly access: CourseAccess,
    private readonly attempts: AttemptsService,
    private readonly plans: PlansService,
    private readonly decisions: DecisionsService,
    private readonly manage: ManageService,
    private readonly charts: ChartCatalogue,
    private readonly savedLines: SavedLinesService,
  ) {}

  /** The catalogue for visitors, serialised and gzipped once (it reads no database). */
  visitorCatalogue(): EncodedJson {
    this.visitorAnswer ??= encodeJson(this.catalogueFor([], false));
    return this.visitorAnswer;
  }

  /** The course for one caller, with each lesson's status. */
  async catalogue(userId: string): Promise<Catalogue> {
    const { completed, subscribed } = await this.access.learner(userId);
    return this.catalogueFor(completed, subscribed);
  }

  private catalogueFor(completed: number[], subscribed: boolean): Catalogue {
    const done = new Set(completed);
    return {
      subscribed,
      completed,
      modules: this.content.modules.map((module) => ({
        key: module.key,
        title: module.title,
        lessons: module.lessons.map((lesson, index) => ({
          ...descriptorOf(lesson),
          status: lessonStatus(module.lessons, index, done),
          subscriptionRequired: lesson.sub_req && !subscribed,
        })),
      })),
    };
  }

  /**
   * The learner's own lines that a "pull line" lesson shows from its prev_chart, gated like the
   * lesson's page: a lesson the learner may not open yet shows them nothing either.
   */
  async pulledLines(userId: string, path: string): Promise<PulledLinesBody> {
    const lesson = this.content.byPath(path);
    if (!lesson) throw new NotFoundException(`There is no lesson at ${path}.`);
    const { prev_chart: chart } = lesson;
    if (!lesson.pullLine || chart === null) {
      throw new NotFoundException(`The lesson at ${path} shows no lines from an earlier chart.`);
    }
    this.access.requireLesson(await this.access.learner(userId), lesson);
    return this.savedLines.pulledBy(userId, { ...lesson, prev_chart: chart });
  }

  /**
   * One lesson's page. Gated content is refused by the server, not only hidden by the app: the
   * wall (403 subscriptionRequired) and the order rule (403 naming the lesson to finish first).
   */
  async page(userId: string, path: string): Promise<LessonPageBody> {
    const lesson = this.content.byPath(path);
    if (!lesson) throw new NotFoundException(`There is no lesson at ${path}.`);
    const learner = await this.access.learner(userId);
    this.access.requireLesson(learner, lesson);
    const module = this.content.modules.find((entry) => entry.key === lesson.module);
    const planChart =
      lesson.exerciseKind === 'plan' && lesson.c_num !== null
        ? this.charts.get(lesson.c_num)
        : undefined;
    const planExercise = planChart ? lessonPlanExercise(lesson, planChart) : undefined;
    const decisionChart =
      lesson.exerciseKind === 'decision' && lesson.c_num !== null
        ? this.charts.get(lesson.c_num)
        : undefined;
    const decisionExercise = decisionChart
      ? lessonDecisionExercise(lesson, decisionChart)
      : undefined;
    const manageChart =
      lesson.exerciseKind === 'manage' && lesson.c_num !== null
        ? this.charts.get(lesson.c_num)
        : undefined;
    const manageExercise = manageChart ? lessonManageExercise(lesson, manageChart) : undefined;
    return {
      ...descriptorOf(lesson),
      status: this.access.status(lesson, learner.completed),
      subscriptionRequired: false,
      moduleTitle: module?.title ?? '',
      html: lesson.html,
      illustration: lesson.illustration,
      exercise:
        lesson.c_num === null
          ? null
          : await this.attempts.standing(userId, lessonExerciseKey(lesson)),
      planSetup: planExercise ? this.plans.setup(planExercise) : null,
      planReview: planExercise ? await this.plans.review(userId, planExercise) : null,
      decisionSetup: decisionExercise ? this.decisions.setup(decisionExercise) : null,
      decisionReview: decisionExercise
        ? await this.decisions.review(userId, decisionExercise)
        : null,
      manageSetup: manageExercise ? this.manage.setup(manageExercise) : null,
      manageReview: manageExercise ? await this.manage.review(userId, manageExercise) : null,
    };
  }
}
