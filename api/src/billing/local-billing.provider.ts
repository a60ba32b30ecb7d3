import { ConflictException, Injectable } from '@nestjs/common';
import type { User } from '../users/user.entity.js';
import type { BillingProvider, SubscriptionState } from './billing-provider.js';
import { LocalCheckoutService } from './local-checkout.service.js';
import { LOCAL_PRICE_ID } from './pro-plan.js';
import type { Subscription } from './subscription.entity.js';

/** Billing without Stripe keys: a local confirmation page instead of Checkout, no card charged. */
@Injectable()
export class LocalBillingProvider implements BillingProvider {
  readonly priceId = LOCAL_PRICE_ID;
  readonly testMode = true;

  constructor(private readonly checkout: LocalCheckoutService) {}

  startCheckout(user: User): Promise<string> {
    return this.checkout.start(user);
  }

  setCancelAtPeriodEnd(
    subscription: Subscription,
    cancelAtPeriodEnd: boolean,
  ): Promise<SubscriptionState> {
    if (subscription.provider !== 'local') {
      throw new ConflictException(
        'This subscription is billed by Stripe, and the server runs without Stripe keys: ' +
          'it cannot be changed until Stripe is configured again.',
      );
    }
    return Promise.resolve({
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd,
    });
  }
}
