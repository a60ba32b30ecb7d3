import Stripe from 'stripe';

/** Stripe's SDK, optionally pointed at another API origin (a local fake in tests). */
export function createStripeClient(secretKey: string, apiBase: string | undefined): Stripe {
  if (!apiBase) return new Stripe(secretKey);
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

/** The id of a Stripe reference that may or may not have been expanded into an object. */
export function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (reference === null || reference === undefined) return null;
  return typeof reference === 'string' ? reference : reference.id;
}
