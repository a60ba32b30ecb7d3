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
  /** Unset: mail is written to `outboxDir` and the links are logged. */
  smtpUrl: string | undefined;
  outboxDir: string;
  /** Folder of the built single-page app served at `/`. */
  appDistDir: string;
}
export declare class ConfigError extends Error {
  name: string;
}
/** Development-only secrets: good enough on a laptop, refused when NODE_ENV=production. */
export declare const DEVELOPMENT_SECRETS: {
  readonly jwtAccess: 'development-only-access-token-secret-not-for-production';
  readonly jwtRefresh: 'development-only-refresh-token-secret-not-for-production';
};
/** The repository root, found from this file whether it runs from `src` (tests) or `dist`. */
export declare function projectRoot(): string;
export declare function loadConfig(env?: NodeJS.ProcessEnv): AppConfig;
