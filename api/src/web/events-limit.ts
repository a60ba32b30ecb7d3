import type { IncomingMessage, ServerResponse } from 'node:http';
import { FailoverStore } from '../redis/failover-store.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import type { AnonymousLimit } from './anonymous-limit.js';
import { type TooManyRequests, waitMessage } from './too-many-requests.js';

export interface EventsLimitOptions {
  /** The path of the events endpoint (POST). */
  path: string;
  /** Batches a client may send per window, with or without a session. */
  batches: number;
  windowMs: number;
  /** Finds the client's address as TRUST_PROXY allows (the anonymous budget's rule). */
  clients: Pick<AnonymousLimit, 'clientKey'>;
  redis: SharedRedis | undefined;
  refusals: TooManyRequests;
}

/**
 * The analytics endpoint's budget per client address, counted before the framework: a client
 * flooding events, signed in or not, costs a counter and a held 429 past its budget, never the
 * framework's work or the learners' share of it. Shared through Redis like the other limits.
 */
export class EventsLimit {
  private readonly store: FailoverStore;

  constructor(private readonly options: EventsLimitOptions) {
    this.store = new FailoverStore(options.redis, 'events');
    // The store reads the window from express-rate-limit's options; only these fields are used.
    this.store.init({ windowMs: options.windowMs } as Parameters<FailoverStore['init']>[0]);
  }

  /** An early step: refuses a client over its budget of event batches, lets everyone else on. */
  screen = (request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> => {
    if (request.method !== 'POST') return false;
    const path = (request.url ?? '').split('?')[0]?.replace(/\/+$/, '');
    if (path !== this.options.path) return false;
    return this.count(this.options.clients.clientKey(request), response);
  };

  shutdown(): void {
    this.store.shutdown();
  }

  private async count(key: string, response: ServerResponse): Promise<boolean> {
    const { totalHits, resetTime } = await this.store.increment(key);
    if (totalHits <= this.options.batches) return false;
    const retryAfter =
      (resetTime ? resetTime.getTime() - Date.now() : this.options.windowMs) / 1000;
    this.options.refusals.send(response, retryAfter, waitMessage(retryAfter, 'event batches'));
    return true;
  }
}
