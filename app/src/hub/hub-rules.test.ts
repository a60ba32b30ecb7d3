import type { CatalogueModule, LessonSummary } from '../api/index.js';
import { cardHeading, lessonStatuses, moduleProgress } from './hub-rules.js';

const lesson = (id: number, status: LessonSummary['status'], page = '1/3') =>
  ({ id, status, page, path: `/l${id}`, title: `Lesson ${id}` }) as LessonSummary;

describe('hub rules', () => {
  it('opens the first lesson of a module and the one after each completed lesson', () => {
    const lessons = [{ id: 10 }, { id: 12 }, { id: 13 }, { id: 14 }];
    expect(lessonStatuses(lessons, [])).toEqual(['open', 'locked', 'locked', 'locked']);
    expect(lessonStatuses(lessons, [10])).toEqual(['completed', 'open', 'locked', 'locked']);
    expect(lessonStatuses(lessons, [10, 13])).toEqual(['completed', 'open', 'completed', 'open']);
  });

  it('summarises a module and points at the next open lesson', () => {
    const module: CatalogueModule = {
      key: 'finding',
      title: 'Finding',
      lessons: [lesson(10, 'completed'), lesson(12, 'open'), lesson(13, 'locked')],
    };
    const progress = moduleProgress(module);
    expect(progress.completed).toBe(1);
    expect(progress.total).toBe(3);
    expect(progress.next?.id).toBe(12);
  });

  it('adds page labels that are not page numbers to the card heading', () => {
    expect(cardHeading(lesson(19, 'open', '10/10'), 9)).toBe('Lesson 10');
    expect(cardHeading(lesson(19, 'open', 'Practice'), 9)).toBe('Lesson 10 · Practice');
  });
});
