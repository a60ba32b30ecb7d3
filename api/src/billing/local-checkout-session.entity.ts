import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A test-mode checkout started without Stripe keys: random, single use, tied to one learner. */
@Entity({ name: 'local_checkout_sessions' })
export class LocalCheckoutSession {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'success_url', type: 'text' })
  successUrl!: string;

  @Column({ name: 'cancel_url', type: 'text' })
  cancelUrl!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
