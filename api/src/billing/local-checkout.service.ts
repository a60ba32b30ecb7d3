import {
  ConflictException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type Repository } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { User } from '../users/user.entity.js';
import { LocalCheckoutSession } from './local-checkout-session.entity.js';
import { checkoutReturnUrls, oneMonthAfter } from './pro-plan.js';
import { grantsAccess } from './subscription-access.js';
import { Subscription } from './subscription.entity.js';

/** Long enough to read the page, short enough that a leaked link soon stops working. */
export const LOCAL_CHECKOUT_TTL_MS = 30 * 60 * 1000;
const SESSION_ID_PREFIX = 'cs_local_';
/** `cs_local_` and 32 random bytes in base64url. */
export const LOCAL_SESSION_ID_PATTERN = /^cs_local_[A-Za-z0-9_-]{43}$/;

/**
 * The keyless stand-in for Stripe Checkout: a session the learner confirms on a page the API
 * serves, which activates the Pro Plan for a month without charging anything.
 */
@Injectable()
export class LocalCheckoutService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(LocalCheckoutSession)
    private readonly sessions: Repository<LocalCheckoutSession>,
    private readonly dataSource: DataSource,
  ) {}

  /** Opens a session for the learner and answers the URL of its confirmation page. */
  async start(user: User): Promise<string> {
    const id = SESSION_ID_PREFIX + randomBytes(32).toString('base64url');
    const { successUrl, cancelUrl } = checkoutReturnUrls(this.config.appOrigin);
    await this.sessions.insert({
      id,
      userId: user.id,
      successUrl,
      cancelUrl,
      expiresAt: new Date(Date.now() + LOCAL_CHECKOUT_TTL_MS),
      usedAt: null,
    });
    // On the app's origin: the page's form then posts same-origin, with the session cookie.
    return `${this.config.appOrigin}/api/billing/local-checkout/${id}`;
  }

  /** The learner's session, if it can still be confirmed. */
  async open(sessionId: string, user: User): Promise<LocalCheckoutSession> {
    return usableSession(await this.sessions.findOneBy({ id: sessionId }), user, new Date());
  }

  /** Uses up the session, activates the plan until a month from now, answers the success URL. */
  async confirm(sessionId: string, user: User): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const session = usableSession(
        await manager.findOne(LocalCheckoutSession, {
          where: { id: sessionId },
          lock: { mode: 'pessimistic_write' },
        }),
        user,
        now,
      );
      const current = await manager.findOneBy(Subscription, { userId: user.id });
      if (grantsAccess(current, now)) {
        throw new ConflictException('You already have the Pro Plan: nothing was changed.');
      }
      await manager.update(LocalCheckoutSession, { id: session.id }, { usedAt: now });
      // A Stripe customer id from an earlier live subscription is kept for a later checkout.
      await manager.upsert(
        Subscription,
        {
          userId: user.id,
          provider: 'local',
          stripeSubscriptionId: null,
          status: 'active',
          currentPeriodEnd: oneMonthAfter(now),
          cancelAtPeriodEnd: false,
          lastEventAt: null,
        },
        ['userId'],
      );
      return session.successUrl;
    });
  }
}

function usableSession(
  session: LocalCheckoutSession | null,
  user: User,
  now: Date,
): LocalCheckoutSession {
  // Another learner's session is reported exactly like a missing one.
  if (session?.userId !== user.id) {
    throw new NotFoundException(
      'This test checkout does not exist or belongs to another account. ' +
        'Start again from the pricing page.',
    );
  }
  if (session.usedAt) {
    throw new GoneException('This test checkout was already confirmed; it can be used only once.');
  }
  if (session.expiresAt.getTime() <= now.getTime()) {
    throw new GoneException('This test checkout has expired. Start again from the pricing page.');
  }
  return session;
}
