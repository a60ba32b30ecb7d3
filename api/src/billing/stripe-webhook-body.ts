import type { RawBodyRequest } from '@nestjs/common';
import express, { type Express, type Request } from 'express';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
/**
 * Stripe's events carry whole objects (an invoice with its lines and discounts): far larger than
 * any body the app sends, and Stripe retries an event it cannot deliver for days.
 */
export const STRIPE_WEBHOOK_BODY_LIMIT = '1mb';

/**
 * The webhook's own JSON parser, registered before the app-wide one (which then skips the
 * already-read body): a larger limit, and the raw bytes kept for the signature check.
 */
export function applyStripeWebhookBodyParser(server: Express): void {
  server.use(
    STRIPE_WEBHOOK_PATH,
    express.json({
      limit: STRIPE_WEBHOOK_BODY_LIMIT,
      verify: (request: RawBodyRequest<Request>, _response, body) => {
        request.rawBody = body;
      },
    }),
  );
}
