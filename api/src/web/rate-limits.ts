import type { Express, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { sessionIdOfRefreshToken } from '../auth/refresh-token.service.js';
import type { RateLimits } from '../config/config.js';
import { FailoverStore } from '../redis/failover-store.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { type TooManyRequests, waitMessage } from './too-many-requests.js';

export interface RateLimiting {
  /** Stops the in-process counters' timers. */
  close(): void;
}

interface LimiterSpec {
  name: string;
  limit: number;
  /** Who is counted; the client's address (as TRUST_PROXY resolves it) unless given. */
  keyGenerator?: (request: Request, response: Response) => string;
  /** Count only refused calls (a wrong refresh token, not a good one). */
  skipSuccessfulRequests?: boolean;
  /** Requests this limit does not apply to. */
  skip?: (request: Request) => boolean;
}

/**
 * Limits on the calls a password-guessing, mail-bombing or session-hammering script would use.
 * Counters are kept per client address (as TRUST_PROXY resolves it behind a balancer), except a
 * good refresh, which is counted per session: learners behind one address never share a bucket
 * for the call the app makes every nine minutes. With Redis the counters are shared by every
 * instance; while Redis is unreachable each instance counts on its own.
 */
export function applyRateLimits(
  server: Express,
  limits: RateLimits,
  redis: SharedRedis | undefined,
  refusals: TooManyRequests,
): RateLimiting {
  const stores: FailoverStore[] = [];
  const limiter = (spec: LimiterSpec): RequestHandler => {
    const store = new FailoverStore(redis, spec.name);
    stores.push(store);
    return rateLimit({
      windowMs: limits.windowMs,
      limit: spec.limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store,
      ...(spec.keyGenerator ? { keyGenerator: spec.keyGenerator } : {}),
      skipSuccessfulRequests: spec.skipSuccessfulRequests ?? false,
      ...(spec.skip ? { skip: spec.skip } : {}),
      handler: (_request, response) => {
        const retryAfter = Number(response.getHeader('Retry-After') ?? 60);
        refusals.send(response, retryAfter, waitMessage(retryAfter));
      },
    });
  };

  // Routes, not `use`: a mount at /api/login would also count /api/login/refresh. Routing is not
  // strict, so the spec's trailing-slash paths are counted too.
  server.post('/api/login', limiter({ name: 'login', limit: limits.login }));
  server.post('/api/register', limiter({ name: 'register', limit: limits.register }));
  server.post(
    ['/users/initReset', '/users/validateReset'],
    limiter({ name: 'reset', limit: limits.passwordReset }),
  );
  server.post(
    '/api/login/refresh',
    // First: a session over its own budget is refused here and never counts as a failure below.
    limiter({
      name: 'refresh-session',
      limit: limits.refreshPerSession,
      keyGenerator: (request) => `session:${sessionIdOfRefreshToken(refreshCookie(request))}`,
      // Without a readable session (no cookie, or a token from before sessions were named in
      // it) the failure limit below is what counts.
      skip: (request) => sessionIdOfRefreshToken(refreshCookie(request)) === undefined,
    }),
    limiter({
      name: 'refresh-failures',
      limit: limits.refreshFailures,
      skipSuccessfulRequests: true,
    }),
  );
  return {
    close() {
      for (const store of stores) store.shutdown();
    },
  };
}

function refreshCookie(request: Request): string | undefined {
  const cookies: unknown = request.cookies;
  if (typeof cookies !== 'object' || cookies === null) return undefined;
  const value = (cookies as Record<string, unknown>).refresh_token;
  return typeof value === 'string' ? value : undefined;
}
