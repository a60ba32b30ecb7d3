import type Stripe from 'stripe';
import type { SubscriptionState } from './billing-provider.js';

/**
 * Our view of a Stripe subscription. The paid period lives on its items (since API 2025-03-31);
 * a scheduled cancellation (`cancel_at_period_end`, or a `cancel_at` date) ends access at that
 * date instead.
 */
export function stateOfStripeSubscription(subscription: Stripe.Subscription): SubscriptionState {
  const itemPeriodEnds = subscription.items.data.map((item) => item.current_period_end);
  const periodEnd = itemPeriodEnds.length > 0 ? Math.max(...itemPeriodEnds) : null;
  const accessEnds = subscription.cancel_at ?? periodEnd;
  return {
    status: subscription.status,
    currentPeriodEnd: accessEnds === null ? null : new Date(accessEnds * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}
