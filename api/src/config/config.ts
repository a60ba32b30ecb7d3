import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';

/** Everything the API reads from its environment, parsed once at start. */
export interface AppConfig {
  production: boolean;
  port: number;
  /**
   * Port of the health checks served from a thread of their own (see HealthCheckServer), which
   * a balancer should check; unset: only the main port answers them.
   */
  healthPort: number | undefined;
  /** The app's own origin; state-changing cookie requests from elsewhere are refused. */
  appOrigin: string;
  /** Unset: an embedded PostgreSQL is started with its data in `embeddedDataDir`. */
  databaseUrl: string | undefined;
  embeddedDataDir: string;
  redisUrl: string | undefined;
  /** Prepended to every Redis key and channel, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  /**
   * Which proxies' X-Forwarded-For is believed when finding a client's address (Express's
   * `trust proxy` setting): false trusts none, a number that many hops, a list those addresses.
   */
  trustProxy: TrustProxy;
  jwtAccessSecret: string;
  jwtRefreshSecret: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePriceId: string | undefined;
  /** Where the Stripe SDK sends API calls, e.g. a local fake in tests; unset: Stripe itself. */
  stripeApiBase: string | undefined;
  /** Unset: mail is written to `outboxDir` and the links are logged. */
  smtpUrl: string | undefined;
  outboxDir: string;
  /** Sender of the course's mail; unset: no-reply at the app's host name. */
  mailFrom: string | undefined;
  /** Folder of the built single-page app served at `/`. */
  appDistDir: string;
  /** Folder of the built chart-kit Storybook served at `/chart-kit/` (CHART_KIT_DOCS_DIR). */
  chartKitDocsDir: string;
  /** Folder of the course content: lesson Markdown files and chart scenario definitions. */
  contentDir: string;
  /** Requests allowed per client (or per session) and window. */
  rateLimits: RateLimits;
  /** Raw analytics events older than this many days are rolled up into daily totals, then deleted. */
  analyticsRetentionDays: number;
  /** After SIGTERM or SIGINT the process exits within this many ms, whatever its dependencies do. */
  shutdownTimeoutMs: number;
  /**
   * Shed API requests (503, Retry-After) while the event loop's mean delay is above this many
   * ms; 0: never (EVENT_LOOP_DELAY_LIMIT_MS).
   */
  eventLoopDelayLimitMs: number;
  /** Overrides of the database pool and admission queue (DATABASE_LIMITS has the defaults). */
  databaseLimits: DatabaseLimitOverrides;
  /** Worker threads that generate practice charts, and the queue in front of them. */
  practiceWorkers: PracticeWorkerLimits;
  /**
   * PRACTICE_CHARTS_AHEAD (`true` or `false`): a new learner's first practice chart is made
   * when they register, ahead of their first visit. On by default, off under NODE_ENV=test (so
   * the many learners tests register cost no background work) unless a test turns it on.
   */
  practiceChartsAhead: boolean;
  /**
   * Node options for the worker threads (practice charts, and catalogue charts made at start).
   * Unset: the process's own, which is what production and a run from sources with the
   * TypeScript hooks need; tests running inside jest's sandbox give the hooks here.
   */
  practiceWorkerExecArgv?: readonly string[];
  /**
   * Real charts are made from the first this many sessions of the real sample only; unset: all.
   * Tests set a small pool (a pool soon used up, and seconds less work at start).
   */
  realPracticeSessions?: number;
  /**
   * The file of catalogue charts made ahead (see exercise-charts/catalogue-cache.ts); unset: the one the
   * build writes beside the built code. Tests name their own.
   */
  catalogueCacheFile?: string;
}

/** PRACTICE_WORKERS, PRACTICE_QUEUE_SIZE, PRACTICE_QUEUE_WAIT_MS. */
export interface PracticeWorkerLimits {
  /** Charts generated at once, one per thread. */
  threads: number;
  /** Generations that may wait for a thread; beyond, 503 with Retry-After. */
  queue: number;
  /** The longest wait for a thread; beyond, 503 with Retry-After. */
  maxWaitMs: number;
}

/** DATABASE_POOL_SIZE, DATABASE_QUEUE_SIZE, DATABASE_QUEUE_WAIT_MS; unset: the measured defaults. */
export interface DatabaseLimitOverrides {
  pool?: number;
  queue?: number;
  maxWaitMs?: number;
}

/** Express's `trust proxy` values that TRUST_PROXY can express. */
export type TrustProxy = boolean | number | string[];

