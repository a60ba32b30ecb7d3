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
  private options: Options | undefined;
  /** Whether the store's scripts were loaded by the last load (see {@link loadScripts}). */
  private scriptsLoaded = false;
  private scriptsLoading: Promise<boolean> | undefined;

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
    this.options = options;
    // Set at once: a call may reach Redis before the scripts below are loaded (a missing script
    // is loaded on demand, a missing window is not).
    redisStore.windowMs = options.windowMs;
    // A Redis that was down (or restarted, which forgets scripts) gets them again each time it
    // comes back.
    redis.onRecovered(() => {
      this.scriptsLoaded = false;
      void this.loadScripts();
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

  /**
   * Loads the store's scripts (one load at a time). The store keeps the promise of its last load
   * and awaits it on every call: a load that failed, because Redis was late or away at that
   * moment, would fail every later call with that old error and keep this instance counting in
   * memory while Redis answers. So a failed load is tried again by the next call.
   */
  private loadScripts(): Promise<boolean> {
    const { redisStore, options } = this;
    if (!redisStore || !options) return Promise.resolve(false);
    this.scriptsLoading ??= redisStore
      .init(options)
      .then(
        () => true,
        () => false,
      )
      .then((loaded) => {
        this.scriptsLoading = undefined;
        this.scriptsLoaded = loaded;
        return loaded;
      });
    return this.scriptsLoading;
  }

  private async either<T>(
    shared: (store: RedisStore) => Promise<T>,
    local: () => Promise<T> | T,
  ): Promise<T> {
    if (
      this.redisStore &&
      this.redis?.usable &&
      (this.scriptsLoaded || (await this.loadScripts()))
    ) {
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
