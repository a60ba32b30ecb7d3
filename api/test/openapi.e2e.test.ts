import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Every endpoint of the API, as the OpenAPI document must describe it. */
const ENDPOINTS: [method: string, path: string][] = [
  ['post', '/api/register'],
  ['post', '/api/login'],
  ['post', '/api/logout'],
  ['post', '/api/auth'],
  ['post', '/api/login/refresh'],
  ['post', '/users/initReset'],
  ['post', '/users/validateReset'],
  ['get', '/users/get-progress'],
  ['post', '/users/update'],
  ['get', '/api/lessons'],
  ['get', '/api/lessons/{path}'],
  ['get', '/api/lessons/{path}/pulled-lines'],
  ['get', '/chart-data/{id}'],
  ['post', '/api/attempts'],
  ['post', '/api/plans'],
  ['get', '/api/plans/results'],
  ['post', '/api/decisions'],
  ['post', '/api/manage'],
  ['get', '/api/practice/decisions/{index}'],
  ['get', '/api/practice/{index}'],
  ['get', '/api/practice/plans/{index}'],
  ['get', '/api/stripe/isSub'],
  ['post', '/stripe/check'],
  ['post', '/stripe/cancel'],
  ['post', '/stripe/resume'],
  ['post', '/api/stripe/webhook'],
  ['get', '/api/billing/plan'],
  ['get', '/api/health'],
  ['get', '/api/health/live'],
  ['get', '/api/health/ready'],
];

describe('OpenAPI document', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('describes every endpoint, each with a summary', async () => {
    const document = (await request(testApp.http).get('/api/docs/json').expect(200)).body as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    for (const [method, path] of ENDPOINTS) {
      const operation = document.paths[path]?.[method];
      expect({ method, path, summary: typeof operation?.summary }).toEqual({
        method,
        path,
        summary: 'string',
      });
    }
  });

  it('describes request bodies with their fields', async () => {
    const document = (await request(testApp.http).get('/api/docs/json').expect(200)).body as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const schemas = Object.values(document.components.schemas);
    const hasFields = (fields: string[]) =>
      schemas.some((schema) => fields.every((field) => field in (schema.properties ?? {})));
    expect(hasFields(['email', 'password'])).toBe(true);
    expect(hasFields(['chart', 'lesson', 'lines'])).toBe(true);
    expect(hasFields(['completed'])).toBe(true);
    expect(hasFields(['new_password', 'email', 'token'])).toBe(true);
    expect(hasFields(['priceId'])).toBe(true);
    expect(hasFields(['lesson', 'entry', 'stop', 'target', 'account', 'riskPercent', 'size'])).toBe(
      true,
    );
  });

  it('gives every DTO class its own name (a shared name silently drops one schema)', () => {
    // @nestjs/swagger names a schema after its class: of two classes with one name only one schema
    // is kept, and the other's endpoints are documented with the wrong fields.
    const sourceDir = fileURLToPath(new URL('../src', import.meta.url));
    const names = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.dto.ts'))
      .flatMap((file) =>
        [...readFileSync(join(sourceDir, file), 'utf8').matchAll(/export class (\w+)/g)].map(
          (match) => match[1],
        ),
      );
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('documents the Idempotency-Key header on every answer that spends a try', async () => {
    const document = (await request(testApp.http).get('/api/docs/json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>
      >;
    };
    const keyed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) =>
          (operation.parameters ?? []).some(
            (parameter) =>
              parameter.in === 'header' &&
              parameter.name === 'Idempotency-Key' &&
              parameter.required === false,
          ),
        )
        .map(([method]) => `${method} ${path}`),
    );
    expect(keyed.sort()).toEqual([
      'post /api/attempts',
      'post /api/decisions',
      'post /api/manage',
      'post /api/plans',
    ]);
  });

  it('serves the interactive documentation page', async () => {
    const page = await request(testApp.http).get('/api/docs').expect(200);
    expect(page.text).toContain('swagger-ui');
  });
});
