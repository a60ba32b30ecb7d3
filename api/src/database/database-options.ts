import type { DataSourceOptions } from 'typeorm';
import { AnalyticsDaily } from '../analytics/analytics-daily.entity.js';
import { AnalyticsEvent } from '../analytics/analytics-event.entity.js';
import { AnalyticsVisitor } from '../analytics/analytics-visitor.entity.js';
import { RefreshToken } from '../auth/refresh-token.entity.js';
import { LocalCheckoutSession } from '../billing/local-checkout-session.entity.js';
import { ProcessedWebhookEvent } from '../billing/processed-webhook-event.entity.js';
import { Subscription } from '../billing/subscription.entity.js';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity.js';
import { Attempt } from '../exercises/attempt.entity.js';
import { PracticeChart } from '../practice-charts/practice-chart.entity.js';
import { PracticePlaceRow } from '../practice/practice-place.entity.js';
import {
  RealPracticeDecisionRow,
  RealPracticeItemRow,
} from '../real-practice/real-practice-item.entity.js';
import { PracticeHistoryRow, SkillStateRow } from '../skills/skill-state.entity.js';
import { PasswordResetToken } from '../password-reset/password-reset-token.entity.js';
import { CompletedLesson } from '../progress/completed-lesson.entity.js';
import { SavedLines } from '../saved-lines/saved-lines.entity.js';
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
import { CreatePracticeCharts1765000000000 } from './migrations/1765000000000-create-practice-charts.js';
import { CreateSkillStates1765100000000 } from './migrations/1765100000000-create-skill-states.js';
import { CreateSkillAnswers1795849166650 } from './migrations/1795849166650-create-skill-answers.js';
import { CreatePracticePlaces1765200000000 } from './migrations/1765200000000-create-practice-places.js';
import { CreateSavedLines1765300000000 } from './migrations/1765300000000-create-saved-lines.js';
import { BackfillSavedLines1795851887011 } from './migrations/1795851887011-backfill-saved-lines.js';
import { CreateRealPractice1795900000000 } from './migrations/1795900000000-create-real-practice.js';
import { RealPracticeDecisions1795900000001 } from './migrations/1795900000001-real-practice-decisions.js';

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
  PracticeChart,
  SkillStateRow,
  PracticeHistoryRow,
  PracticePlaceRow,
  SavedLines,
  RealPracticeItemRow,
  RealPracticeDecisionRow,
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
  CreatePracticeCharts1765000000000,
  CreateSkillStates1765100000000,
  CreatePracticePlaces1765200000000,
  CreateSavedLines1765300000000,
  CreateSkillAnswers1795849166650,
  BackfillSavedLines1795851887011,
  CreateRealPractice1795900000000,
  RealPracticeDecisions1795900000001,
];

/**
 * What an instance asks of its database, by kind. Chosen from `npm run bench:load` (see the
 * README, "Capacity and overload"):
 * - `pool`: connections, and requests doing database work at once (the admission's
 *   concurrency), so an admitted request never queues for a connection.
 * - `queue`, `maxWaitMs`: requests that may wait for a turn, and how long; beyond, a prompt 503
 *   with Retry-After (the admission), never a time-out.
 * - `connectMs`, `queryMs`: a connection that takes longer to be made, or a statement that
 *   runs longer, has met a database in trouble: the request is answered 503 and a check is run
 *   at once. Generous, because under load a busy event loop makes healthy answers late too.
 *
 * The embedded database is PGlite, one session: one connection, its queue in front.
 */
export const DATABASE_LIMITS = {
  server: { pool: 10, queue: 100, maxWaitMs: 3000, connectMs: 3000, queryMs: 5000 },
  embedded: { pool: 1, queue: 200, maxWaitMs: 10_000, connectMs: 10_000, queryMs: 10_000 },
} as const;

export type DatabaseKind = keyof typeof DATABASE_LIMITS;

export interface DatabaseLimits {
  pool: number;
  queue: number;
  maxWaitMs: number;
  connectMs: number;
  queryMs: number;
}

/**
 * The limits of a kind with an operator's overrides. The embedded database keeps its one
 * connection whatever is asked: PGlite is one session.
 */
export function databaseLimits(
  kind: DatabaseKind,
  overrides: Partial<Pick<DatabaseLimits, 'pool' | 'queue' | 'maxWaitMs'>> = {},
): DatabaseLimits {
  const limits: DatabaseLimits = { ...DATABASE_LIMITS[kind], ...overrides };
  if (kind === 'embedded') limits.pool = 1;
  return limits;
}

/**
 * TypeORM options for a PostgreSQL URL: the schema comes from migrations, never `synchronize`.
 * `requests`: the pool that serves requests, with short time-outs. `migrations`: a connection
 * for schema changes, which may take longer than any request.
 */
export function dataSourceOptions(
  databaseUrl: string,
  purpose: 'requests' | 'migrations',
  kind: DatabaseKind = 'server',
  limits: DatabaseLimits = databaseLimits(kind),
): DataSourceOptions {
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
            max: limits.pool,
            connectionTimeoutMillis: limits.connectMs,
            query_timeout: limits.queryMs,
            // The server gives up too, so a statement cut off here does not run on and hold locks.
            statement_timeout: limits.queryMs,
            application_name: 'sd-course-api',
          }
        : {
            // The lock holder and the migrations; the embedded database's is idle meanwhile.
            max: 2,
            connectionTimeoutMillis: 10_000,
            application_name: 'sd-course-migrations',
          },
  };
}
