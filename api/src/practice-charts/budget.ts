import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { FailoverStore } from '../redis/failover-store.js';
import { SHARED_REDIS } from '../redis/redis.module.js';
import type { SharedRedis } from '../redis/shared-redis.js';

/** A learner over their budget of new practice charts: 429, with Retry-After. */
export class PracticeBudgetExceededException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `New practice charts are made a few at a time. Please try again in ${retryAfterSeconds} ` +
        `second${retryAfterSeconds === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * How many practice charts each learner may have generated per window (charts already kept cost
 * nothing). Counted in Redis when there is one, so the budget holds across instances; in each
 * instance's memory otherwise, or while Redis is away.
 */
@Injectable()
export class PracticeBudget implements OnModuleDestroy {
  private readonly store: FailoverStore;
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(SHARED_REDIS) redis: SharedRedis | null,
  ) {
    this.limit = config.rateLimits.practiceCharts;
    this.windowMs = config.rateLimits.practiceChartsWindowMs;
    this.store = new FailoverStore(redis ?? undefined, 'practice-charts');
    // The store reads the window from express-rate-limit's options; only this field is used.
    this.store.init({ windowMs: this.windowMs } as Parameters<FailoverStore['init']>[0]);
  }

  /**
   * Counts one generation for the learner, or throws {@link PracticeBudgetExceededException}
   * (counting nothing) when their budget for this window is spent.
   */
  async spend(userId: string): Promise<void> {
    const { totalHits, resetTime } = await this.store.increment(userId);
    if (totalHits <= this.limit) return;
    await this.store.decrement(userId);
    const waitMs = resetTime ? resetTime.getTime() - Date.now() : this.windowMs;
    throw new PracticeBudgetExceededException(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** Gives back a generation that did not happen. */
  async refund(userId: string): Promise<void> {
    await this.store.decrement(userId);
  }

  onModuleDestroy(): void {
    this.store.shutdown();
  }
}
