import {
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { NOT_LOGGED_IN } from '../auth/auth.service.js';
import { SubscriptionService } from '../billing/subscription.service.js';
import { ProgressService } from '../progress/progress.service.js';
import { LANDING_DEMO_CHARTS } from './exercise-rules.js';
import { ChartCatalogue } from '../exercise-charts/chart-catalogue.provider.js';
import { CourseContent } from './course-content.js';
import type { Lesson } from './lesson.js';
import type { LessonStatus } from '@course/contract';
import type { SkillKey } from '@course/rules';

export const SUBSCRIPTION_REQUIRED_MESSAGE =
  "Let's keep it going! You must be subscribed to access this content";

/** Practice charts a learner has (the round is the first ten); the first is a free taster. */
export const PRACTICE_ROUND = 10;
export const PRACTICE_CHART_COUNT = 100;
export const FREE_PRACTICE_CHARTS = 1;

/** The free taster: the first practice exercises of each kind, open without the Pro Plan. */
const isFreePractice = (index: number) => index <= FREE_PRACTICE_CHARTS;
/** Each learner's practice plans (trade-plan charts of their own), the first one free too. */
export const PRACTICE_PLAN_COUNT = 50;

/** What a learner's access depends on, read once per request. */
export interface LearnerAccess {
  userId: string;
  subscribed: boolean;
  completed: number[];
}

/**
 * Who may see a catalogue chart. `demo`: the landing page's charts, for everyone. `lessons`: the
 * lessons that show it (as their chart, hourly chart or previous chart, or through its 1-hour
 * twin). `unlisted`: a chart no lesson or demo shows, for subscribers only.
 */
export type ChartAudience =
  { kind: 'demo' } | { kind: 'lessons'; lessons: Lesson[] } | { kind: 'unlisted' };

/** Open when it starts its module or follows a completed lesson: the hub's order rule. */
export function lessonStatus(
  moduleLessons: Lesson[],
  index: number,
  done: Set<number>,
): LessonStatus {
  const lesson = moduleLessons[index];
  const previous = moduleLessons[index - 1];
  if (lesson && done.has(lesson.id)) return 'completed';
  if (!previous || done.has(previous.id)) return 'open';
  return 'locked';
}

export function subscriptionRequired(): ForbiddenException {
  return new ForbiddenException({
    message: SUBSCRIPTION_REQUIRED_MESSAGE,
    subscriptionRequired: true,
  });
}

/** A 403 naming the lesson to finish first, so a client can send the learner there. */
export function finishFirst(lesson: Lesson): ForbiddenException {
  return new ForbiddenException({
    message: `Finish “${lesson.title}” first: lessons open in order.`,
    finishFirst: { id: lesson.id, path: lesson.path, title: lesson.title },
  });
}

/**
 * Every access rule of the course in one place: the subscription wall (lessons with sub_req,
 * their charts, unlisted charts and practice past the free taster need the Pro Plan) and the
 * hub's order rule (a lesson opens once the one before it in its module is completed), for
 * lesson pages, progress, chart data and attempts alike.
 */
@Injectable()
export class CourseAccess {
  /** The catalogue's chart numbers; only these are remembered, so a walk over ids costs nothing. */
  private readonly catalogueNumbers: ReadonlySet<number>;
  private readonly audiences = new Map<number, ChartAudience>();

  constructor(
    private readonly content: CourseContent,
    private readonly charts: ChartCatalogue,
    private readonly subscriptions: SubscriptionService,
    private readonly progress: ProgressService,
  ) {
    this.catalogueNumbers = new Set(charts.numbers());
  }

  async learner(userId: string): Promise<LearnerAccess> {
    const [subscribed, completed] = await Promise.all([
      this.subscriptions.isSubscribed(userId),
      this.progress.completedIds(userId),
    ]);
    return { userId, subscribed, completed };
  }

  /** The lesson's status for a learner who completed `completed`. */
  status(lesson: Lesson, completed: readonly number[]): LessonStatus {
    const moduleLessons = this.moduleLessons(lesson);
    return lessonStatus(moduleLessons, moduleLessons.indexOf(lesson), new Set(completed));
  }

  /** Throws the wall's 403, or the order rule's 403 naming the lesson to finish first. */
  requireLesson(access: LearnerAccess, lesson: Lesson): void {
    if (lesson.sub_req && !access.subscribed) throw subscriptionRequired();
    if (this.status(lesson, access.completed) === 'locked') {
      throw finishFirst(this.lessonToFinishFirst(lesson, access.completed));
    }
  }

  /** Who may see this chart; null when the catalogue has no such chart (nothing is generated). */
  audience(chartNumber: number): ChartAudience | null {
    if (!this.catalogueNumbers.has(chartNumber)) return null;
    let audience = this.audiences.get(chartNumber);
    if (audience === undefined) {
      audience = this.findAudience(chartNumber);
      this.audiences.set(chartNumber, audience);
    }
    return audience;
  }

  /** Whether anyone, signed in or not, may load the chart (its zone still waits for tries). */
  isPublic(chartNumber: number): boolean {
    const audience = this.audience(chartNumber);
    if (!audience) return false;
    if (audience.kind === 'demo') return true;
    return audience.kind === 'lessons' && audience.lessons.some((lesson) => !lesson.sub_req);
  }

  /**
   * Chart data: public charts for everyone; a gated lesson's chart and unlisted charts for
   * subscribers. The order rule is not applied here (only answers and reveals need it, and they
   * go through attempts); unknown numbers are 404 without generating anything.
   */
  async requireChartData(userId: string | undefined, chartNumber: number): Promise<void> {
    if (this.audience(chartNumber) === null) throw noSuchChart(chartNumber);
    if (this.isPublic(chartNumber)) return;
    if (!userId) throw new UnauthorizedException(NOT_LOGGED_IN);
    if (!(await this.subscriptions.isSubscribed(userId))) throw subscriptionRequired();
  }

  /**
   * An answer to a chart by number: the demo's charts for anyone; a lesson's chart only for a
   * learner who may open one of the lessons that show it (wall and order); unlisted charts for
   * subscribers.
   */
  async requireChartAttempt(userId: string | undefined, chartNumber: number): Promise<void> {
    const audience = this.audience(chartNumber);
    if (audience === null) throw noSuchChart(chartNumber);
    if (audience.kind === 'demo') return;
    if (!userId) throw new UnauthorizedException(NOT_LOGGED_IN);
    const access = await this.learner(userId);
    if (audience.kind === 'unlisted') {
      if (!access.subscribed) throw subscriptionRequired();
      return;
    }
    let firstRefusal: ForbiddenException | undefined;
    for (const lesson of audience.lessons) {
      try {
        this.requireLesson(access, lesson);
        return;
      } catch (error) {
        if (!(error instanceof ForbiddenException)) throw error;
        // The order rule's answer helps more than the wall's when some lesson is paid for.
        if (!firstRefusal || isSubscriptionRefusal(firstRefusal)) firstRefusal = error;
      }
    }
    throw firstRefusal ?? subscriptionRequired();
  }

  /**
   * The skills whose lessons the learner has reached: those the exercises of the lessons they
   * completed or may open now (wall and order) test. Practice follows the lessons, so nothing is
   * practised before a lesson has taught it.
   */
  reachedSkills(access: LearnerAccess): Set<SkillKey> {
    const done = new Set(access.completed);
    const reached = this.content
      .lessons()
      .filter(
        (lesson) =>
          done.has(lesson.id) ||
          ((!lesson.sub_req || access.subscribed) &&
            this.status(lesson, access.completed) !== 'locked'),
      );
    return new Set(reached.flatMap((lesson) => lesson.skills));
  }

  /** Practice chart `index` (1-based): the first ones are a free taster, the rest need the plan. */
  async requirePractice(userId: string, index: number): Promise<void> {
    if (isFreePractice(index)) return;
    if (!(await this.subscriptions.isSubscribed(userId))) throw subscriptionRequired();
  }

  /** Which of their practice exercises the learner may open: the free taster, or all. */
  async openPractice(userId: string): Promise<(index: number) => boolean> {
    return this.openPracticeOf({ subscribed: await this.subscriptions.isSubscribed(userId) });
  }

  /** {@link openPractice} for a learner's access already read. */
  openPracticeOf({ subscribed }: Pick<LearnerAccess, 'subscribed'>): (index: number) => boolean {
    return (index) => subscribed || isFreePractice(index);
  }

  private moduleLessons(lesson: Lesson): Lesson[] {
    return this.content.modules.find((entry) => entry.key === lesson.module)?.lessons ?? [lesson];
  }

  /** The first lesson before this one in its module that is not completed (it is open). */
  private lessonToFinishFirst(lesson: Lesson, completed: readonly number[]): Lesson {
    const done = new Set(completed);
    const moduleLessons = this.moduleLessons(lesson);
    const before = moduleLessons.slice(0, moduleLessons.indexOf(lesson));
    return before.find((entry) => !done.has(entry.id)) ?? lesson;
  }

  private findAudience(chartNumber: number): ChartAudience {
    if (LANDING_DEMO_CHARTS.includes(chartNumber)) return { kind: 'demo' };
    const chart = this.charts.get(chartNumber);
    const shown = new Set([chartNumber, ...(chart?.twin != null ? [chart.twin] : [])]);
    if (chart?.twin != null && LANDING_DEMO_CHARTS.includes(chart.twin)) return { kind: 'demo' };
    const lessons = this.content
      .lessons()
      .filter((lesson) =>
        [lesson.c_num, lesson.hourly_c_num, lesson.prev_chart].some(
          (number) => number !== null && shown.has(number),
        ),
      );
    return lessons.length > 0 ? { kind: 'lessons', lessons } : { kind: 'unlisted' };
  }
}

function noSuchChart(chartNumber: number): NotFoundException {
  return new NotFoundException(`There is no chart number ${chartNumber}.`);
}

function isSubscriptionRefusal(error: ForbiddenException): boolean {
  const body = error.getResponse();
  return (
    typeof body === 'object' &&
    (body as { subscriptionRequired?: unknown }).subscriptionRequired === true
  );
}
