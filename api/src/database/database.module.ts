import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './database-options.js';

@Module({})
export class DatabaseModule {
  /** @param databaseUrl the server to use; main.ts resolves it (embedded or DATABASE_URL). */
  static forRoot(databaseUrl: string) {
    return TypeOrmModule.forRoot({
      ...dataSourceOptions(databaseUrl),
      // At start a database that cannot be reached is a fatal error, reported once.
      retryAttempts: 0,
    });
  }
}
