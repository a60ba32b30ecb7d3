import type { DataSourceOptions } from 'typeorm';
import { RefreshToken } from '../auth/refresh-token.entity.js';
import { User } from '../users/user.entity.js';
import { CreateUsers1763700000000 } from './migrations/1763700000000-create-users.js';
import { CreateRefreshTokens1763800000000 } from './migrations/1763800000000-create-refresh-tokens.js';

export const ENTITIES = [User, RefreshToken];
export const MIGRATIONS = [CreateUsers1763700000000, CreateRefreshTokens1763800000000];

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
