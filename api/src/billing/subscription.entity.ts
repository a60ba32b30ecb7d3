import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Which billing provider created a subscription: Stripe, or the keyless local test mode. */
export type SubscriptionProvider = 'stripe' | 'local';

/**
 * One learner's Pro Plan, as last reported by the billing provider. Stripe's webhook events are
 * the source of truth; `lastEventAt` keeps a late, older event from overwriting newer state.
 */
@Entity({ name: 'subscriptions' })
export class Subscription {
  /** One row per learner: a new checkout replaces the ended subscription in place. */
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: SubscriptionProvider;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId!: string | null;

  /** Stripe's subscription status: active, trialing, past_due, canceled, incomplete, ... */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  /** When the paid period ends (or the scheduled cancellation takes effect). */
  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  /** `created` of the newest Stripe event applied to this row; older events are ignored. */
  @Column({ name: 'last_event_at', type: 'timestamptz', nullable: true })
  lastEventAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
