import { BadGatewayException, Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { User } from '../users/user.entity.js';
import type { BillingProvider, SubscriptionState } from './billing-provider.js';
import { checkoutReturnUrls } from './pro-plan.js';
import { createStripeClient } from './stripe-client.js';
import { stateOfStripeSubscription } from './stripe-subscription-state.js';
import type { Subscription } from './subscription.entity.js';

/** Stripe Checkout in subscription mode; the webhook then records what Stripe decided. */
@Injectable()
export class StripeBillingProvider implements BillingProvider {
  readonly priceId: string;
  readonly testMode: boolean;
  private readonly stripe: Stripe;
  private readonly logger = new Logger('Billing');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (!config.stripeSecretKey || !config.stripePriceId) {
      throw new Error('Stripe billing needs STRIPE_SECRET_KEY and STRIPE_PRICE_ID');
    }
    this.stripe = createStripeClient(config.stripeSecretKey, config.stripeApiBase);
    this.priceId = config.stripePriceId;
    // Stripe's test keys never charge a card either: the pricing page says so.
    this.testMode = /^(sk|rk)_test_/.test(config.stripeSecretKey);
  }

  async startCheckout(user: User, existing: Subscription | null): Promise<string> {
    const { successUrl, cancelUrl } = checkoutReturnUrls(this.config.appOrigin);
    const customerId = existing?.stripeCustomerId;
    const session = await this.call('start a checkout', () =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.priceId, quantity: 1 }],
        client_reference_id: user.id,
        // Stripe takes one or the other: a returning learner keeps their customer and cards.
        ...(customerId ? { customer: customerId } : { customer_email: user.email }),
        // Subscription events then name the learner even before checkout.session.completed.
        subscription_data: { metadata: { user_id: user.id } },
        success_url: successUrl,
        cancel_url: cancelUrl,
      }),
    );
    if (!session.url) {
      this.logger.error(`Stripe checkout session ${session.id} came without a URL`);
      throw new BadGatewayException('The payment provider did not return a checkout page.');
    }
    return session.url;
  }

  async setCancelAtPeriodEnd(
    subscription: Subscription,
    cancelAtPeriodEnd: boolean,
  ): Promise<SubscriptionState> {
    const stripeSubscriptionId = subscription.stripeSubscriptionId;
    // A plan activated in local test mode has nothing at Stripe to change.
    if (subscription.provider === 'local' || !stripeSubscriptionId) {
      return {
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd,
      };
    }
    const action = cancelAtPeriodEnd ? 'cancel the subscription' : 'resume the subscription';
    const updated = await this.call(action, () =>
      this.stripe.subscriptions.update(stripeSubscriptionId, {
        cancel_at_period_end: cancelAtPeriodEnd,
      }),
    );
    return stateOfStripeSubscription(updated);
  }

  /** Stripe's failures become a 502 with a plain message; the details go to the log only. */
  private async call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.logger.error(`Stripe could not ${action}: ${error.type}: ${error.message}`);
      throw new BadGatewayException(
        `The payment provider could not ${action}. Please try again in a moment.`,
      );
    }
  }
}
