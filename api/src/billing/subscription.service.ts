import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { SubscriptionState } from './billing-provider.js';
import { grantsAccess } from './subscription-access.js';
import { Subscription } from './subscription.entity.js';

/**
 * Reads and records learners' subscriptions. Exported by BillingModule: other modules ask
 * {@link isSubscribed} before serving paid content.
 */
@Injectable()
export class SubscriptionService {
  constructor(
    @InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>,
  ) {}

  /** Whether the learner may see paid content right now. */
  async isSubscribed(userId: string): Promise<boolean> {
    return grantsAccess(await this.findForUser(userId), new Date());
  }

  /**
   * Access now, and for a canceled plan that still runs, the day it ends (YYYY-MM-DD, UTC): what
   * the pricing page needs to say "ends on" and offer to resume.
   */
  async status(userId: string): Promise<{ subscription: boolean; endsOn: string | null }> {
    const row = await this.findForUser(userId);
    const subscription = grantsAccess(row, new Date());
    const ending = subscription && row?.cancelAtPeriodEnd === true;
    const endsOn =
      ending && row.currentPeriodEnd ? row.currentPeriodEnd.toISOString().slice(0, 10) : null;
    return { subscription, endsOn };
  }

  findForUser(userId: string): Promise<Subscription | null> {
    return this.subscriptions.findOneBy({ userId });
  }

  /** Records what the provider answered after a change made through its API. */
  async recordState(userId: string, state: SubscriptionState): Promise<void> {
    await this.subscriptions.update(
      { userId },
      {
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      },
    );
  }
}
