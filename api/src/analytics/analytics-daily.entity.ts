import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Daily totals of events that were older than the retention period: what stays of them once the
 * raw rows are deleted. `people` is the number of distinct visitors or learners that day.
 */
@Entity({ name: 'analytics_daily' })
export class AnalyticsDaily {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'date' })
  day!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  route!: string | null;

  @Column({ name: 'lesson_id', type: 'integer', nullable: true })
  lessonId!: number | null;

  @Column({ name: 'chart_number', type: 'integer', nullable: true })
  chartNumber!: number | null;

  @Column({ name: 'practice_index', type: 'integer', nullable: true })
  practiceIndex!: number | null;

  @Column({ type: 'integer' })
  events!: number;

  @Column({ type: 'integer' })
  people!: number;

  @Column({ type: 'integer' })
  passed!: number;

  @Column({ name: 'duration_ms', type: 'bigint' })
  durationMs!: string;
}
