import {
  ConfigError,
  DEVELOPMENT_SECRETS,
  loadConfig,
  parseTrustProxy,
} from '../src/config/config.js';

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
