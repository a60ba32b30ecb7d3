import request from 'supertest';
import { DataSource } from 'typeorm';
import { LOCAL_PRICE_ID, oneMonthAfter } from '../src/billing/pro-plan.js';
import { expectError } from './support/http.js';
import { type Learner, registerLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const NOT_LOGGED_IN = 'You are not logged in, or your session has expired.';
const NO_ACTIVE_PLAN = 'You have no active Pro Plan subscription to cancel.';

interface SubscriptionRow {
  provider: string;
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  stripe_subscription_id: string | null;
}

interface SessionRow {
  id: string;
  used_at: Date | null;
}

describe('billing without Stripe keys (local test mode)', () => {
  let testApp: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    testApp = await startTestApp();
    dataSource = testApp.app.get(DataSource);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const http = () => request(testApp.http);
  const learner = () => registerLearner(testApp.http, dataSource);

  async function isSubscribed(who: Learner): Promise<boolean> {
    const response = await http().get('/api/stripe/isSub').set('Cookie', who.cookies).expect(200);
    expect(Object.keys(response.body as object)).toEqual(['subscription', 'endsOn']);
    return (response.body as { subscription: boolean }).subscription;
  }

  async function subscriptionRow(who: Learner): Promise<SubscriptionRow | undefined> {
    const rows = await dataSource.query<SubscriptionRow[]>(
      `SELECT provider, status, current_period_end, cancel_at_period_end, stripe_subscription_id
       FROM subscriptions WHERE user_id = $1`,
      [who.id],
    );
    return rows[0];
  }

  async function sessionRows(who: Learner): Promise<SessionRow[]> {
    return dataSource.query<SessionRow[]>(
      'SELECT id, used_at FROM local_checkout_sessions WHERE user_id = $1 ORDER BY created_at',
      [who.id],
    );
  }

  /** Everything billing stores, to prove a refused call changed nothing. */
  async function billingSnapshot(): Promise<unknown[]> {
    return [
      await dataSource.query<unknown[]>('SELECT * FROM subscriptions ORDER BY user_id'),
      await dataSource.query<unknown[]>('SELECT * FROM local_checkout_sessions ORDER BY id'),
      await dataSource.query<unknown[]>('SELECT * FROM processed_webhook_events ORDER BY event_id'),
    ];
  }

  async function expectUnchanged(action: () => Promise<void>): Promise<void> {
    const before = await billingSnapshot();
    await action();
    expect(await billingSnapshot()).toEqual(before);
  }

  /** POST /stripe/check/ with the local price: the path of the confirmation page. */
  async function startCheckout(who: Learner): Promise<string> {
    const response = await http()
      .post('/stripe/check/')
      .set('Cookie', who.cookies)
      .send({ priceId: LOCAL_PRICE_ID })
      .expect(200);
    const { url } = response.body as { url: string };
    expect(Object.keys(response.body as object)).toEqual(['url']);
    expect(url.startsWith(`${testApp.config.appOrigin}/api/billing/local-checkout/cs_local_`)).toBe(
      true,
    );
    return url.slice(testApp.config.appOrigin.length);
  }

  /** The confirmation page's form post, as a browser on the app's origin sends it. */
  function confirm(pagePath: string, who: Learner) {
    return http()
      .post(`${pagePath}/confirm`)
      .set('Cookie', who.cookies)
      .set('Origin', testApp.config.appOrigin)
      .type('form')
      .send('');
  }

  async function subscribe(who: Learner): Promise<void> {
    await confirm(await startCheckout(who), who).expect(303);
  }

  describe('GET /api/billing/plan', () => {
    it('tells anyone the price and that this is a test mode', async () => {
      const response = await http().get('/api/billing/plan').expect(200);
      expect(response.body).toEqual({
        name: 'Pro Plan',
        amount: 1499,
        currency: 'usd',
        interval: 'month',
        priceId: LOCAL_PRICE_ID,
        testMode: true,
      });
    });
  });

  describe('the OpenAPI document', () => {
    it('describes every billing endpoint with its body and answers', async () => {
      const response = await http().get('/api/docs/json').expect(200);
      const document = response.body as {
        paths: Record<string, Record<string, unknown>>;
        components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      };
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/api/stripe/isSub',
          '/stripe/check',
          '/stripe/cancel',
          '/stripe/resume',
          '/api/stripe/webhook',
          '/api/billing/plan',
          '/api/billing/local-checkout/{sessionId}',
          '/api/billing/local-checkout/{sessionId}/confirm',
        ]),
      );
      expect(Object.keys(document.components.schemas.CheckoutDto?.properties ?? {})).toEqual([
        'priceId',
      ]);
      expect(Object.keys(document.components.schemas.PlanDto?.properties ?? {})).toEqual([
        'name',
        'amount',
        'currency',
        'interval',
        'priceId',
        'testMode',
      ]);
    });
  });

  describe('the whole subscription, from checkout to the end of the paid period', () => {
    it('checks out, confirms, cancels at period end and ends when the period is over', async () => {
      const alice = await learner();
      expect(await isSubscribed(alice)).toBe(false);
      // Once ended there is nothing to resume: only a new checkout.
      expectError(
        await http().post('/stripe/resume').set('Cookie', alice.cookies),
        404,
        'You have no active Pro Plan subscription to resume: subscribe again on the pricing page.',
      );

      const pagePath = await startCheckout(alice);
      expect(await isSubscribed(alice)).toBe(false);

      const page = await http().get(pagePath).set('Cookie', alice.cookies).expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('Test mode — no card is charged.');
      expect(page.text).toContain('14.99 USD a month');
      expect(page.text).toContain(alice.email);
      expect(page.text).toContain(`<form method="post" action="${pagePath}/confirm">`);
      expect(page.text).toContain(`href="${testApp.config.appOrigin}/pricing?checkout=cancelled"`);
      // Works under a strict Content-Security-Policy: nothing inline to allow.
      expect(page.text).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);

      const confirmedAt = new Date();
      const confirmed = await confirm(pagePath, alice).expect(303);
      expect(confirmed.headers.location).toBe(`${testApp.config.appOrigin}/home?checkout=success`);
      expect(await isSubscribed(alice)).toBe(true);
      const active = await subscriptionRow(alice);
      expect(active).toMatchObject({
        provider: 'local',
        status: 'active',
        cancel_at_period_end: false,
        stripe_subscription_id: null,
      });
      // A month later, to the day (the row is written a moment after `confirmedAt`).
      const periodEnd = active?.current_period_end ?? new Date(0);
      expect(periodEnd.getTime()).toBeGreaterThanOrEqual(oneMonthAfter(confirmedAt).getTime());
      expect(periodEnd.toISOString().slice(0, 10)).toBe(
        oneMonthAfter(confirmedAt).toISOString().slice(0, 10),
      );

      // Single use: the same page cannot activate anything again.
      await expectUnchanged(async () => {
        expectError(
          await confirm(pagePath, alice),
          410,
          'This test checkout was already confirmed; it can be used only once.',
        );
      });
      await expectUnchanged(async () => {
        expectError(
          await http()
            .post('/stripe/check/')
            .set('Cookie', alice.cookies)
            .send({ priceId: LOCAL_PRICE_ID }),
          409,
          'You already have the Pro Plan.',
        );
      });

      const day = periodEnd.toISOString().slice(0, 10);
      const canceled = await http().post('/stripe/cancel').set('Cookie', alice.cookies).expect(200);
      expect(canceled.body).toEqual({
        message: `Your Pro Plan is canceled. It stays active until ${day}.`,
      });
      expect(await subscriptionRow(alice)).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: periodEnd,
      });
      // Still paid for: access continues until the period ends, and the status says when.
      expect(await isSubscribed(alice)).toBe(true);
      const ending = await http().get('/api/stripe/isSub').set('Cookie', alice.cookies).expect(200);
      expect(ending.body).toEqual({ subscription: true, endsOn: day });

      // Changing one's mind before the end: the plan renews again, and can be canceled again.
      const resumed = await http().post('/stripe/resume').set('Cookie', alice.cookies).expect(200);
      expect(resumed.body).toEqual({
        message: 'Your Pro Plan is active again and renews every month.',
      });
      expect(await subscriptionRow(alice)).toMatchObject({ cancel_at_period_end: false });
      const renewing = await http()
        .get('/api/stripe/isSub')
        .set('Cookie', alice.cookies)
        .expect(200);
      expect(renewing.body).toEqual({ subscription: true, endsOn: null });
      await http().post('/stripe/cancel').set('Cookie', alice.cookies).expect(200);

      // Canceling twice is harmless and says the same.
      const again = await http().post('/stripe/cancel/').set('Cookie', alice.cookies).expect(200);
      expect(again.body).toEqual(canceled.body);

      // A canceled plan still running cannot be bought twice.
      expectError(
        await http()
          .post('/stripe/check/')
          .set('Cookie', alice.cookies)
          .send({ priceId: LOCAL_PRICE_ID }),
        409,
        `Your canceled Pro Plan is still active until ${day}; subscribe again after it ends.`,
      );

      // The period runs out.
      await dataSource.query(
        `UPDATE subscriptions SET current_period_end = now() - interval '1 minute'
         WHERE user_id = $1`,
        [alice.id],
      );
      expect(await isSubscribed(alice)).toBe(false);
      expectError(
        await http().post('/stripe/cancel').set('Cookie', alice.cookies),
        404,
        NO_ACTIVE_PLAN,
      );

      // And the learner can subscribe again.
      await subscribe(alice);
      expect(await isSubscribed(alice)).toBe(true);
      expect(await subscriptionRow(alice)).toMatchObject({ cancel_at_period_end: false });
    });

    it('answers 404 to cancel when the learner never subscribed', async () => {
      const bob = await learner();
      await expectUnchanged(async () => {
        expectError(
          await http().post('/stripe/cancel').set('Cookie', bob.cookies),
          404,
          NO_ACTIVE_PLAN,
        );
      });
    });

    it('lets the plan renew: an active plan without a cancellation keeps access', async () => {
      const carol = await learner();
      await subscribe(carol);
      await dataSource.query(
        `UPDATE subscriptions SET current_period_end = now() - interval '1 day' WHERE user_id = $1`,
        [carol.id],
      );
      expect(await isSubscribed(carol)).toBe(true);
    });
  });

  describe('local checkout sessions', () => {
    it('are tied to the learner who started them', async () => {
      const owner = await learner();
      const stranger = await learner();
      const pagePath = await startCheckout(owner);
      const missing =
        'This test checkout does not exist or belongs to another account. ' +
        'Start again from the pricing page.';

      expectError(await http().get(pagePath).set('Cookie', stranger.cookies), 404, missing);
      await expectUnchanged(async () => {
        expectError(await confirm(pagePath, stranger), 404, missing);
      });
      expect(await isSubscribed(stranger)).toBe(false);
      expect((await sessionRows(owner))[0]?.used_at).toBeNull();
    });

    it('expire', async () => {
      const dave = await learner();
      const pagePath = await startCheckout(dave);
      await dataSource.query(
        `UPDATE local_checkout_sessions SET expires_at = now() - interval '1 second'
         WHERE user_id = $1`,
        [dave.id],
      );
      const expired = 'This test checkout has expired. Start again from the pricing page.';
      expectError(await http().get(pagePath).set('Cookie', dave.cookies), 410, expired);
      await expectUnchanged(async () => {
        expectError(await confirm(pagePath, dave), 410, expired);
      });
      expect(await isSubscribed(dave)).toBe(false);
    });

    it('are random and unguessable, one per checkout', async () => {
      const erin = await learner();
      await startCheckout(erin);
      await startCheckout(erin);
      const [first, second] = await sessionRows(erin);
      expect(first?.id).toMatch(/^cs_local_[A-Za-z0-9_-]{43}$/);
      expect(second?.id).toMatch(/^cs_local_[A-Za-z0-9_-]{43}$/);
      expect(first?.id).not.toBe(second?.id);
    });

    it('refuse malformed and unknown ids with clear messages', async () => {
      const frank = await learner();
      const malformed = 'sessionId is not a test checkout session id.';
      expectError(
        await http().get('/api/billing/local-checkout/nope').set('Cookie', frank.cookies),
        400,
        malformed,
      );
      await expectUnchanged(async () => {
        expectError(
          await confirm('/api/billing/local-checkout/cs_local_short', frank),
          400,
          malformed,
        );
        expectError(
          await confirm(`/api/billing/local-checkout/cs_local_${'A'.repeat(43)}`, frank),
          404,
          /^This test checkout does not exist/,
        );
      });
    });

    it('refuse a confirmation posted from another site', async () => {
      const grace = await learner();
      const pagePath = await startCheckout(grace);
      await expectUnchanged(async () => {
        const response = await http()
          .post(`${pagePath}/confirm`)
          .set('Cookie', grace.cookies)
          .set('Origin', 'https://evil.example')
          .type('form')
          .send('');
        expectError(response, 403, 'Cross-site request refused.');
      });
      expect(await isSubscribed(grace)).toBe(false);
    });

    it('refuse fields in the confirmation body', async () => {
      const heidi = await learner();
      const pagePath = await startCheckout(heidi);
      await expectUnchanged(async () => {
        const response = await http()
          .post(`${pagePath}/confirm`)
          .set('Cookie', heidi.cookies)
          .type('form')
          .send('plan=free');
        expectError(response, 400, 'property plan should not exist');
      });
    });
  });

  describe('bad inputs', () => {
    let ivan: Learner;
    beforeAll(async () => {
      ivan = await learner();
    });

    it.each([
      ['a missing priceId', {}, 'priceId is required.'],
      ['a null priceId', { priceId: null }, 'priceId is required.'],
      ['a number', { priceId: 42 }, 'priceId must be a string.'],
      ['an array', { priceId: [LOCAL_PRICE_ID] }, 'priceId must be a string.'],
      ['an empty priceId', { priceId: '' }, 'priceId must not be empty.'],
      ['an oversize priceId', { priceId: 'p'.repeat(256) }, /at most 255 characters/],
      ['an extra field', { priceId: LOCAL_PRICE_ID, coupon: 'FREE' }, /coupon should not exist/],
      [
        'another price',
        { priceId: 'price_something_else' },
        `priceId is not the Pro Plan's price: use "${LOCAL_PRICE_ID}" (GET /api/billing/plan gives it).`,
      ],
    ])('POST /stripe/check/ refuses %s', async (_name, body, message) => {
      await expectUnchanged(async () => {
        expectError(
          await http().post('/stripe/check/').set('Cookie', ivan.cookies).send(body),
          400,
          message,
        );
      });
    });

    it('POST /stripe/check/ refuses malformed JSON', async () => {
      await expectUnchanged(async () => {
        const response = await http()
          .post('/stripe/check/')
          .set('Cookie', ivan.cookies)
          .set('Content-Type', 'application/json')
          .send('{"priceId": ');
        expectError(response, 400, 'The request body is not valid JSON.');
      });
    });

    it('POST /stripe/cancel refuses a body with fields', async () => {
      await subscribe(ivan);
      await expectUnchanged(async () => {
        expectError(
          await http()
            .post('/stripe/cancel')
            .set('Cookie', ivan.cookies)
            .send({ immediately: true }),
          400,
          'property immediately should not exist',
        );
      });
      expect(await subscriptionRow(ivan)).toMatchObject({ cancel_at_period_end: false });
    });

    it.each([
      ['GET', '/api/stripe/isSub'],
      ['POST', '/stripe/check/'],
      ['POST', '/stripe/cancel'],
      ['GET', `/api/billing/local-checkout/cs_local_${'A'.repeat(43)}`],
      ['POST', `/api/billing/local-checkout/cs_local_${'A'.repeat(43)}/confirm`],
    ])('%s %s needs a session (401), before looking at the body', async (method, path) => {
      await expectUnchanged(async () => {
        const call = method === 'GET' ? http().get(path) : http().post(path).send({ bad: 1 });
        expectError(await call, 401, NOT_LOGGED_IN);
        const forged = method === 'GET' ? http().get(path) : http().post(path);
        expectError(
          await forged.set('Cookie', 'access_token=forged.jwt.value'),
          401,
          NOT_LOGGED_IN,
        );
      });
    });

    it('POST /api/stripe/webhook says webhooks are off without a webhook secret', async () => {
      await expectUnchanged(async () => {
        const response = await http()
          .post('/api/stripe/webhook')
          .set('Stripe-Signature', 't=1,v1=abc')
          .send({ id: 'evt_1', type: 'checkout.session.completed' });
        expectError(
          response,
          404,
          'Stripe webhooks are not enabled on this server: STRIPE_WEBHOOK_SECRET is not set.',
        );
      });
    });
  });
});
