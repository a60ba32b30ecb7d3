import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PracticeKind, SkillKey, SkillState } from '@course/rules';

/** One learner's model of one skill: the course's learner-model state, as JSON. */
@Entity({ name: 'skill_states' })
export class SkillStateRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  skill!: SkillKey;

  @Column({ type: 'jsonb' })
  state!: SkillState;

  /** The graded answers that spoke for the skill (also in `state`, here for queries). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** One practice exercise answered, as the choice of the next one reads it. */
export interface PracticeHistoryEntry {
  kind: PracticeKind;
  skill: SkillKey;
  pass: boolean;
}

/** A learner's last practice exercises answered, oldest first. */
@Entity({ name: 'practice_history' })
export class PracticeHistoryRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  items!: PracticeHistoryEntry[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
