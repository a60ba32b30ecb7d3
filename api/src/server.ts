import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { EVENTS_PATH, eventsBodyParser } from './analytics/events-body.js';
import { AccessTokenDenylist } from './auth/access-token-denylist.js';
import { AccessTokenService } from './auth/access-token.service.js';
import {
  applyStripeWebhookBodyParser,
  STRIPE_WEBHOOK_PATH,
} from './billing/stripe-webhook-body.js';
import type { AppConfig } from './config/config.js';
import type { DatabaseKind } from './database/database-options.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { runInRequestScope } from './database/database-turn.js';
import { migrate } from './database/migrate.js';
import { publicChartDataRoute } from './chart-data/chart-data-response.js';
import { ChartDataService } from './chart-data/chart-data.service.js';
import { visitorCatalogueRoute } from './lessons/lessons.controller.js';
import { LessonsService } from './lessons/lessons.service.js';
import { PracticeWorkers } from './practice-charts/workers.js';
import { createStdoutLog } from './logging/log.js';
import type { StartupSteps } from './logging/startup-steps.js';
import { PinoNestLogger } from './logging/pino-nest-logger.js';
import { healthFastPath } from './health/health-fast-path.js';
import { HealthCheckServer } from './health/health-check-server.js';
import { HealthReports } from './health/health-reports.js';
import { SHARED_REDIS } from './redis/redis.module.js';
import type { SharedRedis } from './redis/shared-redis.js';
import { AnonymousLimit } from './web/anonymous-limit.js';
import { answerBeforeFramework } from './web/before-framework.js';
import { serveOpenApi } from './web/openapi.js';
import { PublicAnswersFastPath } from './web/public-answers.js';
import { applyRateLimits } from './web/rate-limits.js';
import { EventsLimit } from './web/events-limit.js';
import { EventLoopLimit } from './web/event-loop-limit.js';
import { InFlightRequests } from './web/in-flight-requests.js';
import { applyRequestLogging } from './web/request-logging.js';
import { serveChartKitDocs } from './web/chart-kit-docs.js';
import { securityHeaders } from './web/security-headers.js';
import { isApiPath, serveSinglePageApp } from './web/single-page-app.js';
import { TooManyRequests } from './web/too-many-requests.js';
import { refuseUnsafeInput } from './web/unsafe-input.js';

/** A healthy Redis is waited for this long at start, so the first requests already share counters. */
const REDIS_START_WAIT_MS = 1000;
/** Requests shed by the event-loop limit are logged at most this often, as one line. */
const SHED_LOG_INTERVAL_MS = 10_000;
/** Longer than any balancer's idle time-out (60 s is the usual one). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Bodies the API accepts: its largest legitimate JSON body is a few hundred bytes. */
export const JSON_BODY_LIMIT = '16kb';

/** Of a stop's time, what is kept for closing connections and the database after the drain. */
const CLOSING_SHARE = 0.2;
/** Kept at the end of a stop for closing the embedded database (it flushes to disk). */
const EMBEDDED_CLOSE_RESERVE_MS = 1000;

export interface RunningServer {
  app: NestExpressApplication;
  /** Where the app and API answer, e.g. http://localhost:8001 */
  url: string;
  /**
   * Where the health checks answer from their own thread (HEALTH_PORT), e.g.
   * http://localhost:8002; empty when not configured or not listening.
   */
  healthUrl: string;
  /**
   * Stops gracefully within `timeoutMs` (default: the configured SHUTDOWN_TIMEOUT_SECONDS):
   * readiness answers 503 `stopping`, no new connection is taken, the requests in flight finish
   * (for most of the time), then what is left is cut and the app, its connections and the
   * embedded database are closed. Resolves true when all of it finished in time, false when
   * the time ran out first (the caller exits anyway: a dependency that does not answer cannot
   * hold a stop).
   */
  close(timeoutMs?: number): Promise<boolean>;
}

