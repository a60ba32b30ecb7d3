import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the API reads from its environment, parsed once at start. */
export interface AppConfig {
  production: boolean;
  port: number;
  /** The app's own origin; state-changing cookie requests from elsewhere are refused. */
  appOrigin: string;
  /** Unset: an embedded PostgreSQL is started with its data in `embeddedDataDir`. */
  databaseUrl: string | undefined;
  embeddedDataDir: string;
  redisUrl: string | undefined;
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
  /** Folder of the course content: lesson Markdown files and chart scenario definitions. */
  contentDir: string;
  /** Requests allowed per client IP and window on the calls attackers hammer. */
  rateLimits: RateLimits;
}

export interface RateLimits {
  windowMs: number;
  login: number;
  register: number;
  refresh: number;
  passwordReset: number;
  /** Key prefix of the shared counters in Redis. */
  redisPrefix: string;
}

/**
 * Generous for a person (a typo-prone login, a shared office IP), tight for a password-guessing
 * script: 20 logins per IP in 15 minutes is about one guess a minute.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowMs: 15 * 60 * 1000,
  login: 20,
  register: 10,
  refresh: 60,
  passwordReset: 5,
  redisPrefix: 'rate-limit',
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

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8001;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`);
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
    appOrigin: (nonEmpty(env.APP_ORIGIN) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    embeddedDataDir: resolve(root, nonEmpty(env.EMBEDDED_DB_DIR) ?? '.data/pglite'),
    redisUrl: nonEmpty(env.REDIS_URL),
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
    contentDir: resolve(root, nonEmpty(env.CONTENT_DIR) ?? 'api/content'),
    rateLimits: DEFAULT_RATE_LIMITS,
  };

  try {
    new URL(config.appOrigin);
  } catch {
    throw new ConfigError(
      `APP_ORIGIN must be an absolute URL such as https://example.com, got "${config.appOrigin}"`,
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
        'See the environment variable table in README.md.',
    );
  }
}
