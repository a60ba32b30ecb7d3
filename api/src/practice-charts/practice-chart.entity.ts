import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A learner's generated practice chart, kept so that no instance generates it again: the pair
 * (5-minute chart and 1-hour twin) as gzipped JSON, 4 to 10 kB.
 */
@Entity({ name: 'practice_charts' })
export class PracticeChart {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** 'zone', 'plan' or 'decision'. */
  @PrimaryColumn({ name: 'kind', type: 'varchar', length: 16 })
  kind!: string;

  /** The place in the portal. */
  @PrimaryColumn({ name: 'practice_index', type: 'integer' })
  practiceIndex!: number;

  @Column({ name: 'chart', type: 'bytea' })
  chart!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
