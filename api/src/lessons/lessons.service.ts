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

  /**
   * The course for one caller. A lesson is open when it starts its module or follows a completed
   * one, so a learner always sees where to go next.
   */
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
        lessons: module.lessons.map((lesson, index) => {
          const previous = module.lessons[index - 1];
          let status: LessonStatus = 'locked';
          if (done.has(lesson.id)) status = 'completed';
          else if (!previous || done.has(previous.id)) status = 'open';
          return {
            ...descriptorOf(lesson),
            status,
            subscriptionRequired: lesson.sub_req && !subscribed,
          };
        }),
      })),
    };
  }

  /** One lesson's page; gated content is refused by the server, not only hidden by the app. */
  async page(userId: string, path: string): Promise<LessonPage> {
    const lesson = this.content.byPath(path);
    if (!lesson) throw new NotFoundException(`There is no lesson at ${path}.`);
    await this.requireAccess(userId, lesson);
    const catalogue = await this.catalogue(userId);
    const summary = catalogue.modules
      .flatMap((module) => module.lessons)
      .find((entry) => entry.id === lesson.id);
    const module = this.content.modules.find((entry) => entry.key === lesson.module);
    return {
      ...descriptorOf(lesson),
      status: summary?.status ?? 'open',
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
      throw new ForbiddenException({
        message: SUBSCRIPTION_REQUIRED_MESSAGE,
        subscriptionRequired: true,
      });
    }
  }
}
