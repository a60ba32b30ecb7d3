import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { SubscriptionService } from '../billing/subscription.service.js';
import { ProgressService } from '../progress/progress.service.js';
import { AttemptsService, type ExerciseStanding } from './attempts.service.js';
import { CourseContent } from './course-content.js';
import type { Illustration, Lesson, LessonDescriptor } from './lesson.js';

export type LessonStatus = 'completed' | 'open' | 'locked';

/** A lesson as the catalogue lists it for one caller. */
export interface LessonSummary extends LessonDescriptor {
  status: LessonStatus;
  /** sub_req and the caller has no Pro Plan: the app shows the subscription wall. */
  subscriptionRequired: boolean;
}

export interface CatalogueModule {
  key: string;
  title: string;
  lessons: LessonSummary[];
}

export interface Catalogue {
  subscribed: boolean;
  completed: number[];
  modules: CatalogueModule[];
}

export interface LessonPage extends LessonSummary {
  moduleTitle: string;
  html: string;
  illustration: Illustration;
  /** The caller's standing on the lesson's exercise, when it has one. */
  exercise: ExerciseStanding | null;
}

export const SUBSCRIPTION_REQUIRED_MESSAGE =
  "Let's keep it going! You must be subscribed to access this content";

/** Open when it starts its module or follows a completed lesson, so a learner sees where to go. */
function lessonStatus(moduleLessons: Lesson[], index: number, done: Set<number>): LessonStatus {
  const lesson = moduleLessons[index];
  const previous = moduleLessons[index - 1];
  if (lesson && done.has(lesson.id)) return 'completed';
  if (!previous || done.has(previous.id)) return 'open';
  return 'locked';
}

function subscriptionRequired(): ForbiddenException {
  return new ForbiddenException({
    message: SUBSCRIPTION_REQUIRED_MESSAGE,
    subscriptionRequired: true,
  });
}

function descriptorOf(lesson: Lesson): LessonDescriptor {
  const { html: _html, illustration: _illustration, file: _file, ...descriptor } = lesson;
  return descriptor;
}

@Injectable()
export class LessonsService {
  constructor(
    private readonly content: CourseContent,
    private readonly subscriptions: SubscriptionService,
    private readonly attempts: AttemptsService,
    private readonly progress: ProgressService,
  ) {}

  /** The course for one caller, with each lesson's status. */
  async catalogue(userId: string | undefined): Promise<Catalogue> {
    const [completed, subscribed] = userId
      ? await Promise.all([
          this.progress.completedIds(userId),
          this.subscriptions.isSubscribed(userId),
        ])
      : [[], false];
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

  /** One lesson's page; gated content is refused by the server, not only hidden by the app. */
  async page(userId: string, path: string): Promise<LessonPage> {
    const lesson = this.content.byPath(path);
    if (!lesson) throw new NotFoundException(`There is no lesson at ${path}.`);
    const [subscribed, completed] = await Promise.all([
      this.subscriptions.isSubscribed(userId),
      this.progress.completedIds(userId),
    ]);
    if (lesson.sub_req && !subscribed) throw subscriptionRequired();
    const module = this.content.modules.find((entry) => entry.key === lesson.module);
    const moduleLessons = module?.lessons ?? [lesson];
    return {
      ...descriptorOf(lesson),
      status: lessonStatus(moduleLessons, moduleLessons.indexOf(lesson), new Set(completed)),
      subscriptionRequired: false,
      moduleTitle: module?.title ?? '',
      html: lesson.html,
      illustration: lesson.illustration,
      exercise:
        lesson.c_num === null ? null : await this.attempts.standing({ userId }, lesson.c_num),
    };
  }

  async requireAccess(userId: string, lesson: Lesson): Promise<void> {
    if (lesson.sub_req && !(await this.subscriptions.isSubscribed(userId))) {
      throw subscriptionRequired();
    }
  }
}