export interface RateLimits {
  /** Window of the account limits: login, register, password reset and refresh. */
  windowMs: number;
  /** Login attempts per client and window. */
  login: number;
  register: number;
  /** Reset requests and reset completions per client and window. */
  passwordReset: number;
  /** Refreshes per session (one login's chain of refresh tokens) and window. */
  refreshPerSession: number;
  /** Refused refreshes (no token, or a dead or forged one) per client and window. */
  refreshFailures: number;
  /**
   * Requests without a session (visitors, crawlers, scripts) a client may make per
   * `anonymousWindowMs`. Short windows keep the burst a client can spend at once small.
   */
  anonymousRequests: number;
  anonymousWindowMs: number;
  /** How long a refused request waits for its 429: a script hammering a limit is slowed for free. */
  rejectDelayMs: number;
  /** Batches of analytics events per client and `eventsWindowMs`, signed in or not. */
  events: number;
  eventsWindowMs: number;
  /** Practice charts a learner may have generated (not yet kept) per `practiceChartsWindowMs`. */
  practiceCharts: number;
  practiceChartsWindowMs: number;
}

/**
 * Generous for a person (a typo-prone login, a shared office address), tight for a
 * password-guessing script: 20 logins per client in 15 minutes is about one guess a minute. The
 * app refreshes a session every 9 minutes, so 30 refreshes of one session in 15 minutes only
 * stop a loop. The anonymous budget is per address, and one address can be a whole school or
 * office behind NAT, or a learner whose page loads a dozen files at once: 60 requests in 5 s
 * (12 a second sustained) never stops people, and a script hammering it gets most of its
 * requests refused after its first burst.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowMs: 15 * 60 * 1000,
  login: 20,
  register: 10,
  passwordReset: 5,
  refreshPerSession: 30,
  refreshFailures: 30,
  anonymousRequests: 60,
  anonymousWindowMs: 5000,
  rejectDelayMs: 1000,
  // A page sends a batch when it is hidden or holds 20 events: a learner sends one or two a
  // minute, a classroom behind one address a few dozen. A flood gets a minute's budget at most.
  events: 60,
  eventsWindowMs: 60_000,
  // A learner who works a chart takes a minute or more over it; one leafing through the portal
  // a few seconds. 30 new charts in 5 minutes lets either be, and holds a script walking all 200
  // to about 1% of a core (about 100 ms of generation each).
  practiceCharts: 30,
  practiceChartsWindowMs: 5 * 60_000,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Development-only secrets: good enough on a laptop, refused when NODE_ENV=production. */
export const DEVELOPMENT_SECRETS = {
  jwtAccess: 'development-only-access-token-secret-not-for-production',
  jwtRefresh: 'development-only-refresh-token-secret-not-for-production',
} as const;

const MIN_SECRET_LENGTH = 32;

/** The repository root, found from this file whether it runs from `src` (tests) or `dist`. */
export function projectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(folder, 'api', 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new ConfigError('cannot find the project root above the API');
    folder = parent;
  }
  return folder;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  return trimmed;
}

