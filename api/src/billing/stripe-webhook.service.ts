import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { isUUID } from 'class-validator';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { User } from '../users/user.entity.js';
import { idOf } from './stripe-client.js';
import { stateOfStripeSubscription } from './stripe-subscription-state.js';
import { Subscription } from './subscription.entity.js';

export interface WebhookReceipt {
  received: true;
  /** Present when this event id was already processed: nothing was done again. */
  duplicate?: true;
}

type SubscriptionEvent =
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent;

/**
 * Applies Stripe's webhook events, the source of truth for subscriptions. Each event runs in one
 * transaction that also records its id: a repeat is skipped, and a failure leaves no trace so
 * Stripe's retry starts clean. Per subscription row, an event older than the newest one applied
 * is ignored, so late deliveries never roll state back.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  async receive(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<WebhookReceipt> {
    const event = this.verify(rawBody, signature);
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<{ event_id: string }[]>(
        `INSERT INTO "processed_webhook_events" ("event_id", "type") VALUES ($1, $2)
         ON CONFLICT ("event_id") DO NOTHING RETURNING "event_id"`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return { received: true, duplicate: true } as const;
      await this.apply(manager, event);
      return { received: true } as const;
    });
  }

  private verify(rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
    const secret = this.config.stripeWebhookSecret;
    if (!secret) {
      throw new NotFoundException(
        'Stripe webhooks are not enabled on this server: STRIPE_WEBHOOK_SECRET is not set.',
      );
    }
    if (!signature) throw new BadRequestException('The Stripe-Signature header is missing.');
    if (!rawBody || rawBody.length === 0) {
      throw new BadRequestException('The webhook body is missing: Stripe sends a JSON event.');
    }
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new BadRequestException(
          'The Stripe-Signature header does not match the body: the event was not signed ' +
            'with this endpoint’s webhook secret, or it is too old.',
        );
      }
      throw error;
    }
  }

  private async apply(manager: EntityManager, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(manager, event);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(manager, event);
      case 'invoice.payment_failed':
        return this.paymentFailed(manager, event);
      default:
        // Recorded as processed all the same: Stripe stops resending it.
        this.logger.log(`ignored Stripe event ${event.id} of type ${event.type}`);
    }
  }

  /** Links the learner (`client_reference_id`) to the Stripe customer and subscription. */
  private async checkoutCompleted(
    manager: EntityManager,
    event: Stripe.CheckoutSessionCompletedEvent,
  ): Promise<void> {
    const session = event.data.object;
    if (session.mode !== 'subscription') return;
    const userId = session.client_reference_id;
    if (!userId || !(await userExists(manager, userId))) {
      this.logger.warn(`checkout ${session.id} names no known learner; event ${event.id} ignored`);
      return;
    }
    const row = await lockOrCreateRow(manager, userId);
    if (isStale(row, event)) return;
    const subscriptionId = idOf(session.subscription);
    row.provider = 'stripe';
    row.stripeCustomerId = idOf(session.customer) ?? row.stripeCustomerId;
    if (subscriptionId && subscriptionId !== row.stripeSubscriptionId) {
      // A new subscription: paid now; its own events bring the period end.
      row.stripeSubscriptionId = subscriptionId;
      row.status = session.payment_status === 'unpaid' ? 'incomplete' : 'active';
      row.currentPeriodEnd = null;
      row.cancelAtPeriodEnd = false;
    }
    row.lastEventAt = eventTime(event);
    await manager.save(row);
    await recordCheckoutCompleted(manager, userId);
  }

  private async subscriptionChanged(
    manager: EntityManager,
    event: SubscriptionEvent,
  ): Promise<void> {
    const subscription = event.data.object;
    const row = await this.rowForSubscription(manager, subscription);
    if (!row) {
      this.logger.warn(`subscription ${subscription.id} has no learner; event ${event.id} ignored`);
      return;
    }
    if (isStale(row, event)) return;
    const isCurrent =
      row.stripeSubscriptionId === null || row.stripeSubscriptionId === subscription.id;
    // The end of an earlier subscription must not end the one that replaced it.
    if (event.type === 'customer.subscription.deleted' && !isCurrent) return;
    Object.assign(row, stateOfStripeSubscription(subscription));
    row.provider = 'stripe';
    row.stripeSubscriptionId = subscription.id;
    row.stripeCustomerId = idOf(subscription.customer);
    row.lastEventAt = eventTime(event);
    await manager.save(row);
  }

  /** A failed renewal: access stops until a later event says the payment went through. */
  private async paymentFailed(
    manager: EntityManager,
    event: Stripe.InvoicePaymentFailedEvent,
  ): Promise<void> {
    const invoice = event.data.object;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) return;
    const row = await manager.findOne(Subscription, {
      where: { stripeSubscriptionId: subscriptionId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!row || isStale(row, event)) return;
    if (row.status === 'active' || row.status === 'trialing') row.status = 'past_due';
    row.lastEventAt = eventTime(event);
    await manager.save(row);
  }

  /** By subscription id, else the learner our checkout put in its metadata, else the customer. */
  private async rowForSubscription(
    manager: EntityManager,
    subscription: Stripe.Subscription,
  ): Promise<Subscription | null> {
    const lock = { mode: 'pessimistic_write' } as const;
    const known = await manager.findOne(Subscription, {
      where: { stripeSubscriptionId: subscription.id },
      lock,
    });
    if (known) return known;
    const userId = subscription.metadata.user_id;
    if (userId && (await userExists(manager, userId))) return lockOrCreateRow(manager, userId);
    const customerId = idOf(subscription.customer);
    if (!customerId) return null;
    return manager.findOne(Subscription, { where: { stripeCustomerId: customerId }, lock });
  }
}

function eventTime(event: Stripe.Event): Date {
  return new Date(event.created * 1000);
}

/**
 * Stripe stamps events to the second. Events of the same second are applied in arrival order;
 * only strictly older ones are ignored.
 */
function isStale(row: Subscription, event: Stripe.Event): boolean {
  return row.lastEventAt !== null && eventTime(event).getTime() < row.lastEventAt.getTime();
}

async function userExists(manager: EntityManager, userId: string): Promise<boolean> {
  return isUUID(userId) && manager.existsBy(User, { id: userId });
}

/** The learner's row, locked for this transaction; created empty first when missing. */
async function lockOrCreateRow(manager: EntityManager, userId: string): Promise<Subscription> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(Subscription)
    .values({ userId, provider: 'stripe', status: 'incomplete' })
    .orIgnore()
    .execute();
  return manager.findOneOrFail(Subscription, {
    where: { userId },
    lock: { mode: 'pessimistic_write' },
  });
}

/**
 * The learner's checkout, completed, as an analytics event. A webhook carries no browser's
 * headers, so it is recorded only for a learner whose checkout start was: one who asked not to be
 * tracked (Do Not Track, Global Privacy Control) left none. In the event's transaction, so a
 * repeated delivery (skipped by its id) never counts twice.
 */
async function recordCheckoutCompleted(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(
    `INSERT INTO "analytics_events" ("name", "at", "user_id")
     SELECT 'checkout_completed', now(), $1::uuid
      WHERE EXISTS (SELECT 1 FROM "analytics_events"
                     WHERE "user_id" = $1::uuid AND "name" = 'checkout_started')`,
    [userId],
  );
}
