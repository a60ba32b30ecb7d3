import 'reflect-metadata';
import { Logger, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { applyStripeWebhookBodyParser } from './billing/stripe-webhook-body.js';
import type { AppConfig } from './config/config.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { PublicChartDataFastPath } from './lessons/chart-data-response.js';
import { ChartDataService } from './lessons/chart-data.service.js';
import { serveOpenApi } from './web/openapi.js';
import { applyRateLimits, type RateLimiting } from './web/rate-limits.js';
import { applyRequestLogging } from './web/request-logging.js';
import { applySecurityHeaders } from './web/security-headers.js';
import { serveSinglePageApp } from './web/single-page-app.js';

/** Bodies the API accepts: its largest legitimate JSON body is a few hundred bytes. */
export const JSON_BODY_LIMIT = '16kb';

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
  /** Where request log lines go (stdout by default; tests read them from a stream). */
  requestLog?: DestinationStream;
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
  let rateLimiting: RateLimiting;
  try {
    rateLimiting = await applyWebMiddleware(app, config, options);
  } catch (error) {
    await app.close();
    await embedded?.stop();
    throw error;
  }
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
        await rateLimiting.close();
        await embedded?.stop();
      })();
      return closing;
    },
  };
}

/** Headers, logging, limits and parsers that every request goes through, in this order. */
async function applyWebMiddleware(
  app: NestExpressApplication,
  config: AppConfig,
  options: StartOptions,
): Promise<RateLimiting> {
  const server = app.getHttpAdapter().getInstance();
  app.disable('x-powered-by');
  applySecurityHeaders(server, new URL(config.appOrigin).protocol === 'https:');
  // Public chart data is static content (like the app's files, which are not logged either):
  // answered before the framework once Express has sent one with the security headers above.
  const publicChartData = new PublicChartDataFastPath(app.get(ChartDataService));
  publicChartData.install(app.getHttpServer());
  server.get('/chart-data/:id', publicChartData.expressHandler());
  if (options.requestLog || options.logger !== false) {
    applyRequestLogging(server, options.requestLog);
  }
  server.use(compression());
  applyStripeWebhookBodyParser(server);
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  // The local test-mode checkout page posts a plain HTML form.
  app.useBodyParser('urlencoded', { limit: '2kb', extended: false });
  app.use(cookieParser());
  const rateLimiting = await applyRateLimits(server, config.rateLimits, config.redisUrl);
  serveOpenApi(app);
  return rateLimiting;
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
