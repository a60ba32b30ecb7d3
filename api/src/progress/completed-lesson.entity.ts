import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A lesson a learner finished (the spec's `completed` list); one row per user and lesson. */
@Entity({ name: 'completed_lessons' })
export class CompletedLesson {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'lesson_id', type: 'integer' })
  lessonId!: number;

  @CreateDateColumn({ name: 'completed_at', type: 'timestamptz' })
  completedAt!: Date;
}