export interface StartOptions {
  /** Skip `listen` (supertest drives the HTTP server directly). */
  listen?: boolean;
  /** `false`: no log lines at all, unless `log` is given (tests). */
  logger?: false;
  /**
   * The log every line goes to, the app's, the framework's and each request's: by default a new
   * one on stdout (see logging/log.ts). Tests give one on a stream to read its lines.
   */
  log?: Logger;
  /** Whether `config.databaseUrl` is an embedded database of this process (tests start one). */
  databaseKind?: DatabaseKind;
  /** Told as each step of the start ends (main logs them once the instance is ready). */
  steps?: StartupSteps;
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
    options.steps?.mark('embedded database');
  }

  let app: NestExpressApplication;
  let log: Logger | undefined;
  try {
    log = options.log ?? (options.logger === false ? undefined : await createStdoutLog());
    await applyMigrations(databaseUrl, log?.child({ context: 'Database' }));
    options.steps?.mark('migrations');
    const databaseKind = options.databaseKind ?? (embedded ? 'embedded' : 'server');
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot(config, databaseUrl, databaseKind),
      { logger: log ? new PinoNestLogger(log) : false, abortOnError: false },
    );
    options.steps?.mark('app modules');
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  let closeMiddleware: () => void;
  try {
    closeMiddleware = await applyWebMiddleware(app, config, log);
    options.steps?.mark('web middleware');
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
  // Before the app's fallback, which would answer /chart-kit/... with the app's index.html.
  serveChartKitDocs(
    app.getHttpAdapter().getInstance(),
    config.chartKitDocsDir,
    servesHttpsOnly(config),
  );
  serveSinglePageApp(app.getHttpAdapter().getInstance(), config.appDistDir);
  const inFlight = new InFlightRequests(app.getHttpServer());

  let url = '';
  let healthUrl = '';
  let healthChecks: HealthCheckServer | undefined;
  if (options.listen !== false) {
    const httpServer = app.getHttpServer();
    // A balancer keeps idle connections to the instances (haproxy and cloud balancers for 60 s):
    // the instance must not close one first, or a request sent on it as it closes is reset.
    httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    await app.listen(config.port, '0.0.0.0');
    const address = app.getHttpServer().address() as AddressInfo;
    url = `http://localhost:${address.port}`;
    if (config.healthPort !== undefined) {
      healthChecks = await HealthCheckServer.start(app.get(HealthReports), {
        port: config.healthPort,
        host: '0.0.0.0',
      });
      healthUrl = `http://localhost:${healthChecks.port}`;
    }
  } else {
    await app.init();
  }
  options.steps?.mark('routes and listen');

  let closing: Promise<boolean> | undefined;
  return {
    app,
    url,
    healthUrl,
    close(timeoutMs = config.shutdownTimeoutMs) {
      closing ??= stopGracefully({
        app,
        healthChecks,
        inFlight,
        timeoutMs,
        closeMiddleware,
        stopEmbedded: () => embedded?.stop() ?? Promise.resolve(),
        log: log?.child({ context: 'Shutdown' }),
      });
      return closing;
    },
  };
}

/** See {@link RunningServer.close}. */
async function stopGracefully(options: {
  app: NestExpressApplication;
  healthChecks: HealthCheckServer | undefined;
  inFlight: InFlightRequests;
  timeoutMs: number;
  closeMiddleware: () => void;
  stopEmbedded: () => Promise<void>;
  log: Logger | undefined;
}): Promise<boolean> {
  const { app, inFlight, timeoutMs, log } = options;
  const started = Date.now();
  const deadline = started + timeoutMs;
  app.get(HealthReports).markStopping();
  // At once, not at the next beat: the balancer's next check must see the stop.
  options.healthChecks?.beat();
  const httpServer = app.getHttpServer();
  // No new connections; idle kept-alive ones are closed now, busy ones after their request.
  httpServer.close(() => undefined);
  httpServer.closeIdleConnections();
  const waiting = inFlight.active;
  const drained = await inFlight.drain(deadline - timeoutMs * CLOSING_SHARE);
  log?.info(
    { waited: waiting, left: inFlight.active, ms: Date.now() - started },
    drained
      ? `finished the ${waiting} request(s) in flight`
      : `${inFlight.active} request(s) still running at the drain's end: cut`,
  );
  httpServer.closeAllConnections();
  // The embedded database is closed last and in any case (closing flushes it to disk), so the
  // app gets the time up to a second before the end.
  const appClosed = await beforeDeadline(
    app.close().then(options.closeMiddleware),
    deadline - EMBEDDED_CLOSE_RESERVE_MS,
  );
  const databaseClosed = await beforeDeadline(options.stopEmbedded(), deadline);
  await options.healthChecks?.close();
  if (!appClosed || !databaseClosed) {
    log?.warn(
      { ms: Date.now() - started },
      'closing did not finish in time (a dependency does not answer); exiting anyway',
    );
  }
  return drained && appClosed && databaseClosed;
}

