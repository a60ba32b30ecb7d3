import type { Subscription } from './subscription.entity.js';

/** Stripe statuses in which the learner has paid (or is in a trial) for the current period. */
const PAID_STATUSES = new Set(['active', 'trialing']);

/**
 * Whether a subscription row gives access now: paid or trialing, and when a cancellation is
 * scheduled, only until the period already paid for ends. A renewing plan keeps access even past
 * its recorded period end: Stripe renews it and says so, or ends it with a deletion event.
 */
export function grantsAccess(subscription: Subscription | null, now: Date): boolean {
  if (!subscription || !PAID_STATUSES.has(subscription.status)) return false;
  if (!subscription.cancelAtPeriodEnd || subscription.currentPeriodEnd === null) return true;
  return subscription.currentPeriodEnd.getTime() > now.getTime();
}
