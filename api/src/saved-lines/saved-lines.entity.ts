import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { SavedLinesSource } from '@course/contract';

/**
 * The lines a learner carries from a "push line" lesson's chart to the lessons that pull them:
 * their passing answer's two lines, or the correct zone's bounds once it was shown to them.
 */
@Entity({ name: 'saved_lines' })
export class SavedLines {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The 5-min chart the lines belong to (a lesson's prev_chart names it). */
  @PrimaryColumn({ name: 'chart_number', type: 'integer' })
  chartNumber!: number;

  /** The lesson whose answer wrote them. */
  @Column({ name: 'lesson_id', type: 'integer' })
  lessonId!: number;

  @Column({ type: 'double precision', array: true })
  lines!: number[];

  @Column({ type: 'varchar', length: 8 })
  source!: SavedLinesSource;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
