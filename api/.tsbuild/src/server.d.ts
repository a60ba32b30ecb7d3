import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from './config/config.js';
import { type EmbeddedPostgres } from './database/embedded-postgres.js';
export interface RunningServer {
  app: NestExpressApplication;
  /** Where the app and API answer, e.g. http://localhost:8001 */
  url: string;
  /** Whether the database is the embedded one (then `close` also stops it). */
  embeddedDatabase: boolean;
  close(): Promise<void>;
}
export interface StartOptions {
  /** Skip `listen` (supertest drives the HTTP server directly). */
  listen?: boolean;
  /** Use this embedded database instead of starting one (tests share an in-memory instance). */
  embedded?: EmbeddedPostgres;
  logger?: false;
}
/** Builds the Nest app on the configured or an embedded database, migrates it and listens. */
export declare function startServer(
  config: AppConfig,
  options?: StartOptions,
): Promise<RunningServer>;
