import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { type AppConfig } from '../../src/config/config.js';
import { type TestDatabase } from './test-database.js';
export interface TestApp {
  app: NestExpressApplication;
  http: App;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}
/** A built app (a tiny index.html standing in for the Vite build) on a database of its own. */
export declare function startTestApp(overrides?: Partial<AppConfig>): Promise<TestApp>;
