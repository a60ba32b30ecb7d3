import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { User } from '../users/user.entity.js';
import { BILLING_PROVIDER, type BillingProvider } from './billing-provider.js';
import type { PlanDto } from './dto/billing-responses.dto.js';
import { PRO_PLAN } from './pro-plan.js';
import { grantsAccess } from './subscription-access.js';
import { SubscriptionService } from './subscription.service.js';

/** The learner-facing billing calls, whichever provider takes the payments. */
@Injectable()
export class BillingService {
  constructor(
    @Inject(BILLING_PROVIDER) private readonly provider: BillingProvider,
    private readonly subscriptions: SubscriptionService,
  ) {}

  plan(): PlanDto {
    return { ...PRO_PLAN, priceId: this.provider.priceId, testMode: this.provider.testMode };
  }

  /** Starts a checkout for the Pro Plan and answers where to send the browser. */
  async checkout(user: User, priceId: string): Promise<string> {
    if (priceId !== this.provider.priceId) {
      throw new BadRequestException(
        `priceId is not the Pro Plan's price: use "${this.provider.priceId}" ` +
          '(GET /api/billing/plan gives it).',
      );
    }
    const existing = await this.subscriptions.findForUser(user.id);
    if (existing && grantsAccess(existing, new Date())) {
      throw new ConflictException(
        existing.cancelAtPeriodEnd
          ? `Your canceled Pro Plan is still active ${untilText(existing.currentPeriodEnd)}; ` +
              'subscribe again after it ends.'
          : 'You already have the Pro Plan.',
      );
    }
    return this.provider.startCheckout(user, existing);
  }

  /** Schedules the end of the plan at the end of the paid period; calling twice is harmless. */
  async cancel(user: User): Promise<string> {
    const existing = await this.subscriptions.findForUser(user.id);
    if (!existing || !grantsAccess(existing, new Date())) {
      throw new NotFoundException('You have no active Pro Plan subscription to cancel.');
    }
    let activeUntil = existing.currentPeriodEnd;
    if (!existing.cancelAtPeriodEnd) {
      const state = await this.provider.setCancelAtPeriodEnd(existing, true);
      await this.subscriptions.recordState(user.id, state);
      activeUntil = state.currentPeriodEnd;
    }
    return `Your Pro Plan is canceled. It stays active ${untilText(activeUntil)}.`;
  }

  /**
   * Takes back a cancellation while the paid period lasts, so the plan renews; calling it on a
   * renewing plan is harmless. After the period ended, only a new checkout brings the plan back.
   */
  async resume(user: User): Promise<string> {
    const existing = await this.subscriptions.findForUser(user.id);
    if (!existing || !grantsAccess(existing, new Date())) {
      throw new NotFoundException(
        'You have no active Pro Plan subscription to resume: subscribe again on the pricing page.',
      );
    }
    if (existing.cancelAtPeriodEnd) {
      const state = await this.provider.setCancelAtPeriodEnd(existing, false);
      await this.subscriptions.recordState(user.id, state);
    }
    return 'Your Pro Plan is active again and renews every month.';
  }
}

function untilText(end: Date | null): string {
  return end ? `until ${end.toISOString().slice(0, 10)}` : 'until the end of the paid period';
}
