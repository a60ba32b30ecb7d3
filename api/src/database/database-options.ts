import type { DataSourceOptions } from 'typeorm';
import { RefreshToken } from '../auth/refresh-token.entity.js';
import { LocalCheckoutSession } from '../billing/local-checkout-session.entity.js';
import { ProcessedWebhookEvent } from '../billing/processed-webhook-event.entity.js';
import { Subscription } from '../billing/subscription.entity.js';
import { Attempt } from '../lessons/attempt.entity.js';
import { PasswordResetToken } from '../password-reset/password-reset-token.entity.js';
import { CompletedLesson } from '../progress/completed-lesson.entity.js';
import { User } from '../users/user.entity.js';
import { CreateUsers1763700000000 } from './migrations/1763700000000-create-users.js';
import { CreateRefreshTokens1763800000000 } from './migrations/1763800000000-create-refresh-tokens.js';
import { CreatePasswordResetTokens1764000000000 } from './migrations/1764000000000-create-password-reset-tokens.js';
import { CreateBilling1764100000000 } from './migrations/1764100000000-create-billing.js';
import { CreateProgressAndAttempts1764200000000 } from './migrations/1764200000000-create-progress-and-attempts.js';

export const ENTITIES = [
  User,
  RefreshToken,
  PasswordResetToken,
  CompletedLesson,
  Attempt,
  Subscription,
  ProcessedWebhookEvent,
  LocalCheckoutSession,
];
export const MIGRATIONS = [
  CreateUsers1763700000000,
  CreateRefreshTokens1763800000000,
  CreatePasswordResetTokens1764000000000,
  CreateBilling1764100000000,
  CreateProgressAndAttempts1764200000000,
];

/** TypeORM options for a PostgreSQL URL: the schema comes from migrations, never `synchronize`. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // Run by startServer, which logs what it applied and fails the start if one fails.
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error', 'migration'],
    extra: {
      max: 10,
      // A dead database must fail fast so /api/health can answer 503 instead of hanging.
      connectionTimeoutMillis: 3000,
      query_timeout: 10_000,
    },
  };
}
