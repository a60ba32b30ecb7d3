import Stripe from 'stripe';

let eventCounter = 0;

/** A Stripe event envelope around `object`, as Stripe delivers it to a webhook endpoint. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { created: number; id?: string },
): Record<string, unknown> {
  return {
    id: options.id ?? `evt_test_${++eventCounter}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The body and Stripe-Signature header Stripe would send for `event`. */
export function signEvent(
  event: Record<string, unknown>,
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
