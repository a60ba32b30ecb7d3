import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DATABASE_URL, DatabaseAvailability } from './database-availability.js';
import { DatabaseAvailableGuard } from './database-available.guard.js';
import { type DatabaseKind, dataSourceOptions } from './database-options.js';

@Global()
@Module({})
export class DatabaseModule {
  /**
   * @param databaseUrl the server to use; startServer resolves it (embedded or DATABASE_URL).
   * @param kind a server, or the embedded database in this process (which gets longer time-outs).
   */
  static forRoot(databaseUrl: string, kind: DatabaseKind): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(databaseUrl, 'requests', kind),
          // The first connection is made while the app loads its content, which can hold the event
          // loop long enough for a short connect time-out to fire: a few quick retries, then a
          // database that cannot be reached is a fatal error.
          retryAttempts: 5,
          retryDelay: 500,
        }),
      ],
      providers: [
        { provide: DATABASE_URL, useValue: databaseUrl },
        DatabaseAvailability,
        { provide: APP_GUARD, useClass: DatabaseAvailableGuard },
      ],
      exports: [DatabaseAvailability],
    };
  }
}
