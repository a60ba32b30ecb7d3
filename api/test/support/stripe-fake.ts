import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One API call the Stripe SDK made, with its form-encoded parameters. */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  params: URLSearchParams;
}

/** What the fake knows about a subscription; answered in the shape of Stripe's object. */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  metadata: Record<string, string>;
}

interface StripeErrorAnswer {
  status: number;
  type: string;
  message: string;
  code?: string;
}

/**
 * A local HTTP stand-in for the two Stripe endpoints the API calls: creating a Checkout Session
 * and updating a subscription. It records every request so tests can assert what the SDK sent.
 */
export class StripeFake {
  readonly requests: RecordedStripeRequest[] = [];
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Set to make the next checkout creation fail the way Stripe refuses a request. */
  checkoutError: StripeErrorAnswer | undefined;
  private sessionCounter = 0;

  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { status, body } = this.answer({
        method: request.method ?? '',
        path: (request.url ?? '').split('?')[0] ?? '',
        headers: request.headers,
        params: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_fake_${this.requests.length}`,
      });
      response.end(JSON.stringify(body));
    });
  });
  private origin = '';

  /** Where the fake listens, e.g. http://127.0.0.1:40123 (the API's STRIPE_API_BASE). */
  get url(): string {
    return this.origin;
  }

  static async start(): Promise<StripeFake> {
    const fake = new StripeFake();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.origin = `http://127.0.0.1:${port}`;
    return fake;
  }

  /** The requests made to one endpoint, oldest first. */
  requestsTo(method: string, path: string): RecordedStripeRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  private answer(request: RecordedStripeRequest): { status: number; body: unknown } {
    this.requests.push(request);
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      return this.createCheckoutSession(request.params);
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
    if (request.method === 'POST' && subscriptionPath?.[1]) {
      return this.updateSubscription(decodeURIComponent(subscriptionPath[1]), request.params);
    }
    return stripeError({
      status: 404,
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${request.path}).`,
    });
  }

  private createCheckoutSession(params: URLSearchParams): { status: number; body: unknown } {
    if (this.checkoutError) {
      const error = this.checkoutError;
      this.checkoutError = undefined;
      return stripeError(error);
    }
    const id = `cs_test_fake${++this.sessionCounter}`;
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        mode: params.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: params.get('client_reference_id'),
        customer: params.get('customer'),
        customer_email: params.get('customer_email'),
        success_url: params.get('success_url'),
        cancel_url: params.get('cancel_url'),
        subscription: null,
        livemode: false,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      },
    };
  }

  private updateSubscription(
    id: string,
    params: URLSearchParams,
  ): { status: number; body: unknown } {
    const subscription = this.subscriptions.get(id);
    if (!subscription) {
      return stripeError({
        status: 404,
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such subscription: '${id}'`,
      });
    }
    const cancel = params.get('cancel_at_period_end');
    if (cancel !== null) subscription.cancelAtPeriodEnd = cancel === 'true';
    return { status: 200, body: stripeSubscriptionObject(subscription) };
  }
}

/** A subscription as Stripe's API (2025-03-31 and later) shapes it: the period on its items. */
export function stripeSubscriptionObject(subscription: FakeSubscription): Record<string, unknown> {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    cancel_at: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null,
    canceled_at: null,
    created: subscription.currentPeriodStart,
    livemode: false,
    metadata: subscription.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id}`,
          object: 'subscription_item',
          current_period_start: subscription.currentPeriodStart,
          current_period_end: subscription.currentPeriodEnd,
          price: { id: 'price_fake', object: 'price' },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
  };
}

function stripeError(error: StripeErrorAnswer): { status: number; body: unknown } {
  return {
    status: error.status,
    body: { error: { type: error.type, message: error.message, code: error.code } },
  };
}
