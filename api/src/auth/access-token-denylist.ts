import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { SHARED_REDIS } from '../redis/redis.module.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.service.js';

const PRUNE_INTERVAL_MS = 60_000;

interface Revocation {
  /** SHA-256 of the token, base64url: the token itself is never stored or sent. */
  hash: string;
  expiresAtMs: number;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Access tokens ended by a logout before they expire (they live ten minutes). Every instance
 * keeps the list in memory and checks it on each request; a logout on one instance reaches the
 * others through Redis at once (a published message), and an instance that starts or reconnects
 * reads the list from a sorted set scored by expiry. While Redis is unreachable a logout takes
 * effect on the instance that served it at once, and on the others as soon as Redis returns.
 */
@Injectable()
export class AccessTokenDenylist implements OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly revoked = new Map<string, number>();
  /** Revocations Redis has not heard of yet (it was unreachable at the logout). */
  private pending: Revocation[] = [];
  private readonly subscriber: RedisClientType | undefined;
  private readonly pruning: NodeJS.Timeout;
  private readonly key: string;

  constructor(@Inject(SHARED_REDIS) private readonly redis: SharedRedis | null) {
    this.key = redis?.key('revoked-access-tokens') ?? '';
    this.pruning = setInterval(() => this.prune(), PRUNE_INTERVAL_MS);
    this.pruning.unref();
    if (!redis) return;
    this.subscriber = redis.duplicateForSubscriptions();
    let subscribed = false;
    this.subscriber.on('ready', () => {
      if (subscribed || !this.subscriber) return;
      subscribed = true;
      // node-redis subscribes again by itself after a reconnection.
      this.subscriber
        .subscribe(this.key, (message) => this.receive(message))
        .catch((error: unknown) => {
          subscribed = false;
          this.logger.warn(`cannot subscribe to revocations: ${String(error)}`);
        });
    });
    this.subscriber.connect().catch(() => undefined);
    redis.onRecovered(() => void this.synchronise());
  }

  /** Ends `token` now, everywhere; kept until `expiresAtMs`, when the token dies anyway. */
  async revoke(token: string, expiresAtMs: number): Promise<void> {
    const revocation = { hash: hashOf(token), expiresAtMs };
    this.remember(revocation);
    if (!this.redis) return;
    try {
      await this.share([revocation]);
    } catch {
      this.pending.push(revocation);
    }
  }

  isRevoked(token: string): boolean {
    if (this.revoked.size === 0) return false;
    const expiresAtMs = this.revoked.get(hashOf(token));
    return expiresAtMs !== undefined && expiresAtMs > Date.now();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.pruning);
    if (this.subscriber?.isOpen) await this.subscriber.quit().catch(() => undefined);
    else this.subscriber?.destroy();
  }

  private remember({ hash, expiresAtMs }: Revocation): void {
    if (expiresAtMs > Date.now()) this.revoked.set(hash, expiresAtMs);
  }

  private receive(message: string): void {
    const [hash, expiry] = message.split(' ');
    const expiresAtMs = Number(expiry);
    if (hash && Number.isFinite(expiresAtMs)) this.remember({ hash, expiresAtMs });
  }

  /** Writes revocations to the sorted set and tells the other instances. */
  private async share(revocations: Revocation[]): Promise<void> {
    const redis = this.redis;
    if (!redis || revocations.length === 0) return;
    const members = revocations.flatMap(({ hash, expiresAtMs }) => [String(expiresAtMs), hash]);
    await Promise.all([
      redis.send(['ZADD', this.key, ...members]),
      // The set outlives its newest entry by a little, so an idle deployment leaves nothing.
      redis.send(['PEXPIRE', this.key, String(ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000)]),
      ...revocations.map(({ hash, expiresAtMs }) =>
        redis.send(['PUBLISH', this.key, `${hash} ${expiresAtMs}`]),
      ),
    ]);
  }

  /** After a (re)connection: sends what waited, then reads what the others revoked meanwhile. */
  private async synchronise(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    const waiting = this.pending;
    this.pending = [];
    try {
      await this.share(waiting);
      const now = String(Date.now());
      await redis.send(['ZREMRANGEBYSCORE', this.key, '-inf', now]);
      const entries = await redis.send<string[]>([
        'ZRANGEBYSCORE',
        this.key,
        now,
        '+inf',
        'WITHSCORES',
      ]);
      for (let index = 0; index + 1 < entries.length; index += 2) {
        this.remember({ hash: String(entries[index]), expiresAtMs: Number(entries[index + 1]) });
      }
    } catch {
      // Redis went away again; what was not sent waits for the next return.
      this.pending.push(...waiting.filter((entry) => entry.expiresAtMs > Date.now()));
    }
  }

  private prune(): void {
    const now = Date.now();
    for (const [hash, expiresAtMs] of this.revoked) {
      if (expiresAtMs <= now) this.revoked.delete(hash);
    }
    this.pending = this.pending.filter((entry) => entry.expiresAtMs > now);
  }
}
