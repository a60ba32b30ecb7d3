import type { CatalogueModule, LessonSummary } from '../api/index.js';

// What a module's card shows. Each lesson's status is the server's (the catalogue carries it);
// nothing here decides what is open.

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
