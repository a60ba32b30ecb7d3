import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CompletedLesson } from './completed-lesson.entity.js';

/** The lessons each learner has completed (the spec's `completed` list). */
@Injectable()
export class ProgressService {
  constructor(
    @InjectRepository(CompletedLesson) private readonly completed: Repository<CompletedLesson>,
  ) {}

  /** Lesson ids in the order they were completed. */
  async completedIds(userId: string): Promise<number[]> {
    // Plain SQL: this runs on every hub and lesson page, and the query itself is trivial.
    const rows = await this.completed.query<{ lesson_id: number }[]>(
      'SELECT lesson_id FROM completed_lessons WHERE user_id = $1 ORDER BY completed_at, lesson_id',
      [userId],
    );
    return rows.map((row) => row.lesson_id);
  }

  /** Idempotent: completing a lesson twice keeps the first completion. */
  async complete(userId: string, lessonId: number): Promise<void> {
    await this.completed
      .createQueryBuilder()
      .insert()
      .values({ userId, lessonId })
      .orIgnore()
      .execute();
  }
}
