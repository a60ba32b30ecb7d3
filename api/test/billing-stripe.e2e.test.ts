import request from 'supertest';
import { DataSource } from 'typeorm';
import { SubscriptionService } from '../src/billing/subscription.service.js';
import { expectError } from './support/http.js';
import { type Learner, registerLearner } from './support/learners.js';
import { signEvent, stripeEvent } from './support/stripe-events.js';
import {
  type FakeSubscription,
  StripeFake,
  stripeSubscriptionObject,
} from './support/stripe-fake.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SECRET_KEY = 'sk_test_fake_key_for_tests';
const WEBHOOK_SECRET = 'whsec_test_fake_webhook_secret';
const PRICE_ID = 'price_test_pro_monthly';
const DAY = 24 * 60 * 60;

interface SubscriptionRow {
  provider: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  last_event_at: Date | null;
}

describe('billing with Stripe (the real SDK against a local fake of its API)', () => {
  let fake: StripeFake;
  let testApp: TestApp;
  let dataSource: DataSource;
  let subscriptionCounter = 0;
  /** Event times: every test moves forward from here, a second per event. */
  let clock = Math.floor(Date.now() / 1000) - 30 * DAY;

  beforeAll(async () => {
    fake = await StripeFake.start();
    testApp = await startTestApp({
      stripeSecretKey: SECRET_KEY,
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripePriceId: PRICE_ID,
      stripeApiBase: fake.url,
    });
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const http = () => request(testApp.http);
  const learner = () => registerLearner(testApp.http, dataSource);
  const tick = () => ++clock;

  async function isSubscribed(who: Learner): Promise<boolean> {
    const response = await http().get('/api/stripe/isSub').set('Cookie', who.cookies).expect(200);
    return (response.body as { subscription: boolean }).subscription;
  }

  async function subscriptionRow(who: Learner): Promise<SubscriptionRow | undefined> {
    const rows = await dataSource.query<SubscriptionRow[]>(
      `SELECT provider, stripe_customer_id, stripe_subscription_id, status, current_period_end,
              cancel_at_period_end, last_event_at
       FROM subscriptions WHERE user_id = $1`,
      [who.id],
    );
    return rows[0];
  }

  async function processedEvents(): Promise<string[]> {
    const rows = await dataSource.query<{ event_id: string }[]>(
      'SELECT event_id FROM processed_webhook_events ORDER BY event_id',
    );
    return rows.map((row) => row.event_id);
  }

  async function billingSnapshot(): Promise<unknown[]> {
    return [
      await dataSource.query<unknown[]>('SELECT * FROM subscriptions ORDER BY user_id'),
      await processedEvents(),
    ];
  }

  async function expectUnchanged(action: () => Promise<void>): Promise<void> {
    const before = await billingSnapshot();
    await action();
    expect(await billingSnapshot()).toEqual(before);
  }

  /** Delivers a signed event to the webhook, as Stripe would. */
  function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const { payload, signature } = signEvent(event, secret);
    return http()
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', signature)
      .set('Content-Type', 'application/json')
      .send(payload);
  }

  function newSubscription(who: Learner, customer = `cus_${who.id.slice(0, 8)}`): FakeSubscription {
    const start = clock;
    const subscription: FakeSubscription = {
      id: `sub_test_${++subscriptionCounter}`,
      customer,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: start,
      currentPeriodEnd: start + 30 * DAY + 3600,
      metadata: { user_id: who.id },
    };
    fake.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  function checkoutCompleted(who: Learner, subscription: FakeSubscription, created = tick()) {
    return stripeEvent(
      'checkout.session.completed',
      {
        id: `cs_test_done_${subscription.id}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: who.id,
        customer: subscription.customer,
        subscription: subscription.id,
      },
      { created },
    );
  }

  function subscriptionEvent(
    type: 'created' | 'updated' | 'deleted',
    subscription: FakeSubscription,
    created = tick(),
  ) {
    return stripeEvent(`customer.subscription.${type}`, stripeSubscriptionObject(subscription), {
      created,
    });
  }

  function paymentFailed(subscription: FakeSubscription, created = tick()) {
    return stripeEvent(
      'invoice.payment_failed',
      {
        id: `in_test_${subscription.id}`,
        object: 'invoice',
        customer: subscription.customer,
        status: 'open',
        billing_reason: 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscription.id, metadata: {} },
        },
      },
      { created },
    );
  }

  /** A learner whose subscription Stripe reported as created and paid. */
  async function subscribedLearner(): Promise<{ who: Learner; subscription: FakeSubscription }> {
    const who = await learner();
    const subscription = newSubscription(who);
    await deliver(checkoutCompleted(who, subscription)).expect(200);
    await deliver(subscriptionEvent('created', subscription)).expect(200);
    return { who, subscription };
  }

  describe('GET /api/billing/plan', () => {
    it('names the configured Stripe price, in test mode with a test key', async () => {
      const response = await http().get('/api/billing/plan').expect(200);
      expect(response.body).toEqual({
        name: 'Pro Plan',
        amount: 1499,
        currency: 'usd',
        interval: 'month',
        priceId: PRICE_ID,
        testMode: true,
      });
    });
  });

  describe('POST /stripe/check/', () => {
    it('creates a Checkout Session in subscription mode for the learner', async () => {
      const alice = await learner();
      const before = fake.requestsTo('POST', '/v1/checkout/sessions').length;
      const response = await http()
        .post('/stripe/check/')
        .set('Cookie', alice.cookies)
        .send({ priceId: PRICE_ID })
        .expect(200);

      const sent = fake.requestsTo('POST', '/v1/checkout/sessions');
      expect(sent).toHaveLength(before + 1);
      const call = sent[sent.length - 1];
      expect(call?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(Object.fromEntries(call?.params ?? [])).toEqual({
        mode: 'subscription',
        'line_items[0][price]': PRICE_ID,
        'line_items[0][quantity]': '1',
        client_reference_id: alice.id,
        customer_email: alice.email,
        'subscription_data[metadata][user_id]': alice.id,
        success_url: `${testApp.config.appOrigin}/home?checkout=success`,
        cancel_url: `${testApp.config.appOrigin}/pricing?checkout=cancelled`,
      });
      expect(response.body).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_fake1' });
      // Nothing is active until Stripe's webhook says the payment went through.
      expect(await isSubscribed(alice)).toBe(false);
    });

    it('reuses the Stripe customer of a learner who subscribed before', async () => {
      const { who, subscription } = await subscribedLearner();
      await deliver(subscriptionEvent('deleted', { ...subscription, status: 'canceled' })).expect(
        200,
      );
      expect(await isSubscribed(who)).toBe(false);

      await http()
        .post('/stripe/check')
        .set('Cookie', who.cookies)
        .send({ priceId: PRICE_ID })
        .expect(200);
      const sent = fake.requestsTo('POST', '/v1/checkout/sessions');
      const params = sent[sent.length - 1]?.params;
      expect(params?.get('customer')).toBe(subscription.customer);
      expect(params?.has('customer_email')).toBe(false);
    });

    it('refuses a price that is not the configured Pro Plan price, without calling Stripe', async () => {
      const bob = await learner();
      const before = fake.requests.length;
      expectError(
        await http()
          .post('/stripe/check/')
          .set('Cookie', bob.cookies)
          .send({ priceId: 'price_local_pro_monthly' }),
        400,
        `priceId is not the Pro Plan's price: use "${PRICE_ID}" (GET /api/billing/plan gives it).`,
      );
      expect(fake.requests).toHaveLength(before);
    });

    it('answers 502 with a plain message when Stripe refuses', async () => {
      const carol = await learner();
      fake.checkoutError = {
        status: 400,
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such price: '${PRICE_ID}'`,
      };
      expectError(
        await http()
          .post('/stripe/check/')
          .set('Cookie', carol.cookies)
          .send({ priceId: PRICE_ID }),
        502,
        'The payment provider could not start a checkout. Please try again in a moment.',
      );
    });

    it('refuses a learner who already has the plan', async () => {
      const { who } = await subscribedLearner();
      const before = fake.requests.length;
      expectError(
        await http().post('/stripe/check/').set('Cookie', who.cookies).send({ priceId: PRICE_ID }),
        409,
        'You already have the Pro Plan.',
      );
      expect(fake.requests).toHaveLength(before);
    });
  });

  describe('POST /stripe/cancel', () => {
    it('sets cancel_at_period_end at Stripe; the plan stays active until the period ends', async () => {
      const { who, subscription } = await subscribedLearner();
      const response = await http().post('/stripe/cancel').set('Cookie', who.cookies).expect(200);

      const sent = fake.requestsTo('POST', `/v1/subscriptions/${subscription.id}`);
      expect(sent).toHaveLength(1);
      expect(Object.fromEntries(sent[0]?.params ?? [])).toEqual({ cancel_at_period_end: 'true' });
      const periodEnd = new Date(subscription.currentPeriodEnd * 1000);
      expect(response.body).toEqual({
        message: `Your Pro Plan is canceled. It stays active until ${periodEnd.toISOString().slice(0, 10)}.`,
      });
      expect(await subscriptionRow(who)).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: periodEnd,
      });
      expect(await isSubscribed(who)).toBe(true);

      // Stripe's own event for the change confirms it; at the period's end it deletes the plan.
      await deliver(subscriptionEvent('updated', subscription)).expect(200);
      expect(await isSubscribed(who)).toBe(true);
      await deliver(subscriptionEvent('deleted', { ...subscription, status: 'canceled' })).expect(
        200,
      );
      expect(await isSubscribed(who)).toBe(false);
    });

    it('POST /stripe/resume takes the cancellation back at Stripe before the period ends', async () => {
      const { who, subscription } = await subscribedLearner();
      await http().post('/stripe/cancel').set('Cookie', who.cookies).expect(200);
      const status = await http().get('/api/stripe/isSub').set('Cookie', who.cookies).expect(200);
      const periodEnd = new Date(subscription.currentPeriodEnd * 1000);
      expect(status.body).toEqual({
        subscription: true,
        endsOn: periodEnd.toISOString().slice(0, 10),
      });

      await http().post('/stripe/resume').set('Cookie', who.cookies).expect(200);
      const sent = fake.requestsTo('POST', `/v1/subscriptions/${subscription.id}`);
      expect(Object.fromEntries(sent.at(-1)?.params ?? [])).toEqual({
        cancel_at_period_end: 'false',
      });
      expect(await subscriptionRow(who)).toMatchObject({ cancel_at_period_end: false });
      const renewing = await http().get('/api/stripe/isSub').set('Cookie', who.cookies).expect(200);
      expect(renewing.body).toEqual({ subscription: true, endsOn: null });
    });

    it('answers 404 without a subscription, and 502 when Stripe fails, changing nothing', async () => {
      const dave = await learner();
      await expectUnchanged(async () => {
        expectError(
          await http().post('/stripe/cancel').set('Cookie', dave.cookies),
          404,
          'You have no active Pro Plan subscription to cancel.',
        );
      });

      const { who, subscription } = await subscribedLearner();
      fake.subscriptions.delete(subscription.id);
      await expectUnchanged(async () => {
        expectError(
          await http().post('/stripe/cancel').set('Cookie', who.cookies),
          502,
          'The payment provider could not cancel the subscription. Please try again in a moment.',
        );
      });
    });
  });

  describe('POST /api/stripe/webhook', () => {
    it('checkout.session.completed links the learner and activates the plan', async () => {
      const erin = await learner();
      const subscription = newSubscription(erin);
      const event = checkoutCompleted(erin, subscription);
      const response = await deliver(event).expect(200);
      expect(response.body).toEqual({ received: true });
      expect(await subscriptionRow(erin)).toMatchObject({
        provider: 'stripe',
        stripe_customer_id: subscription.customer,
        stripe_subscription_id: subscription.id,
        status: 'active',
        cancel_at_period_end: false,
        last_event_at: new Date((event.created as number) * 1000),
      });
      expect(await isSubscribed(erin)).toBe(true);
      expect(await processedEvents()).toContain(event.id);
    });

    it('customer.subscription.created records the period, even before the checkout event', async () => {
      const frank = await learner();
      const subscription = newSubscription(frank);
      await deliver(subscriptionEvent('created', subscription)).expect(200);
      expect(await subscriptionRow(frank)).toMatchObject({
        stripe_customer_id: subscription.customer,
        stripe_subscription_id: subscription.id,
        status: 'active',
        current_period_end: new Date(subscription.currentPeriodEnd * 1000),
      });
      expect(await isSubscribed(frank)).toBe(true);

      // The checkout event of the same second arrives afterwards and keeps the period.
      await deliver(checkoutCompleted(frank, subscription, clock)).expect(200);
      expect(await subscriptionRow(frank)).toMatchObject({
        current_period_end: new Date(subscription.currentPeriodEnd * 1000),
        status: 'active',
      });
    });

    it('customer.subscription.updated records status, period and a scheduled cancellation', async () => {
      const { who, subscription } = await subscribedLearner();
      subscription.currentPeriodEnd += 30 * DAY;
      subscription.cancelAtPeriodEnd = true;
      await deliver(subscriptionEvent('updated', subscription)).expect(200);
      expect(await subscriptionRow(who)).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: new Date(subscription.currentPeriodEnd * 1000),
      });
      expect(await isSubscribed(who)).toBe(true);

      await deliver(subscriptionEvent('updated', { ...subscription, status: 'unpaid' })).expect(
        200,
      );
      expect(await isSubscribed(who)).toBe(false);
    });

    it('customer.subscription.deleted ends access', async () => {
      const { who, subscription } = await subscribedLearner();
      await deliver(subscriptionEvent('deleted', { ...subscription, status: 'canceled' })).expect(
        200,
      );
      expect(await subscriptionRow(who)).toMatchObject({ status: 'canceled' });
      expect(await isSubscribed(who)).toBe(false);
    });

    it('invoice.payment_failed suspends access until a later event says it was paid', async () => {
      const { who, subscription } = await subscribedLearner();
      await deliver(paymentFailed(subscription)).expect(200);
      expect(await subscriptionRow(who)).toMatchObject({ status: 'past_due' });
      expect(await isSubscribed(who)).toBe(false);

      await deliver(subscriptionEvent('updated', subscription)).expect(200);
      expect(await isSubscribed(who)).toBe(true);
    });

    it('takes events far larger than the app’s own bodies (an invoice with many lines)', async () => {
      const { who, subscription } = await subscribedLearner();
      const event = paymentFailed(subscription);
      const invoice = (event.data as { object: Record<string, unknown> }).object;
      invoice.lines = {
        object: 'list',
        data: Array.from({ length: 300 }, (_, index) => ({
          id: `il_test_${index}`,
          object: 'line_item',
          description: `Pro Plan usage line ${index} with a long enough description`,
          amount: 1499,
        })),
      };
      const { payload } = signEvent(event, WEBHOOK_SECRET);
      expect(payload.length).toBeGreaterThan(32 * 1024);
      await deliver(event).expect(200);
      expect(await subscriptionRow(who)).toMatchObject({ status: 'past_due' });
    });

    it('processes each event id once: a repeat answers 200 and changes nothing', async () => {
      const grace = await learner();
      const subscription = newSubscription(grace);
      const event = checkoutCompleted(grace, subscription);
      await deliver(event).expect(200);
      // Had the repeat been applied, it would undo this.
      await dataSource.query(`UPDATE subscriptions SET status = 'canceled' WHERE user_id = $1`, [
        grace.id,
      ]);

      await expectUnchanged(async () => {
        const repeat = await deliver(event).expect(200);
        expect(repeat.body).toEqual({ received: true, duplicate: true });
      });
      expect(await subscriptionRow(grace)).toMatchObject({ status: 'canceled' });
      expect((await processedEvents()).filter((id) => id === event.id)).toHaveLength(1);
    });

    it('ignores a late, older event: it never overwrites newer state', async () => {
      const { who, subscription } = await subscribedLearner();
      const olderTime = tick();
      const newerTime = tick();
      const newer = subscriptionEvent(
        'updated',
        { ...subscription, cancelAtPeriodEnd: true },
        newerTime,
      );
      const older = subscriptionEvent(
        'updated',
        { ...subscription, status: 'past_due' },
        olderTime,
      );

      await deliver(newer).expect(200);
      const state = await subscriptionRow(who);
      expect(state).toMatchObject({
        cancel_at_period_end: true,
        last_event_at: new Date(newerTime * 1000),
      });

      await deliver(older).expect(200);
      await deliver(paymentFailed(subscription, olderTime)).expect(200);
      await deliver(
        subscriptionEvent('deleted', { ...subscription, status: 'canceled' }, olderTime),
      ).expect(200);
      expect(await subscriptionRow(who)).toEqual(state);
      expect(await isSubscribed(who)).toBe(true);
      // Still recorded, so Stripe's retries of them are skipped too.
      expect(await processedEvents()).toContain(older.id);
    });

    it('keeps a new subscription when the end of an earlier one arrives', async () => {
      const { who, subscription: first } = await subscribedLearner();
      await deliver(subscriptionEvent('deleted', { ...first, status: 'canceled' })).expect(200);
      const second = newSubscription(who, first.customer);
      await deliver(checkoutCompleted(who, second)).expect(200);
      await deliver(subscriptionEvent('created', second)).expect(200);
      // Stripe resends the first subscription's deletion, newer than anything so far.
      await deliver(subscriptionEvent('deleted', { ...first, status: 'canceled' })).expect(200);
      expect(await subscriptionRow(who)).toMatchObject({
        stripe_subscription_id: second.id,
        status: 'active',
      });
      expect(await isSubscribed(who)).toBe(true);
    });

    it('accepts events it does not handle, and events about nobody it knows', async () => {
      const subscriptionsBefore = await dataSource.query('SELECT * FROM subscriptions');
      const unhandled = stripeEvent(
        'customer.created',
        { id: 'cus_x', object: 'customer' },
        { created: tick() },
      );
      expect((await deliver(unhandled).expect(200)).body).toEqual({ received: true });
      expect(await dataSource.query('SELECT * FROM subscriptions')).toEqual(subscriptionsBefore);
      expect(await processedEvents()).toContain(unhandled.id);

      const stranger = await learner();
      const orphan = newSubscription(stranger);
      orphan.metadata = {};
      orphan.customer = 'cus_nobody';
      const event = subscriptionEvent('updated', orphan);
      await deliver(event).expect(200);
      const unknownLearner = stripeEvent(
        'checkout.session.completed',
        {
          id: 'cs_test_unknown',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          client_reference_id: '00000000-0000-4000-8000-000000000000',
          customer: 'cus_nobody',
          subscription: orphan.id,
        },
        { created: tick() },
      );
      await deliver(unknownLearner).expect(200);
      expect(await subscriptionRow(stranger)).toBeUndefined();
      expect(await processedEvents()).toEqual(
        expect.arrayContaining([event.id, unknownLearner.id]),
      );
    });

    it('is not blocked by the same-origin check: Stripe sends no cookies', async () => {
      const heidi = await learner();
      const subscription = newSubscription(heidi);
      const { payload, signature } = signEvent(
        checkoutCompleted(heidi, subscription),
        WEBHOOK_SECRET,
      );
      await http()
        .post('/api/stripe/webhook')
        .set('Origin', 'https://hooks.stripe.example')
        .set('Stripe-Signature', signature)
        .set('Content-Type', 'application/json')
        .send(payload)
        .expect(200);
      expect(await isSubscribed(heidi)).toBe(true);
    });

    describe('refuses what Stripe did not sign, changing nothing', () => {
      let ivan: Learner;
      let subscription: FakeSubscription;
      beforeAll(async () => {
        ivan = await learner();
        subscription = newSubscription(ivan);
      });
      const mismatch =
        'The Stripe-Signature header does not match the body: the event was not signed with ' +
        'this endpoint’s webhook secret, or it is too old.';

      it('a signature made with another secret', async () => {
        await expectUnchanged(async () => {
          expectError(
            await deliver(checkoutCompleted(ivan, subscription), 'whsec_someone_else'),
            400,
            mismatch,
          );
        });
      });

      it('a body changed after signing', async () => {
        const { payload, signature } = signEvent(
          checkoutCompleted(ivan, subscription),
          WEBHOOK_SECRET,
        );
        await expectUnchanged(async () => {
          const response = await http()
            .post('/api/stripe/webhook')
            .set('Stripe-Signature', signature)
            .set('Content-Type', 'application/json')
            .send(payload.replace('"payment_status":"paid"', '"payment_status":"paid" '));
          expectError(response, 400, mismatch);
        });
      });

      it('a garbled signature header', async () => {
        await expectUnchanged(async () => {
          const response = await http()
            .post('/api/stripe/webhook')
            .set('Stripe-Signature', 'not a signature')
            .send(checkoutCompleted(ivan, subscription));
          expectError(response, 400, mismatch);
        });
      });

      it('a missing signature header', async () => {
        await expectUnchanged(async () => {
          const response = await http()
            .post('/api/stripe/webhook')
            .send(checkoutCompleted(ivan, subscription));
          expectError(response, 400, 'The Stripe-Signature header is missing.');
        });
      });

      it('a missing or malformed body', async () => {
        await expectUnchanged(async () => {
          expectError(
            await http().post('/api/stripe/webhook').set('Stripe-Signature', 't=1,v1=00'),
            400,
            'The webhook body is missing: Stripe sends a JSON event.',
          );
          expectError(
            await http()
              .post('/api/stripe/webhook')
              .set('Stripe-Signature', 't=1,v1=00')
              .set('Content-Type', 'application/json')
              .send('{"id": "evt_'),
            400,
            'The request body is not valid JSON.',
          );
        });
        expect(await isSubscribed(ivan)).toBe(false);
      });
    });
  });

  describe('SubscriptionService, for other modules', () => {
    it('isSubscribed(userId) says what GET /api/stripe/isSub says', async () => {
      const service = testApp.app.get(SubscriptionService);
      const { who } = await subscribedLearner();
      const judy = await learner();
      expect(await service.isSubscribed(who.id)).toBe(true);
      expect(await service.isSubscribed(judy.id)).toBe(false);
    });
  });
});
