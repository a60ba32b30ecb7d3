import { oneMonthAfter } from '../src/billing/pro-plan.js';
import { grantsAccess } from '../src/billing/subscription-access.js';
import type { Subscription } from '../src/billing/subscription.entity.js';
import { loadConfig } from '../src/config/config.js';

const NOW = new Date('2026-03-15T12:00:00Z');

function subscription(fields: Partial<Subscription>): Subscription {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    provider: 'stripe',
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    status: 'active',
    currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    lastEventAt: null,
    updatedAt: NOW,
    ...fields,
  };
}

describe('grantsAccess', () => {
  it('gives access to active and trialing plans only', () => {
    expect(grantsAccess(subscription({ status: 'active' }), NOW)).toBe(true);
    expect(grantsAccess(subscription({ status: 'trialing' }), NOW)).toBe(true);
    for (const status of ['past_due', 'unpaid', 'canceled', 'incomplete', 'paused']) {
      expect(grantsAccess(subscription({ status }), NOW)).toBe(false);
    }
    expect(grantsAccess(null, NOW)).toBe(false);
  });

  it('keeps a canceled plan until its period ends, and not a moment longer', () => {
    const canceled = (end: string) =>
      subscription({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(end) });
    expect(grantsAccess(canceled('2026-03-15T12:00:01Z'), NOW)).toBe(true);
    expect(grantsAccess(canceled('2026-03-15T12:00:00Z'), NOW)).toBe(false);
    expect(grantsAccess(canceled('2026-03-01T00:00:00Z'), NOW)).toBe(false);
  });

  it('lets a renewing plan through past its recorded period end (Stripe renews or deletes it)', () => {
    expect(grantsAccess(subscription({ currentPeriodEnd: new Date('2026-03-01') }), NOW)).toBe(
      true,
    );
  });
});

describe('oneMonthAfter', () => {
  it.each([
    ['2026-01-15T08:30:00.000Z', '2026-02-15T08:30:00.000Z'],
    ['2026-01-31T08:30:00.000Z', '2026-02-28T08:30:00.000Z'],
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-03-31T23:59:59.000Z', '2026-04-30T23:59:59.000Z'],
    ['2026-12-31T10:00:00.000Z', '2027-01-31T10:00:00.000Z'],
  ])('%s -> %s', (start, end) => {
    expect(oneMonthAfter(new Date(start)).toISOString()).toBe(end);
  });
});

describe('Stripe configuration', () => {
  const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('needs the Pro Plan price whenever Stripe is configured', () => {
    expect(() => loadConfig(stripeEnv)).toThrow(
      'STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set',
    );
  });

  it('takes an API origin for the SDK and refuses anything else', () => {
    const env = { ...stripeEnv, STRIPE_PRICE_ID: 'price_x' };
    expect(loadConfig({ ...env, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripeApiBase).toBe(
      'http://127.0.0.1:12111',
    );
    expect(loadConfig(env).stripeApiBase).toBeUndefined();
    expect(() => loadConfig({ ...env, STRIPE_API_BASE: 'api.stripe.com/v1' })).toThrow(
      /STRIPE_API_BASE must be an origin/,
    );
  });
});
