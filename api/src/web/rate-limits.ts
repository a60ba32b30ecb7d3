import type { Express, Request, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import type { ErrorBody } from '../common/all-exceptions.filter.js';
import type { RateLimits } from '../config/config.js';

/** The calls a password-guessing or mail-bombing script would hammer, and their limit. */
function limitedCalls(limits: RateLimits): { name: string; paths: string[]; limit: number }[] {
  return [
    { name: 'login', paths: ['/api/login'], limit: limits.login },
    { name: 'register', paths: ['/api/register'], limit: limits.register },
    { name: 'refresh', paths: ['/api/login/refresh'], limit: limits.refresh },
    {
      name: 'reset',
      paths: ['/users/initReset', '/users/validateReset'],
      limit: limits.passwordReset,
    },
  ];
}

export interface RateLimiting {
  /** Closes the Redis connection when counters are shared through Redis. */
  close(): Promise<void>;
}

function tooManyRequests(_request: Request, response: Response): void {
  const retryAfter = response.getHeader('Retry-After');
  const minutes = Math.max(1, Math.ceil(Number(retryAfter ?? 60) / 60));
  const body: ErrorBody = {
    statusCode: 429,
    error: 'Too Many Requests',
    message: `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  };
  response.status(429).json(body);
}

/**
 * Per-IP limits on login, registration, refresh and both reset calls. With `redisUrl` the
 * counters live in Redis, so every instance behind a load balancer counts the same requests.
 */
export async function applyRateLimits(
  server: Express,
  limits: RateLimits,
  redisUrl: string | undefined,
): Promise<RateLimiting> {
  const redis = redisUrl ? createClient({ url: redisUrl }) : undefined;
  if (redis) {
    redis.on('error', () => {
      // Reported by the failing command itself; without a listener node-redis would crash.
    });
    await redis.connect();
  }
  for (const { name, paths, limit } of limitedCalls(limits)) {
    const store: Store | undefined = redis
      ? new RedisStore({
          prefix: `${limits.redisPrefix}:${name}:`,
          sendCommand: (...args: string[]) => redis.sendCommand(args),
        })
      : undefined;
    const limiter = rateLimit({
      windowMs: limits.windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: tooManyRequests,
      ...(store ? { store } : {}),
    });
    // A route, not `use`: a mount at /api/login would also count /api/login/refresh. Routing is
    // not strict, so the spec's trailing-slash paths are counted too.
    server.post(paths, limiter);
  }
  return {
    async close() {
      if (redis?.isOpen) await redis.quit();
    },
  };
}
