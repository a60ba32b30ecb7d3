import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PracticeItem, PracticeMode } from '@course/contract';

/** Where one learner is in the Practice Portal: the mode, each round's place, the current item. */
@Entity({ name: 'practice_places' })
export class PracticePlaceRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  mode!: PracticeMode;

  @Column({ type: 'integer' })
  zones!: number;

  @Column({ type: 'integer' })
  decisions!: number;

  @Column({ type: 'integer' })
  plans!: number;

  @Column({ type: 'integer', default: 1 })
  real!: number;

  @Column({ name: 'real_decisions', type: 'integer', default: 1 })
  realDecisions!: number;

  /** "Practise what I need": the exercise on screen, as the server chose it. */
  @Column({ type: 'jsonb', nullable: true })
  current!: PracticeItem | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
