import { ConfigError, DEVELOPMENT_SECRETS, loadConfig } from '../src/config/config.js';

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
