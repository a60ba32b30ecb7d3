import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/config.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { startServer } from '../src/server.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('GET /api/health', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reports the database up', async () => {
    const response = await request(testApp.http).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('applied the users migration through TypeORM', async () => {
    const dataSource = testApp.app.get(DataSource);
    const migrations = await dataSource.query<{ name: string }[]>('SELECT name FROM migrations');
    expect(migrations.map((row) => row.name)).toContain('CreateUsers1763700000000');
    const columns = await dataSource.query<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_name = 'users' AND table_schema = current_schema() ORDER BY column_name`,
    );
    expect(columns.map((row) => row.column_name)).toEqual([
      'created_at',
      'email',
      'id',
      'password_changed_at',
      'password_hash',
    ]);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await request(testApp.http).get('/api/no-such-thing').expect(404);
    expect(response.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Cannot GET /api/no-such-thing',
    });
  });
});

describe('GET /api/health with the database gone', () => {
  it('answers 503 and says the database is down', async () => {
    // Always embedded here: it is the one database a test may switch off.
    const embedded = await startEmbeddedPostgres();
    const server = await startServer(
      { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: embedded.url },
      { listen: false, logger: false },
    );
    try {
      await request(server.app.getHttpServer()).get('/api/health').expect(200);
      await embedded.stop();
      const response = await request(server.app.getHttpServer()).get('/api/health').expect(503);
      expect(response.body).toEqual({ status: 'error', database: 'down' });
    } finally {
      await server.close().catch(() => undefined);
      await embedded.stop();
    }
  });
});
