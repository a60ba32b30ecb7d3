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
    const rows = await this.completed.find({
      where: { userId },
      order: { completedAt: 'ASC', lessonId: 'ASC' },
    });
    return rows.map((row) => row.lessonId);
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
