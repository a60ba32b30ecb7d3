import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfigError,
  DEVELOPMENT_SECRETS,
  loadConfig,
  parseEventLoopDelayLimitMs,
  parsePracticeWorkerLimits,
  parseTrustProxy,
  projectRoot,
} from '../src/config/config.js';
import { environmentWithEnvFile } from '../src/config/env-file.js';

const productionEnv = {
  NODE_ENV: 'production',
  JWT_ACCESS_SECRET: 'a'.repeat(40),
  JWT_REFRESH_SECRET: 'b'.repeat(40),
  DATABASE_URL: 'postgres://db.internal/course',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_ID: 'price_x',
  SMTP_URL: 'smtp://mail.internal:587',
};

describe('loadConfig', () => {
  it('has safe development defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8001);
    expect(config.appOrigin).toBe('http://localhost:8001');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtAccessSecret).toBe(DEVELOPMENT_SECRETS.jwtAccess);
    expect(config.embeddedDataDir).toMatch(/\.data[\\/]pglite$/);
  });

  it('lets PORT override the port, and the origin follows it', () => {
    const config = loadConfig({ PORT: '9000' });
    expect(config.port).toBe(9000);
    expect(config.appOrigin).toBe('http://localhost:9000');
  });

  it('rejects a bad PORT with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      'PORT must be an integer from 0 to 65535, got "eighty"',
    );
  });

  it('starts in production when every secret is real', () => {
    expect(loadConfig(productionEnv).production).toBe(true);
  });

  it('refuses production with development secrets and says what is missing', () => {
    const missing: Record<string, string> = { ...productionEnv };
    delete missing.JWT_ACCESS_SECRET;
    delete missing.SMTP_URL;
    expect(() => loadConfig(missing)).toThrow(ConfigError);
    expect(() => loadConfig(missing)).toThrow(/JWT_ACCESS_SECRET is not set.*SMTP_URL is not set/);
  });

  it('refuses production with a short secret', () => {
    expect(() => loadConfig({ ...productionEnv, JWT_REFRESH_SECRET: 'short' })).toThrow(
      'JWT_REFRESH_SECRET must be at least 32 characters',
    );
  });

  it('needs a webhook secret whenever Stripe is configured', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
  });
});

describe('practice worker threads', () => {
  it('uses every core but one, at least one thread, with a queue of 32 a thread', () => {
    expect(parsePracticeWorkerLimits({}, 1)).toEqual({ threads: 1, queue: 32, maxWaitMs: 3000 });
    expect(parsePracticeWorkerLimits({}, 2).threads).toBe(1);
    expect(parsePracticeWorkerLimits({}, 8)).toEqual({ threads: 7, queue: 224, maxWaitMs: 3000 });
    expect(parsePracticeWorkerLimits({}, 64).threads).toBe(63);
  });

  it('takes PRACTICE_WORKERS and the queue settings over the cores', () => {
    expect(
      parsePracticeWorkerLimits(
        { PRACTICE_WORKERS: '3', PRACTICE_QUEUE_SIZE: '0', PRACTICE_QUEUE_WAIT_MS: '500' },
        2,
      ),
    ).toEqual({ threads: 3, queue: 0, maxWaitMs: 500 });
    expect(() => parsePracticeWorkerLimits({ PRACTICE_WORKERS: '0' }, 2)).toThrow(
      'PRACTICE_WORKERS must be a whole number from 1 to 64, got "0"',
    );
  });
});

describe('EVENT_LOOP_DELAY_LIMIT_MS', () => {
  it('is on at the measured 100 ms unless set; 0 turns it off; tests set their own', () => {
    expect(parseEventLoopDelayLimitMs(undefined)).toBe(100);
    expect(loadConfig({}).eventLoopDelayLimitMs).toBe(100);
    expect(loadConfig({ EVENT_LOOP_DELAY_LIMIT_MS: '0' }).eventLoopDelayLimitMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).eventLoopDelayLimitMs).toBe(0);
    expect(() => parseEventLoopDelayLimitMs('-1')).toThrow(ConfigError);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, and for false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('takes a hop count, true, or a list of addresses, subnets and names', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('loopback, 10.0.0.0/8 ,fd00::/8')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses what Express could not use, with a clear message', () => {
    expect(() => parseTrustProxy('not-an-address')).toThrow(ConfigError);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/TRUST_PROXY must be/);
    expect(() => parseTrustProxy('500')).toThrow(/not plausible/);
  });
});

describe('REDIS_KEY_PREFIX', () => {
  it('defaults to the course and accepts a plain name', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('sd-course');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging.course-2' }).redisKeyPrefix).toBe(
      'staging.course-2',
    );
  });

  it('refuses characters that would mix with the key structure', () => {
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a:b' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});

describe('.env file', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'env-file-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('adds the file’s variables under the process’s own, which win', async () => {
    const envFile = join(folder, '.env');
    await writeFile(
      envFile,
      '# local settings\nPORT=9100\nMAIL_FROM="Course <course@example.com>"\nREDIS_KEY_PREFIX=from-file\n',
    );
    const env = environmentWithEnvFile({ REDIS_KEY_PREFIX: 'from-shell' }, envFile);
    expect(env).toEqual({
      PORT: '9100',
      MAIL_FROM: 'Course <course@example.com>',
      REDIS_KEY_PREFIX: 'from-shell',
    });
    const config = loadConfig(env);
    expect(config.port).toBe(9100);
    expect(config.redisKeyPrefix).toBe('from-shell');
  });

  it('changes nothing when there is no file', () => {
    const processEnv = { PORT: '8123' };
    expect(environmentWithEnvFile(processEnv, join(folder, 'missing.env'))).toBe(processEnv);
  });

  it('lists every variable the server reads in .env.example', async () => {
    const example = await readFile(join(projectRoot(), '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const configSource = await readFile(join(projectRoot(), 'api/src/config/config.ts'), 'utf8');
    const read = new Set([...configSource.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]));
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });
});