/** Whether `work` settled before `deadline` (epoch ms); a rejection counts as finished. */
async function beforeDeadline(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Headers, logging, limits and parsers that every request goes through, in this order; returns
 * what stops their timers.
 */
async function applyWebMiddleware(
  app: NestExpressApplication,
  config: AppConfig,
  log: Logger | undefined,
): Promise<() => void> {
  const server = app.getHttpAdapter().getInstance();
  app.disable('x-powered-by');
  // Before anything reads a client's address: behind a balancer, X-Forwarded-For names the client.
  app.set('trust proxy', config.trustProxy);
  const redis = app.get<SharedRedis | null>(SHARED_REDIS) ?? undefined;
  await redis?.waitUntilUsable(REDIS_START_WAIT_MS);
  const refusals = new TooManyRequests(config.rateLimits.rejectDelayMs);

  // Before the framework: the budget of requests without a session, then public answers (demo
  // charts, the visitors' catalogue), which are static content like the app's files.
  const accessTokens = app.get(AccessTokenService);
  const denylist = app.get(AccessTokenDenylist);
  const anonymousLimit = new AnonymousLimit({
    requests: config.rateLimits.anonymousRequests,
    windowMs: config.rateLimits.anonymousWindowMs,
    trust: server.get('trust proxy fn') as (address: string, hop: number) => boolean,
    hasSession: (token) => accessTokens.isKnownValid(token) && !denylist.isRevoked(token),
    redis,
    refusals,
  });
  const eventsLimit = new EventsLimit({
    path: EVENTS_PATH,
    batches: config.rateLimits.events,
    windowMs: config.rateLimits.eventsWindowMs,
    clients: anonymousLimit,
    redis,
    refusals,
  });
  // Logged like the admission queue's refusals: one line per interval, not per request.
  const loadLog = log?.child({ context: 'Load' });
  let lastShedLine = 0;
  let shedSinceLine = 0;
  const eventLoopLimit = new EventLoopLimit({
    maxDelayMs: config.eventLoopDelayLimitMs,
    onShed: (shed, delayMs) => {
      shedSinceLine += shed;
      if (Date.now() - lastShedLine < SHED_LOG_INTERVAL_MS) return;
      lastShedLine = Date.now();
      loadLog?.warn(
        `overloaded: shed ${shedSinceLine} request(s) with the event loop ${Math.round(delayMs)} ms late ` +
          `(limit ${config.eventLoopDelayLimitMs} ms); answered 503 with Retry-After`,
      );
      shedSinceLine = 0;
    },
  });
  const health = app.get(HealthReports);
  // helmet's headers on every answer, the ones given before the framework included.
  const headers = securityHeaders(servesHttpsOnly(config));
  health.watchEventLoop(eventLoopLimit);
  health.watchPracticeGeneration(app.get(PracticeWorkers));
  const publicAnswers = new PublicAnswersFastPath([
    publicChartDataRoute(app.get(ChartDataService)),
    visitorCatalogueRoute(app.get(LessonsService)),
  ]);
  answerBeforeFramework(app.getHttpServer(), [
    // helmet sets its headers synchronously; there is no next step to call.
    healthFastPath(health, (request, response) => headers(request, response, () => undefined)),
    // Second: a balancer's checks are never shed, and a saturated CPU refuses before any
    // counter or parser costs it more.
    eventLoopLimit.screen,
    anonymousLimit.screen,
    eventsLimit.screen,
    (request, response) => publicAnswers.tryAnswer(request, response),
  ]);

  server.use(headers);
  // The fast path learns helmet's headers from the first public answer Express sends.
  server.get(['/chart-data/:id', '/api/lessons'], publicAnswers.expressHandler());
  if (log) applyRequestLogging(server, log);
  server.use(compression());
  // API answers are personal or change with the caller's progress unless a handler says
  // otherwise (public chart data, the plan): never kept by a browser or a shared cache.
  server.use((request: Request, response: Response, next: NextFunction) => {
    if (isApiPath(request.path)) response.setHeader('Cache-Control', 'no-store');
    next();
  });
  applyStripeWebhookBodyParser(server);
  server.post(EVENTS_PATH, eventsBodyParser(JSON_BODY_LIMIT));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  // The local test-mode checkout page posts a plain HTML form.
  app.useBodyParser('urlencoded', { limit: '2kb', extended: false });
  server.use((request: Request, response: Response, next: NextFunction) => {
    // The webhook's body is signed by Stripe and only read after its signature is checked.
    if (request.path === STRIPE_WEBHOOK_PATH) next();
    else refuseUnsafeInput(request, response, next);
  });
  app.use(cookieParser());
  // Each request gets its own holder for its database turn (see database-turn.ts).
  server.use((_request: Request, _response: Response, next: NextFunction) => {
    runInRequestScope(next);
  });
  const rateLimiting = applyRateLimits(server, config.rateLimits, redis, refusals);
  serveOpenApi(app);
  return () => {
    eventLoopLimit.close();
    rateLimiting.close();
    eventsLimit.shutdown();
    anonymousLimit.shutdown();
  };
}

/** Whether the product is reached over https only (HSTS, upgrade-insecure-requests). */
function servesHttpsOnly(config: AppConfig): boolean {
  return new URL(config.appOrigin).protocol === 'https:';
}

/** Brings the schema up to date before the app starts, and says what it did. */
async function applyMigrations(databaseUrl: string, log: Logger | undefined): Promise<void> {
  const applied = await migrate(databaseUrl);
  log?.info(
    applied.length > 0
      ? `applied ${applied.length} migration(s): ${applied.join(', ')}`
      : 'schema is up to date (no migration to apply)',
  );
}
