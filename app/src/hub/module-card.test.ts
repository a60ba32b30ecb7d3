import type { CatalogueModule, LessonSummary } from '../api/index.js';
import { cardHeading, moduleProgress } from './module-card.js';

const lesson = (id: number, status: LessonSummary['status'], page = '1/3') =>
  ({ id, status, page, path: `/l${id}`, title: `Lesson ${id}` }) as LessonSummary;

describe('module card', () => {
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
