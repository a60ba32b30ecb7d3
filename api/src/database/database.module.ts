import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Admission, type RefusalReason } from './admission.js';
import { DATABASE_CHECKS, DATABASE_PROBE, DatabaseAvailability } from './database-availability.js';
import { DATABASE_ADMISSION, DatabaseAdmissionGuard } from './database-available.guard.js';
import {
  type DatabaseKind,
  type DatabaseLimits,
  databaseLimits,
  dataSourceOptions,
} from './database-options.js';
import type { DatabaseLimitOverrides } from '../config/config.js';
import { type DatabaseProbe, QueryProbe, SocketProbe } from './database-probe.js';

/** Refusals are logged at most this often, as one line with the counts since the last. */
const REFUSAL_LOG_INTERVAL_MS = 10_000;

/** The instance's admission, which logs what it sheds (a line per interval, not per request). */
function createAdmission(limits: DatabaseLimits): Admission {
  const logger = new Logger('Load');
  const since = { 'queue full': 0, 'waited too long': 0 } as Record<RefusalReason, number>;
  let lastLine = 0;
  return new Admission(
    { concurrency: limits.pool, queue: limits.queue, maxWaitMs: limits.maxWaitMs },
    (reason) => {
      since[reason] += 1;
      const now = Date.now();
      if (now - lastLine < REFUSAL_LOG_INTERVAL_MS) return;
      lastLine = now;
      logger.warn(
        `overloaded: shed ${since['queue full']} request(s) with the queue full and ` +
          `${since['waited too long']} after waiting ${limits.maxWaitMs} ms ` +
          `(${limits.pool} at once, ${limits.queue} waiting at most); answered 503 with Retry-After`,
      );
      since['queue full'] = 0;
      since['waited too long'] = 0;
    },
  );
}

@Global()
@Module({})
export class DatabaseModule {
  /**
   * @param databaseUrl the server to use; startServer resolves it (embedded or DATABASE_URL).
   * @param kind a server, or the embedded database in this process (one connection, longer
   *   time-outs, checked by a TCP connection).
   * @param overrides the operator's pool and queue settings (DATABASE_POOL_SIZE, ...).
   */
  static forRoot(
    databaseUrl: string,
    kind: DatabaseKind,
    overrides: DatabaseLimitOverrides = {},
  ): DynamicModule {
    const limits = databaseLimits(kind, overrides);
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(databaseUrl, 'requests', kind, limits),
          // The first connection is made while the app loads its content, which can hold the event
          // loop long enough for a short connect time-out to fire: a few quick retries, then a
          // database that cannot be reached is a fatal error.
          retryAttempts: 5,
          retryDelay: 500,
        }),
      ],
      providers: [
        {
          provide: DATABASE_PROBE,
          useFactory: (): DatabaseProbe =>
            kind === 'embedded'
              ? new SocketProbe(databaseUrl, DATABASE_CHECKS.timeoutMs)
              : new QueryProbe(databaseUrl, DATABASE_CHECKS.timeoutMs),
        },
        { provide: DATABASE_ADMISSION, useFactory: () => createAdmission(limits) },
        DatabaseAvailability,
        { provide: APP_GUARD, useClass: DatabaseAdmissionGuard },
      ],
      exports: [DatabaseAvailability, DATABASE_ADMISSION],
    };
  }
}
