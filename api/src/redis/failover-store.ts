import {
  type ClientRateLimitInfo,
  type IncrementResponse,
  MemoryStore,
  type Options,
  type Store,
} from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { RedisUnavailableError, type SharedRedis } from './shared-redis.js';

/**
 * Rate-limit counters in Redis, shared by every instance, and in this process while Redis is
 * unreachable: a limit never fails a request because Redis is gone, it only counts locally for
 * the length of the outage. Without Redis at all it is simply the in-process store.
 */
export class FailoverStore implements Store {
  readonly localKeys: boolean;
  private readonly memory = new MemoryStore();
  private readonly redisStore: RedisStore | undefined;

  constructor(
    private readonly redis: SharedRedis | undefined,
    /** The counter's name, e.g. `login`: keys are `<deployment prefix>:rate-limit:<name>:<client>`. */
    readonly prefix: string,
  ) {
    this.localKeys = redis === undefined;
    this.redisStore = redis
      ? new RedisStore({
          prefix: redis.key(`rate-limit:${prefix}:`),
          sendCommand: (...args: string[]) => redis.send(args),
        })
      : undefined;
  }

  init(options: Options): void {
    this.memory.init(options);
    const { redis, redisStore } = this;
    if (!redis || !redisStore) return;
    // Set at once: a call may reach Redis before the scripts below are loaded (a missing script
    // is loaded on demand, a missing window is not).
    redisStore.windowMs = options.windowMs;
    // The store loads its scripts on init; a Redis that was down (or restarted, which forgets
    // scripts) gets them again each time it comes back.
    redis.onRecovered(() => {
      redisStore.init(options).catch(() => undefined);
    });
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.either(
      (store) => store.increment(key),
      () => this.memory.increment(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.either(
      (store) => store.decrement(key),
      () => this.memory.decrement(key),
    );
  }

  resetKey(key: string): Promise<void> {
    return this.either(
      (store) => store.resetKey(key),
      () => this.memory.resetKey(key),
    );
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either(
      (store) => store.get(key),
      () => this.memory.get(key),
    );
  }

  shutdown(): void {
    this.memory.shutdown();
  }

  private async either<T>(
    shared: (store: RedisStore) => Promise<T>,
    local: () => Promise<T> | T,
  ): Promise<T> {
    if (this.redisStore && this.redis?.usable) {
      try {
        return await shared(this.redisStore);
      } catch (error) {
        // The outage is logged once by SharedRedis; anything else is a real bug.
        if (!(error instanceof RedisUnavailableError)) throw error;
      }
    }
    return local();
  }
}
