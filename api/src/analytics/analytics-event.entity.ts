import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One raw analytics event. Who is a random visitor id from the browser's storage and, after a
 * login, the learner's id: never an email, an address or a user agent. Rows older than
 * ANALYTICS_RETENTION_DAYS are rolled up into `analytics_daily` and deleted.
 */
@Entity({ name: 'analytics_events' })
export class AnalyticsEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'timestamptz' })
  at!: Date;

  @Column({ name: 'visitor_id', type: 'uuid', nullable: true })
  visitorId!: string | null;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'text', nullable: true })
  route!: string | null;

  @Column({ name: 'lesson_id', type: 'integer', nullable: true })
  lessonId!: number | null;

  @Column({ name: 'chart_number', type: 'integer', nullable: true })
  chartNumber!: number | null;

  @Column({ name: 'practice_index', type: 'integer', nullable: true })
  practiceIndex!: number | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  @Column({ type: 'boolean', nullable: true })
  passed!: boolean | null;
}
