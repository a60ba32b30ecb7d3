import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a trade-plan try sent and was graded at, beside its three prices. */
export interface RecordedPlan {
  account: number;
  riskPercent: number;
  size: number;
  rewardToRisk: number;
  failed: string[];
}

/** A take-or-skip answer, beside whether it passed. */
export interface RecordedDecision {
  take: boolean;
  reasons: string[];
  /** The Finding module's criteria the learner said the zone meets, when they scored it. */
  criteria?: string[];
}

/** A trade-management answer: the rule chosen, beside whether it passed. */
export interface RecordedManage {
  rule: string;
}

/**
 * One graded try at a chart exercise by a learner. (Visitors of the landing demo are graded
 * without a row: their tries live in a signed cookie. Rows from before that keep `visitor_id`.)
 */
@Entity({ name: 'attempts' })
export class Attempt {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  /** A visitor's random id from a cookie (landing demo charts only). */
  @Column({ name: 'visitor_id', type: 'uuid', nullable: true })
  visitorId!: string | null;

  /** The 5-min chart graded; a try on an hourly twin counts for its 5-min chart. */
  @Column({ name: 'chart_number', type: 'integer', nullable: true })
  chartNumber!: number | null;

  /** For a learner's own practice chart (no catalogue number): its place in the portal. */
  @Column({ name: 'practice_index', type: 'integer', nullable: true })
  practiceIndex!: number | null;

  /** For one of the learner's real charts: its place among them (see real_practice_items). */
  @Column({ name: 'real_index', type: 'integer', nullable: true })
  realIndex!: number | null;

  @Column({ name: 'lesson_id', type: 'integer', nullable: true })
  lessonId!: number | null;

  @Column({ type: 'jsonb' })
  lines!: number[];

  @Column({ type: 'boolean' })
  pass!: boolean;

  /** A trade plan's money side and grade (its prices are `lines`: entry, stop, target). */
  @Column({ type: 'jsonb', nullable: true })
  plan!: RecordedPlan | null;

  /** A take-or-skip answer (its `lines` are empty). */
  @Column({ type: 'jsonb', nullable: true })
  decision!: RecordedDecision | null;

  /** A trade-management answer (its `lines` are empty). */
  @Column({ type: 'jsonb', nullable: true })
  manage!: RecordedManage | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
