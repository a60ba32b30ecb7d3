import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { GradeResult } from '@course/rules';
import type { EntityManager, Repository } from 'typeorm';
import type { ExerciseStanding, PulledLinesBody, SavedLinesSource } from '@course/contract';
import { CourseContent } from '../course-catalogue/course-content.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import { SavedLines } from './saved-lines.entity.js';

/** The lines one graded answer leaves for the lessons that pull them, or none. */
export interface LinesToKeep {
  lines: [number, number];
  source: SavedLinesSource;
}

/**
 * The rule of "push line" (spec: the lesson asks to save the user's lines): a passing answer keeps
 * its two lines; a miss that shows the correct zone, with no pass yet, keeps the zone instead of
 * lines that missed it; any other answer leaves what is kept. A pass after the zone was shown
 * replaces it: the learner's own lines are what the next lesson shows once they have them.
 */
export function linesToKeep(
  grade: Pick<GradeResult, 'pass'>,
  standing: ExerciseStanding,
  answer: readonly number[],
  zone: { upper: number; lower: number },
): LinesToKeep | undefined {
  const [first, second] = answer;
  if (grade.pass && first !== undefined && second !== undefined) {
    // Grading reads the first two lines as the answer (spec, section 5); the rest are not kept.
    return { lines: [first, second], source: 'answer' };
  }
  if (!standing.passed && standing.revealed) {
    return { lines: [zone.upper, zone.lower], source: 'zone' };
  }
  return undefined;
}

/**
 * Each learner's lines from a "push line" lesson, kept on the server (not in one browser) and
 * shown by the lessons that pull them. A learner reads only their own: every query names them.
 */
@Injectable()
export class SavedLinesService {
  constructor(
    @InjectRepository(SavedLines) private readonly saved: Repository<SavedLines>,
    private readonly content: CourseContent,
  ) {}

  /** The lesson whose answers on `chartNumber` are kept for later lessons, if any. */
  pushingLesson(chartNumber: number): Lesson | undefined {
    return this.content.lessons().find((lesson) => lesson.pushLine && lesson.c_num === chartNumber);
  }

  /**
   * After a graded zone answer on `chartNumber` (its 5-min chart), in the answer's transaction:
   * keeps what the rule says when a lesson pushes this chart's lines and the answer counts for
   * that lesson (a try sent by chart number alone counts for every lesson showing the chart).
   */
  async keepAfterAnswer(
    store: EntityManager,
    userId: string,
    answered: { chartNumber: number; lessonId?: number },
    outcome: {
      grade: Pick<GradeResult, 'pass'>;
      standing: ExerciseStanding;
      lines: readonly number[];
      zone: { upper: number; lower: number };
    },
  ): Promise<void> {
    const lesson = this.pushingLesson(answered.chartNumber);
    if (!lesson) return;
    if (answered.lessonId !== undefined && answered.lessonId !== lesson.id) return;
    const kept = linesToKeep(outcome.grade, outcome.standing, outcome.lines, outcome.zone);
    if (!kept) return;
    await store
      .getRepository(SavedLines)
      .upsert({ userId, chartNumber: answered.chartNumber, lessonId: lesson.id, ...kept }, [
        'userId',
        'chartNumber',
      ]);
  }

  /** What `lesson` (a "pull line" lesson) shows the learner from its prev_chart. */
  async pulledBy(
    userId: string,
    lesson: Lesson & { prev_chart: number },
  ): Promise<PulledLinesBody> {
    const row = await this.saved.findOneBy({ userId, chartNumber: lesson.prev_chart });
    return {
      chart: lesson.prev_chart,
      lines: row ? row.lines : [],
      source: row ? row.source : null,
    };
  }
}
