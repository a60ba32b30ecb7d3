import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { ipKeyGenerator } from 'express-rate-limit';
import proxyaddr from 'proxy-addr';
import { FailoverStore } from '../redis/failover-store.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import type { TooManyRequests } from './too-many-requests.js';

/**
 * Never refused: the balancer's health checks, and the hashed files of the built app and of the
 * chart-kit docs (a page loads a dozen code chunks, a docs page twenty, all cached for a year:
 * refusing one leaves a visitor a blank page, and counting them spent a visitor's budget in a
 * few pages).
 */
const EXEMPT_PATH = /^\/(?:api\/health(?:[/?]|$)|assets\/|chart-kit\/assets\/)/;

export const ANONYMOUS_LIMIT_MESSAGE =
  'Too many requests from your address. Please wait a few seconds and try again, or log in.';

export interface AnonymousLimitOptions {
  /** Requests a client may make per window; a short window keeps a spent budget's burst short. */
  requests: number;
  windowMs: number;
  /** Express's compiled `trust proxy` function: which hops' X-Forwarded-For to believe. */
  trust: (address: string, hop: number) => boolean;
  /** Whether an access token is a session this instance already verified (no signature work). */
  hasSession: (accessToken: string) => boolean;
  redis: SharedRedis | undefined;
  refusals: TooManyRequests;
}

/**
 * A per-client budget for everything that comes without a session (visitors, crawlers, scripts):
 * chart data, demo answers, the catalogue, unknown paths, the app's pages. It runs before the
 * framework, so a refused request costs a counter and a timer, not the framework's work.
 * Learners whose session this instance has verified are not counted; a learner's first request
 * after a refresh counts once.
 */
export class AnonymousLimit {
  private readonly store: FailoverStore;

  constructor(private readonly options: AnonymousLimitOptions) {
    this.store = new FailoverStore(options.redis, 'anonymous');
    // The store reads the window from express-rate-limit's options; only these fields are used.
    this.store.init({ windowMs: options.windowMs } as Parameters<FailoverStore['init']>[0]);
  }

  /** The client's address, as TRUST_PROXY allows it to be read, keyed like express-rate-limit. */
  clientKey(request: IncomingMessage): string {
    return ipKeyGenerator(proxyaddr(request, this.options.trust));
  }

  /** An {@link EarlyStep}: refuses a client over its budget, lets everyone else on. */
  screen = (request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> => {
    if (EXEMPT_PATH.test(request.url ?? '')) return false;
    const header = request.headers.cookie;
    if (header !== undefined) {
      const token = parseCookies(header).access_token;
      if (token !== undefined && this.options.hasSession(token)) return false;
    }
    return this.count(this.clientKey(request), response);
  };

  shutdown(): void {
    this.store.shutdown();
  }

  private async count(key: string, response: ServerResponse): Promise<boolean> {
    const { totalHits, resetTime } = await this.store.increment(key);
    if (totalHits <= this.options.requests) return false;
    const retryAfter =
      (resetTime ? resetTime.getTime() - Date.now() : this.options.windowMs) / 1000;
    this.options.refusals.send(response, retryAfter, ANONYMOUS_LIMIT_MESSAGE);
    return true;
  }
}