/** `true` or `false`; unset, `fallback`. */
function parseOnOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new ConfigError(`${name} must be true or false, got ${JSON.stringify(raw)}`);
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (the connecting address is the client); `true`
 * trusts every hop; a whole number trusts that many proxies in front of the API; otherwise a
 * comma-separated list of addresses, subnets or Express's names (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 16) throw new ConfigError(`TRUST_PROXY of ${hops} hops is not plausible`);
    return hops === 0 ? false : hops;
  }
  const addresses = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  try {
    // The same parser Express uses for its `trust proxy` setting: it rejects what Express would.
    proxyaddr.compile(addresses);
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY must be false, true, a number of hops or a list of proxy addresses ` +
        `(e.g. "loopback, 10.0.0.0/8"): ${(error as Error).message}`,
    );
  }
  return addresses;
}

/** ANALYTICS_RETENTION_DAYS: whole days of raw events kept (1 to 3650), 90 when unset. */
export function parseRetentionDays(raw: string | undefined): number {
  if (raw === undefined) return 90;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new ConfigError(
      `ANALYTICS_RETENTION_DAYS must be a whole number of days from 1 to 3650, got "${raw}"`,
    );
  }
  return days;
}

function parseWholeNumber(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** The pool and queue settings an operator may change (a bigger database, more cores). */
export function parseDatabaseLimits(env: NodeJS.ProcessEnv): DatabaseLimitOverrides {
  const pool = parseWholeNumber('DATABASE_POOL_SIZE', nonEmpty(env.DATABASE_POOL_SIZE), 1, 200);
  const queue = parseWholeNumber(
    'DATABASE_QUEUE_SIZE',
    nonEmpty(env.DATABASE_QUEUE_SIZE),
    0,
    100_000,
  );
  const maxWaitMs = parseWholeNumber(
    'DATABASE_QUEUE_WAIT_MS',
    nonEmpty(env.DATABASE_QUEUE_WAIT_MS),
    0,
    60_000,
  );
  return {
    ...(pool === undefined ? {} : { pool }),
    ...(queue === undefined ? {} : { queue }),
    ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
  };
}

/**
 * Every core but one, which is left to the event loop, and at least one thread: one on a 2-core
 * machine, seven on eight, so that an instance makes as many charts at once as its cores allow
 * instead of answering 503 behind a single thread. A request waits at most 3 s, like the
 * database's queue, and each thread's queue holds about that much work (32 charts of ~50-100 ms),
 * so a burst of learners opening their first practice chart waits rather than being refused.
 * Waiting costs no database turn: the request lends its turn out meanwhile (database-turn.ts).
 */
const PRACTICE_QUEUE_PER_THREAD = 32;

export function parsePracticeWorkerLimits(
  env: NodeJS.ProcessEnv,
  cores: number = availableParallelism(),
): PracticeWorkerLimits {
  const threads =
    parseWholeNumber('PRACTICE_WORKERS', nonEmpty(env.PRACTICE_WORKERS), 1, 64) ??
    Math.max(1, cores - 1);
  return {
    threads,
    queue:
      parseWholeNumber('PRACTICE_QUEUE_SIZE', nonEmpty(env.PRACTICE_QUEUE_SIZE), 0, 10_000) ??
      PRACTICE_QUEUE_PER_THREAD * threads,
    maxWaitMs:
      parseWholeNumber('PRACTICE_QUEUE_WAIT_MS', nonEmpty(env.PRACTICE_QUEUE_WAIT_MS), 0, 60_000) ??
      3000,
  };
}

/**
 * EVENT_LOOP_DELAY_LIMIT_MS: 0 (off) to 10,000; unset, 100 (docs/operations.md, "Capacity and overload"):
 * answers wait about this long for the CPU before any are refused. Measured on a shared 2-core
 * machine: with 200 to 800 learners the half-second mean stayed at 15-20 ms at most, and asking
 * for every catalogue chart cold (bench:catalogue) late by p99 16-35 ms and at most 39 ms at
 * load 17, now that no request simulates a chart on the event loop (before: p99 1.7 s, max
 * 5.2 s, which is why the limit was off). 100 ms sits well above what a working instance shows
 * and well below the seconds of wait of a saturated CPU.
 */
export function parseEventLoopDelayLimitMs(raw: string | undefined): number {
  return (
    parseWholeNumber('EVENT_LOOP_DELAY_LIMIT_MS', raw, 0, 10_000) ??
    DEFAULT_EVENT_LOOP_DELAY_LIMIT_MS
  );
}

export const DEFAULT_EVENT_LOOP_DELAY_LIMIT_MS = 100;

/** PRACTICE_CHART_BUDGET: new practice charts per learner in 5 minutes; 30 when unset. */
export function parsePracticeChartBudget(env: NodeJS.ProcessEnv): number {
  return (
    parseWholeNumber('PRACTICE_CHART_BUDGET', nonEmpty(env.PRACTICE_CHART_BUDGET), 1, 1_000_000) ??
    DEFAULT_RATE_LIMITS.practiceCharts
  );
}

/** SHUTDOWN_TIMEOUT_SECONDS: 1 to 600 seconds (fractions allowed), 10 when unset. */
export function parseShutdownTimeoutMs(raw: string | undefined): number {
  if (raw === undefined) return 10_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) {
    throw new ConfigError(
      `SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds from 1 to 600, got "${raw}"`,
    );
  }
  return Math.round(seconds * 1000);
}

const REDIS_KEY_PREFIX = /^[A-Za-z0-9._-]{1,64}$/;

function parsePort(raw: string | undefined, name = 'PORT'): number {
  if (raw === undefined) return 8001;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const root = projectRoot();
  const port = parsePort(nonEmpty(env.PORT));

  const config: AppConfig = {
    production,
    port,
    healthPort:
      env.HEALTH_PORT === undefined || env.HEALTH_PORT === ''
        ? undefined
        : parsePort(env.HEALTH_PORT, 'HEALTH_PORT'),
    appOrigin: (nonEmpty(env.APP_ORIGIN) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    embeddedDataDir: resolve(root, nonEmpty(env.EMBEDDED_DB_DIR) ?? '.data/pglite'),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisKeyPrefix: nonEmpty(env.REDIS_KEY_PREFIX) ?? 'sd-course',
    trustProxy: parseTrustProxy(nonEmpty(env.TRUST_PROXY)),
    jwtAccessSecret: nonEmpty(env.JWT_ACCESS_SECRET) ?? DEVELOPMENT_SECRETS.jwtAccess,
    jwtRefreshSecret: nonEmpty(env.JWT_REFRESH_SECRET) ?? DEVELOPMENT_SECRETS.jwtRefresh,
    stripeSecretKey: nonEmpty(env.STRIPE_SECRET_KEY),
    stripeWebhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
    stripePriceId: nonEmpty(env.STRIPE_PRICE_ID),
    stripeApiBase: nonEmpty(env.STRIPE_API_BASE),
    smtpUrl: nonEmpty(env.SMTP_URL),
    outboxDir: resolve(root, nonEmpty(env.MAIL_OUTBOX_DIR) ?? '.data/outbox'),
    mailFrom: nonEmpty(env.MAIL_FROM),
    appDistDir: resolve(root, nonEmpty(env.APP_DIST_DIR) ?? 'app/dist'),
    chartKitDocsDir: resolve(
      root,
      nonEmpty(env.CHART_KIT_DOCS_DIR) ?? 'storybook/storybook-static',
    ),
    contentDir: resolve(root, nonEmpty(env.CONTENT_DIR) ?? 'api/content'),
    rateLimits: { ...DEFAULT_RATE_LIMITS, practiceCharts: parsePracticeChartBudget(env) },
    analyticsRetentionDays: parseRetentionDays(nonEmpty(env.ANALYTICS_RETENTION_DAYS)),
    shutdownTimeoutMs: parseShutdownTimeoutMs(nonEmpty(env.SHUTDOWN_TIMEOUT_SECONDS)),
    // Tests share one busy loop with jest and their client: a test that wants the limit sets it.
    eventLoopDelayLimitMs:
      env.NODE_ENV === 'test' && env.EVENT_LOOP_DELAY_LIMIT_MS === undefined
        ? 0
        : parseEventLoopDelayLimitMs(nonEmpty(env.EVENT_LOOP_DELAY_LIMIT_MS)),
    databaseLimits: parseDatabaseLimits(env),
    practiceWorkers: parsePracticeWorkerLimits(env),
    // Tests register many learners, and their servers' threads may not load the sources: off
    // unless a test turns it on.
    practiceChartsAhead: parseOnOff(
      'PRACTICE_CHARTS_AHEAD',
      nonEmpty(env.PRACTICE_CHARTS_AHEAD),
      env.NODE_ENV !== 'test',
    ),
  };

  try {
    new URL(config.appOrigin);
  } catch {
    throw new ConfigError(
      `APP_ORIGIN must be an absolute URL such as https://example.com, got "${config.appOrigin}"`,
    );
  }
  if (!REDIS_KEY_PREFIX.test(config.redisKeyPrefix)) {
    throw new ConfigError(
      `REDIS_KEY_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores, got "${config.redisKeyPrefix}"`,
    );
  }
  if (config.stripeSecretKey && !config.stripeWebhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  if (config.stripeSecretKey && !config.stripePriceId) {
    throw new ConfigError('STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set');
  }
  if (config.stripeApiBase && !/^https?:\/\/[^/]+\/?$/.test(config.stripeApiBase)) {
    throw new ConfigError(
      `STRIPE_API_BASE must be an origin such as http://127.0.0.1:12111, got "${config.stripeApiBase}"`,
    );
  }
  if (production) assertProductionReady(config);
  return config;
}

