import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';

/** How long a key answers with its first answer; a client retries within minutes, not days. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** How often expired keys are deleted (each instance; deleting twice is harmless). */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The header that marks an answer given again from the store. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Send a new key with a new ' +
  'answer.';

/** The answers that carry a key: each is its own namespace of the learner's keys. */
export type IdempotentOperation = 'attempt' | 'plan' | 'decision' | 'manage';

export interface IdempotentRequest {
  userId: string;
  /** The Idempotency-Key, or undefined when the client sent none. */
  key: string | undefined;
  operation: IdempotentOperation;
  /** The request's body as validated: the same key must come with the same body. */
  body: unknown;
}

/** JSON with object keys in order, so two spellings of one body hash alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Answers that a retry must not change: a learner's graded answers, which spend a try. The work
 * (storing the try and computing the answer from the standing after it) runs in one
 * transaction with the key's row, so either both are stored or neither: a client told of a
 * failure (a 503 when the database went away) was told the truth, and its retry is graded
 * afresh. A retry of an answered request, with the same key, gets the stored answer and stores
 * nothing. Two requests with one key at once are serialised by the key's primary key: the
 * second waits for the first to commit and then replays its answer.
 */
@Injectable()
export class IdempotentAnswers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` once per key: its answer, or the stored one when this is a retry. `response`
   * gets the replay header.
   */
  async answer<T>(
    request: IdempotentRequest,
    response: Response,
    work: (store: EntityManager) => Promise<T>,
  ): Promise<{ answer: T; replayed: boolean }> {
    const { key } = request;
    if (key === undefined) {
      return { answer: await this.dataSource.transaction(work), replayed: false };
    }
    const requestHash = createHash('sha256')
      .update(`${request.operation}\n${canonicalJson(request.body)}`)
      .digest('hex');
    const result = await this.dataSource.transaction(async (store) => {
      // An expired key is free again: its first answer is past any retry.
      await store.query(
        `DELETE FROM "idempotency_keys"
          WHERE "user_id" = $1 AND "key" = $2 AND "expires_at" <= now()`,
        [request.userId, key],
      );
      const claimed = await store.query<{ key: string }[]>(
        `INSERT INTO "idempotency_keys" ("user_id", "key", "operation", "request_hash", "expires_at")
         VALUES ($1, $2, $3, $4, now() + $5 * interval '1 hour')
         ON CONFLICT ("user_id", "key") DO NOTHING
         RETURNING "key"`,
        [request.userId, key, request.operation, requestHash, IDEMPOTENCY_KEY_TTL_HOURS],
      );
      if (claimed.length === 0) {
        const [stored] = await store.query<{ request_hash: string; response: unknown }[]>(
          `SELECT "request_hash", "response" FROM "idempotency_keys"
            WHERE "user_id" = $1 AND "key" = $2`,
          [request.userId, key],
        );
        if (stored?.request_hash !== requestHash || stored.response === null) {
          throw new UnprocessableEntityException(KEY_REUSED_MESSAGE);
        }
        // Stored from the answer this service returned: the same type T.
        return { answer: stored.response as T, replayed: true };
      }
      const answer = await work(store);
      await store.query(
        `UPDATE "idempotency_keys" SET "response" = $3 WHERE "user_id" = $1 AND "key" = $2`,
        [request.userId, key, JSON.stringify(answer)],
      );
      return { answer, replayed: false };
    });
    if (result.replayed) response.setHeader(REPLAYED_HEADER, 'true');
    return result;
  }

  /** Deletes expired keys; the number deleted. */
  async deleteExpired(): Promise<number> {
    const [gone] = await this.dataSource.query<{ count: number }[]>(
      `WITH gone AS (DELETE FROM "idempotency_keys" WHERE "expires_at" <= now() RETURNING 1)
       SELECT count(*)::int AS count FROM gone`,
    );
    return gone?.count ?? 0;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.deleteExpired().catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn(`expired idempotency keys were not deleted; next hour again (${reason})`);
      });
    }, IDEMPOTENCY_CLEANUP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
