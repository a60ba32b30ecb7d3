import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'supertest/types.js';
import { type AppConfig, loadConfig } from '../../src/config/config.js';
import { startServer } from '../../src/server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A built app (a tiny index.html standing in for the Vite build) on a database of its own. */
export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const appDistDir = await mkdtemp(join(tmpdir(), 'app-dist-'));
  await writeFile(
    join(appDistDir, 'index.html'),
    '<!doctype html><title>test app</title><div id="root"></div>',
  );
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: database.url,
    appDistDir,
    ...overrides,
  };
  const server = await startServer(config, { listen: false, logger: false });
  return {
    app: server.app,
    http: server.app.getHttpServer() as App,
    config,
    database,
    async close() {
      await server.close();
      await database.drop();
    },
  };
}
