import { Module, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { BILLING_PROVIDER, type BillingProvider } from './billing-provider.js';
import { BillingController } from './billing.controller.js';
import { BillingService } from './billing.service.js';
import { LocalBillingProvider } from './local-billing.provider.js';
import { LocalCheckoutSession } from './local-checkout-session.entity.js';
import { LocalCheckoutService } from './local-checkout.service.js';
import { ProcessedWebhookEvent } from './processed-webhook-event.entity.js';
import { StripeBillingProvider } from './stripe-billing.provider.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeController } from './stripe.controller.js';
import { Subscription } from './subscription.entity.js';
import { SubscriptionService } from './subscription.service.js';

/**
 * Subscriptions to the Pro Plan: Stripe Checkout and webhooks, or a local test mode when no
 * Stripe key is configured. Other modules import it for {@link SubscriptionService}.
 */
@Module({
  imports: [
    AuthModule,
    TypeOrmModule.forFeature([Subscription, ProcessedWebhookEvent, LocalCheckoutSession]),
  ],
  controllers: [StripeController, StripeWebhookController, BillingController],
  providers: [
    SubscriptionService,
    BillingService,
    StripeWebhookService,
    LocalCheckoutService,
    {
      provide: BILLING_PROVIDER,
      inject: [APP_CONFIG, ModuleRef],
      useFactory: (config: AppConfig, moduleRef: ModuleRef): Promise<BillingProvider> => {
        const provider: Type<BillingProvider> = config.stripeSecretKey
          ? StripeBillingProvider
          : LocalBillingProvider;
        return moduleRef.create(provider);
      },
    },
  ],
  exports: [SubscriptionService],
})
export class BillingModule {}
