/** GET api/billing/plan: the Pro Plan's price and what POST stripe/check/ expects. */
export interface BillingPlan {
  name: string;
  /** In cents. */
  amount: number;
  currency: string;
  interval: string;
  priceId: string;
  /** No real card is charged (local billing or Stripe test keys). */
  testMode: boolean;
}

/** GET api/stripe/isSub */
export interface SubscriptionStatus {
  subscription: boolean;
  /** For a canceled plan that is still active, its last day (YYYY-MM-DD, UTC); otherwise null. */
  endsOn: string | null;
}

/** POST stripe/check/ */
export interface CheckoutRequest {
  priceId: string;
}

/** The checkout page to send the browser to. */
export interface CheckoutUrl {
  url: string;
}
