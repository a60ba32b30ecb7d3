import type { User } from '../users/user.entity.js';
import type { Subscription } from './subscription.entity.js';

/** What a subscription looks like after the provider changed it. */
export interface SubscriptionState {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * Takes payments for the Pro Plan. Two implementations, chosen once when the module starts:
 * Stripe when STRIPE_SECRET_KEY is set, otherwise a local test mode that charges nothing.
 */
export interface BillingProvider {
  /** The price a checkout must name. */
  readonly priceId: string;
  /** True when no real card can be charged (local mode, or a Stripe test key). */
  readonly testMode: boolean;
  /** Starts a checkout for the learner and answers the URL to send their browser to. */
  startCheckout(user: User, existing: Subscription | null): Promise<string>;
  /**
   * Schedules the end of the subscription at the end of the period already paid for (true), or
   * takes that back so the plan renews (false).
   */
  setCancelAtPeriodEnd(
    subscription: Subscription,
    cancelAtPeriodEnd: boolean,
  ): Promise<SubscriptionState>;
}

export const BILLING_PROVIDER = Symbol('BILLING_PROVIDER');