/** In production every secret must be real: a development default would let anyone forge sessions. */
function assertProductionReady(config: AppConfig): void {
  const problems: string[] = [];
  const secrets: [string, string, string][] = [
    ['JWT_ACCESS_SECRET', config.jwtAccessSecret, DEVELOPMENT_SECRETS.jwtAccess],
    ['JWT_REFRESH_SECRET', config.jwtRefreshSecret, DEVELOPMENT_SECRETS.jwtRefresh],
  ];
  for (const [name, value, developmentDefault] of secrets) {
    if (value === developmentDefault) problems.push(`${name} is not set`);
    else if (value.length < MIN_SECRET_LENGTH) {
      problems.push(`${name} must be at least ${MIN_SECRET_LENGTH} characters`);
    }
  }
  if (config.jwtAccessSecret === config.jwtRefreshSecret) {
    problems.push('JWT_ACCESS_SECRET and JWT_REFRESH_SECRET must differ');
  }
  if (!config.databaseUrl)
    problems.push('DATABASE_URL is not set (the embedded database is for development)');
  if (!config.stripeSecretKey)
    problems.push('STRIPE_SECRET_KEY is not set (local billing is a test mode)');
  if (!config.stripePriceId) problems.push('STRIPE_PRICE_ID is not set');
  if (!config.smtpUrl) problems.push('SMTP_URL is not set (the mail outbox is for development)');
  if (problems.length > 0) {
    throw new ConfigError(
      `refusing to start with NODE_ENV=production: ${problems.join('; ')}. ` +
        'See the environment variable table in docs/configuration.md.',
    );
  }
}
