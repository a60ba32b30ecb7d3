import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ZoneType } from '@course/rules';

/** One real chart served to a learner: its place in their real charts, the session and the type. */
@Entity({ name: 'real_practice_items' })
export class RealPracticeItemRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'integer' })
  index!: number;

  /** The real session, `SYMBOL:YYYY-MM-DD`: kept so the chart stays the same on every visit. */
  @Column({ name: 'session_id', type: 'varchar', length: 32 })
  sessionId!: string;

  @Column({ name: 'zone_type', type: 'varchar', length: 8 })
  zoneType!: ZoneType;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** One real take-or-skip exercise served to a learner: its place and the session of the return. */
@Entity({ name: 'real_practice_decisions' })
export class RealPracticeDecisionRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'integer' })
  index!: number;

  @Column({ name: 'session_id', type: 'varchar', length: 32 })
  sessionId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
