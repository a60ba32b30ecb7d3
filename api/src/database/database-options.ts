import type { DataSourceOptions } from 'typeorm';
import { AnalyticsDaily } from '../analytics/analytics-daily.entity.js';
import { AnalyticsEvent } from '../analytics/analytics-event.entity.js';
import { AnalyticsVisitor } from '../analytics/analytics-visitor.entity.js';
import { RefreshToken } from '../auth/refresh-token.entity.js';
import { LocalCheckoutSession } from '../billing/local-checkout-session.entity.js';
import { ProcessedWebhookEvent } from '../billing/processed-webhook-event.entity.js';
import { Subscription } from '../billing/subscription.entity.js';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity.js';
import { Attempt } from '../lessons/attempt.entity.js';
import { PasswordResetToken } from '../password-reset/password-reset-token.entity.js';
import { CompletedLesson } from '../progress/completed-lesson.entity.js';
import { User } from '../users/user.entity.js';
import { CreateUsers1763700000000 } from './migrations/1763700000000-create-users.js';
import { CreateRefreshTokens1763800000000 } from './migrations/1763800000000-create-refresh-tokens.js';
import { CreatePasswordResetTokens1764000000000 } from './migrations/1764000000000-create-password-reset-tokens.js';
import { CreateBilling1764100000000 } from './migrations/1764100000000-create-billing.js';
import { CreateProgressAndAttempts1764200000000 } from './migrations/1764200000000-create-progress-and-attempts.js';
import { PracticeAttempts1764300000000 } from './migrations/1764300000000-practice-attempts.js';
import { TradePlanAttempts1764400000000 } from './migrations/1764400000000-trade-plan-attempts.js';
import { DecisionAttempts1764500000000 } from './migrations/1764500000000-decision-attempts.js';
import { CreateAnalytics1764600000000 } from './migrations/1764600000000-create-analytics.js';
import { ManageAttempts1764700000000 } from './migrations/1764700000000-manage-attempts.js';
import { RefreshTokenGrace1764800000000 } from './migrations/1764800000000-refresh-token-grace.js';
import { CreateIdempotencyKeys1764900000000 } from './migrations/1764900000000-create-idempotency-keys.js';

export const ENTITIES = [
  User,
  RefreshToken,
  PasswordResetToken,
  CompletedLesson,
  Attempt,
  Subscription,
  ProcessedWebhookEvent,
  LocalCheckoutSession,
  AnalyticsEvent,
  AnalyticsVisitor,
  AnalyticsDaily,
  IdempotencyKey,
];
export const MIGRATIONS = [
  CreateUsers1763700000000,
  CreateRefreshTokens1763800000000,
  CreatePasswordResetTokens1764000000000,
  CreateBilling1764100000000,
  CreateProgressAndAttempts1764200000000,
  PracticeAttempts1764300000000,
  TradePlanAttempts1764400000000,
  DecisionAttempts1764500000000,
  CreateAnalytics1764600000000,
  ManageAttempts1764700000000,
  RefreshTokenGrace1764800000000,
  CreateIdempotencyKeys1764900000000,
];

/**
 * How long a request may wait for a pooled connection, and for one query, on a database server.
 * Together they keep a request on a database that went away (or hangs) to about 2 s before it is
 * answered 503; the first such failure makes the next requests fail at once
 * (DatabaseAvailability). The embedded database runs inside the API's own process, so a busy
 * event loop delays it without anything being wrong: it gets the generous values.
 */
export const DATABASE_TIMEOUTS = {
  server: { connectMs: 1000, queryMs: 1000 },
  embedded: { connectMs: 10_000, queryMs: 10_000 },
} as const;

export type DatabaseKind = keyof typeof DATABASE_TIMEOUTS;

/**
 * TypeORM options for a PostgreSQL URL: the schema comes from migrations, never `synchronize`.
 * `requests`: the pool that serves requests, with short time-outs. `migrations`: a connection
 * for schema changes, which may take longer than any request.
 */
export function dataSourceOptions(
  databaseUrl: string,
  purpose: 'requests' | 'migrations',
  kind: DatabaseKind = 'server',
): DataSourceOptions {
  const timeouts = DATABASE_TIMEOUTS[kind];
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // Run by startServer before the app starts, which logs what it applied.
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error', 'migration'],
    extra:
      purpose === 'requests'
        ? {
            max: 10,
            connectionTimeoutMillis: timeouts.connectMs,
            query_timeout: timeouts.queryMs,
            // The server gives up too, so a statement cut off here does not run on and hold locks.
            statement_timeout: timeouts.queryMs,
            application_name: 'sd-course-api',
          }
        : { max: 2, connectionTimeoutMillis: 10_000, application_name: 'sd-course-migrations' },
  };
}
