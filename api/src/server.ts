import 'reflect-metadata';
import { Logger, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import cookieParser from 'cookie-parser';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/config.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { serveSinglePageApp } from './web/single-page-app.js';

export interface RunningServer {
  app: NestExpressApplication;
  /** Where the app and API answer, e.g. http://localhost:8001 */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Skip `listen` (supertest drives the HTTP server directly). */
  listen?: boolean;
  logger?: false;
}

/** Builds the Nest app on the configured or an embedded database, migrates it and listens. */
export async function startServer(
  config: AppConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  // Without DATABASE_URL this process runs its own database, and stops it when it closes.
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.embeddedDataDir);
    databaseUrl = embedded.url;
  }

  let app: NestExpressApplication;
  try {
    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
      logger: options.logger ?? ['log', 'warn', 'error'],
      abortOnError: false,
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  try {
    await applyMigrations(app);
  } catch (error) {
    await app.close();
    await embedded?.stop();
    throw error;
  }
  app.disable('x-powered-by');
  app.use(cookieParser());
  // Bodies are checked at the edge: unknown fields refused, types converted to the DTO classes.
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // One clear message per field, not every rule that a missing value also breaks.
      stopAtFirstError: true,
    }),
  );
  serveSinglePageApp(app.getHttpAdapter().getInstance(), config.appDistDir);

  let url = '';
  if (options.listen !== false) {
    await app.listen(config.port, '0.0.0.0');
    const address = app.getHttpServer().address() as AddressInfo;
    url = `http://localhost:${address.port}`;
  } else {
    await app.init();
  }

  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    close() {
      closing ??= (async () => {
        await app.close();
        await embedded?.stop();
      })();
      return closing;
    },
  };
}

/** Brings the schema up to date, one transaction per migration, and says what it did. */
async function applyMigrations(app: NestExpressApplication): Promise<void> {
  const logger = new Logger('Database');
  const applied = await app.get(DataSource).runMigrations({ transaction: 'each' });
  logger.log(
    applied.length > 0
      ? `applied ${applied.length} migration(s): ${applied.map((migration) => migration.name).join(', ')}`
      : 'schema is up to date (no migration to apply)',
  );
}
