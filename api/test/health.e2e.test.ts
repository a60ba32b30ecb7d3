import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/config.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/database/database-errors.js';
import { startServer } from '../src/server.js';
import type { App } from 'supertest/types.js';
import { cookieHeader } from './support/http.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('GET /api/health', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reports the database up, on the old path and as readiness', async () => {
    for (const path of ['/api/health', '/api/health/ready']) {
      const response = await request(testApp.http).get(path).expect(200);
      expect(response.body).toEqual({ status: 'ok', database: 'up', redis: 'not configured' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers liveness without asking any dependency', async () => {
    const response = await request(testApp.http).get('/api/health/live').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    // HEAD too, and a query string changes nothing.
    await request(testApp.http).head('/api/health/live?probe=1').expect(200);
  });

  it('serves metrics in the Prometheus text format', async () => {
    const response = await request(testApp.http).get('/api/health/metrics').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.text).toContain('# TYPE course_requests_shed_total counter');
    expect(response.text).toMatch(/^course_requests_shed_total\{reason="queue_full"\} 0$/m);
    expect(response.text).toMatch(/^course_database_up 1$/m);
    expect(response.text).toMatch(/^course_ready 1$/m);
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

describe('the database gone', () => {
  it('answers 503 with Retry-After at once, and keeps what needs no database', async () => {
    // Always embedded here: it is the one database a test may switch off.
    const embedded = await startEmbeddedPostgres();
    const server = await startServer(
      { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: embedded.url },
      { listen: false, logger: false, databaseKind: 'embedded' },
    );
    const http = server.app.getHttpServer() as App;
    try {
      await request(http).get('/api/health').expect(200);
      const registered = await request(http)
        .post('/api/register/')
        .send({ email: 'outage@example.com', password: 'plum tree at dawn' })
        .expect(201);
      const cookies = cookieHeader(registered);
      await embedded.stop();

      // A learner's call, and a login, each answered 503 well within two seconds: the first
      // refused connection stops the others from trying.
      for (const call of [
        () => request(http).get('/users/get-progress').set('Cookie', cookies),
        () =>
          request(http)
            .post('/api/login/')
            .send({ email: 'outage@example.com', password: 'plum tree at dawn' }),
      ]) {
        const started = Date.now();
        const response = await call();
        expect(Date.now() - started).toBeLessThan(2000);
        expect(response.status).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: DATABASE_UNAVAILABLE_MESSAGE,
        });
      }

      // Readiness follows three failed checks in a row (a quarter of a second apart once one
      // failed): well within three seconds for a database that refuses connections.
      const stoppedAt = Date.now();
      let ready = await request(http).get('/api/health/ready');
      while (ready.status === 200 && Date.now() - stoppedAt < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        ready = await request(http).get('/api/health/ready');
      }
      for (const path of ['/api/health', '/api/health/ready']) {
        const response = await request(http).get(path).expect(503);
        expect(response.body).toEqual({
          status: 'error',
          database: 'down',
          redis: 'not configured',
        });
        expect(response.headers['retry-after']).toBe('5');
      }
      await request(http).get('/api/health/live').expect(200);

      // The landing demo needs no database: a visitor can still look and try.
      await request(http).get('/chart-data/30').set('Cache-Control', 'no-cache').expect(200);
      await request(http).get('/api/lessons').expect(200);
    } finally {
      await server.close().catch(() => undefined);
      await embedded.stop();
    }
    // A private database made from nothing, then a whole instance: on a busy machine this
    // outlasts the default minute; a hang is still caught.
  }, 180_000);
});
