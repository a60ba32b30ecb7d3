import { createConfig, lintFromString } from '@redocly/openapi-core';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('OpenAPI document, linted', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('has no error under Redocly recommended rules', async () => {
    const document = await request(testApp.http).get('/api/docs/json').expect(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document.body),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });
});

interface ResponseObject {
  content?: Record<string, { schema?: { $ref?: string } }>;
  headers?: Record<string, unknown>;
}

interface OperationObject {
  security?: unknown[];
  responses: Record<string, ResponseObject>;
}

/** A success says what comes back: a body, nothing at all (204), or where to go (a redirect). */
function describesSuccess(status: string, response: ResponseObject): boolean {
  if (status === '204') return true;
  if (status.startsWith('2')) return response.content !== undefined;
  if (status.startsWith('3')) return response.headers?.Location !== undefined;
  return false;
}

/** The readiness checks answer 503 with their report (a probe reads why), not the error body. */
const ANSWERS_ERROR_WITH_REPORT = new Set(['get /api/health 503', 'get /api/health/ready 503']);

describe('OpenAPI operations', () => {
  let testApp: TestApp;
  let paths: Record<string, Record<string, OperationObject>>;
  beforeAll(async () => {
    testApp = await startTestApp();
    const document = await request(testApp.http).get('/api/docs/json').expect(200);
    paths = (document.body as { paths: typeof paths }).paths;
  });
  afterAll(() => testApp.close());

  const operations = () =>
    Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );

  it('describes what every operation answers on success', () => {
    const missing = operations()
      .filter(
        ({ operation }) =>
          !Object.entries(operation.responses).some(([status, response]) =>
            describesSuccess(status, response),
          ),
      )
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('asks for the session cookie where the guard does, and only there', () => {
    const security = (method: string, path: string) => paths[path]?.[method]?.security;
    expect(security('get', '/users/get-progress')).toEqual([{ cookie: [] }]);
    expect(security('post', '/stripe/cancel')).toEqual([{ cookie: [] }]);
    expect(security('post', '/api/register')).toEqual([]);
    expect(security('get', '/api/health')).toEqual([]);
    // Visitors may call these too; a session changes the answer.
    expect(security('get', '/chart-data/{id}')).toEqual([{ cookie: [] }, {}]);
    expect(security('post', '/api/attempts')).toEqual([{ cookie: [] }, {}]);
  });

  it('is also served at /api/docs-json', async () => {
    const nestAddress = await request(testApp.http).get('/api/docs-json').expect(200);
    expect(Object.keys((nestAddress.body as { paths: object }).paths)).toEqual(Object.keys(paths));
  });

  it('answers every error with the one error schema', () => {
    const wrong = operations().flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(
          ([status, response]) =>
            response.content?.['application/json']?.schema?.$ref !==
            (ANSWERS_ERROR_WITH_REPORT.has(`${name} ${status}`)
              ? '#/components/schemas/ReadinessReportDto'
              : '#/components/schemas/ErrorDto'),
        )
        .map(([status]) => `${name} ${status}`),
    );
    expect(wrong).toEqual([]);
  });
});
