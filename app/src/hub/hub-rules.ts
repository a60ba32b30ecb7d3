import type { CatalogueModule, LessonStatus, LessonSummary } from '../api/index.js';

/**
 * The hub's rule (the API's too): a lesson is completed when its id is in the learner's list,
 * open when it starts its module or follows a completed lesson, and locked otherwise.
 */
export function lessonStatuses(
  lessons: readonly Pick<LessonSummary, 'id'>[],
  completed: readonly number[],
): LessonStatus[] {
  const done = new Set(completed);
  return lessons.map((lesson, index) => {
    if (done.has(lesson.id)) return 'completed';
    const previous = lessons[index - 1];
    return !previous || done.has(previous.id) ? 'open' : 'locked';
  });
}

export interface ModuleProgress {
  completed: number;
  total: number;
  /** The first lesson not yet completed that is open, where "Continue" leads. */
  next: LessonSummary | undefined;
}

export function moduleProgress(module: CatalogueModule): ModuleProgress {
  const completed = module.lessons.filter((lesson) => lesson.status === 'completed').length;
  return {
    completed,
    total: module.lessons.length,
    next: module.lessons.find((lesson) => lesson.status === 'open'),
  };
}

/** The card's heading: the module's lesson number and the page label the lesson carries. */
export function cardHeading(lesson: LessonSummary, indexInModule: number): string {
  return /^\d+\/\d+$/.test(lesson.page)
    ? `Lesson ${indexInModule + 1}`
    : `Lesson ${indexInModule + 1} · ${lesson.page}`;
}
