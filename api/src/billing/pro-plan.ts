/** The one plan the course sells (the spec's Pro Plan: 14.99 USD a month). */
export const PRO_PLAN = {
  name: 'Pro Plan',
  /** In the currency's smallest unit, as Stripe counts it. */
  amount: 1499,
  currency: 'usd',
  interval: 'month',
} as const;

/** The price id the keyless local provider accepts in place of a Stripe price. */
export const LOCAL_PRICE_ID = 'price_local_pro_monthly';

/** Where Checkout sends the learner back to, on the app's own origin. */
export function checkoutReturnUrls(appOrigin: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${appOrigin}/home?checkout=success`,
    cancelUrl: `${appOrigin}/pricing?checkout=cancelled`,
  };
}

/** The same day next month, clamped to the month's last day (Jan 31 -> Feb 28/29), in UTC. */
export function oneMonthAfter(start: Date): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
