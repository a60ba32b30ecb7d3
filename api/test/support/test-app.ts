import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'supertest/types.js';
import { type AppConfig, DEFAULT_RATE_LIMITS, loadConfig } from '../../src/config/config.js';
import { startServer, type StartOptions } from '../../src/server.js';
import { SOURCE_EXEC_ARGV } from './native/source-exec-argv.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A built app (a tiny index.html standing in for the Vite build) on a database of its own. */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  startOptions: Pick<StartOptions, 'log'> = {},
): Promise<TestApp> {
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
    // Tests call far more often than a person; the rate-limit tests set their own low limits.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      login: 100_000,
      register: 100_000,
      refreshPerSession: 100_000,
      refreshFailures: 100_000,
      passwordReset: 100_000,
      anonymousRequests: 1_000_000,
      events: 100_000,
      practiceCharts: 100_000,
      rejectDelayMs: 0,
    },
    // jest's sandbox reads TypeScript itself; the practice worker threads read it through the
    // same hooks a plain Node process uses, so the tests run the worker path production runs.
    practiceWorkerExecArgv: SOURCE_EXEC_ARGV,
    // Each test run keeps its Redis keys apart from other runs on the same server.
    redisKeyPrefix: `test-${process.pid}-${randomBytes(4).toString('hex')}`,
    ...overrides,
  };
  const server = await startServer(config, {
    listen: false,
    logger: false,
    databaseKind: database.kind === 'embedded' ? 'embedded' : 'server',
    ...startOptions,
  });
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
