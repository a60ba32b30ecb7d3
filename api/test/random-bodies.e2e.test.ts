import fc from 'fast-check';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Learner, registerLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Bodies per endpoint: at least 2,000. A run that repeats these tests on another database (CI's
 * second run, on a PostgreSQL server) may ask for fewer with RANDOM_BODY_RUNS: most bodies are
 * refused before any query, so breadth is the first run's job.
 */
const RUNS = Number(process.env.RANDOM_BODY_RUNS ?? 2_000);

/** Characters that parsers and PostgreSQL choke on, among ordinary ones. */
const hostileText = fc.string({
  unit: fc.constantFrom('\u0000', '\ud800', '\udfff', '\ufffe', 'a', '@', '.', 'é', '😀', ' '),
  maxLength: 24,
});

/** Percent-encoding that, unlike encodeURIComponent, also writes a lone surrogate (as CESU bytes). */
function percentEncoded(text: string): string {
  // Code points, not graphemes: each is encoded on its own.
  // eslint-disable-next-line @typescript-eslint/no-misused-spread
  return [...text]
    .map((character) =>
      /\p{Surrogate}/u.test(character)
        ? `%ED%${(0xa0 + ((character.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%80`
        : encodeURIComponent(character),
    )
    .join('');
}

/** A list or object nested `depth` deep, e.g. [[[[1]]]]: validators recurse into these. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/**
 * Values of every JSON type, biased toward what validators trip on: empty and huge strings,
 * numbers at the edges, nested objects, and look-alikes of the real fields; and toward what a
 * parser or the database chokes on: NUL characters, lone surrogates, deep nesting.
 */
const jsonValue = fc.oneof(
  hostileText,
  fc.emailAddress().map((email) => `${email}\u0000`),
  fc.integer({ min: 17, max: 3_000 }).map((depth) => nested(depth, 'array')),
  fc.integer({ min: 17, max: 1_000 }).map((depth) => nested(depth, 'object')),
  fc.string(),
  fc.emailAddress(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -0, Number.MAX_SAFE_INTEGER, 7, 30, 101),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.double(), { maxLength: 12 }),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.string({ minLength: 200, maxLength: 2_000 }),
);

/** A body with some of the endpoint's own fields (random values) and sometimes extra ones. */
function bodiesFor(fields: string[]): fc.Arbitrary<unknown> {
  const knownFields = fc.record(Object.fromEntries(fields.map((field) => [field, jsonValue])), {
    requiredKeys: [],
  });
  return fc.oneof(
    knownFields,
    fc
      .tuple(knownFields, fc.dictionary(fc.string({ maxLength: 12 }), jsonValue, { maxKeys: 3 }))
      .map(([known, extra]) => ({ ...extra, ...known })),
    fc.jsonValue(),
  );
}

interface Endpoint {
  method: 'post' | 'get';
  path: string;
  fields: string[];
  authenticated: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'post', path: '/api/register/', fields: ['email', 'password'], authenticated: false },
  { method: 'post', path: '/api/login/', fields: ['email', 'password'], authenticated: false },
  { method: 'post', path: '/api/logout/', fields: [], authenticated: false },
  { method: 'post', path: '/api/auth/', fields: [], authenticated: true },
  { method: 'post', path: '/api/login/refresh/', fields: [], authenticated: false },
  { method: 'post', path: '/users/initReset/', fields: ['user_email'], authenticated: false },
  {
    method: 'post',
    path: '/users/validateReset/',
    fields: ['new_password', 'email', 'token'],
    authenticated: false,
  },
  { method: 'post', path: '/users/update/', fields: ['completed'], authenticated: true },
  {
    method: 'post',
    path: '/api/attempts',
    fields: ['chart', 'lesson', 'practice', 'lines'],
    authenticated: true,
  },
  {
    method: 'post',
    path: '/api/attempts',
    fields: ['chart', 'lesson', 'practice', 'lines'],
    authenticated: false,
  },
  {
    method: 'post',
    path: '/api/plans',
    fields: ['lesson', 'practice', 'entry', 'stop', 'target', 'account', 'riskPercent', 'size'],
    authenticated: true,
  },
  {
    method: 'post',
    path: '/api/decisions',
    fields: ['lesson', 'practice', 'take', 'reasons'],
    authenticated: true,
  },
  { method: 'post', path: '/stripe/check/', fields: ['priceId'], authenticated: true },
  { method: 'post', path: '/stripe/cancel', fields: [], authenticated: true },
  { method: 'post', path: '/stripe/resume', fields: [], authenticated: true },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    fields: ['id', 'type', 'data'],
    authenticated: false,
  },
];

/** GET endpoints take their input in the path: random segments instead of bodies. */
const PATH_ENDPOINTS = [
  '/chart-data/',
  '/api/lessons/',
  '/api/billing/local-checkout/',
  '/api/practice/',
  '/api/practice/plans/',
  '/api/practice/decisions/',
];

describe('random input never causes a server error', () => {
  let testApp: TestApp;
  let learner: Learner;

  beforeAll(async () => {
    testApp = await startTestApp();
    learner = await registerLearner(testApp.http, testApp.app.get(DataSource));
  });
  afterAll(() => testApp.close());

  const countRows = async (table: string): Promise<number> =>
    Number(
      (
        await testApp.app
          .get(DataSource)
          .query<{ n: string }[]>(`SELECT count(*) AS n FROM ${table}`)
      )[0]?.n,
    );

  it.each(
    ENDPOINTS.map(
      (endpoint) =>
        [
          `${endpoint.method.toUpperCase()} ${endpoint.path}${endpoint.authenticated ? ' (logged in)' : ''}`,
          endpoint,
        ] as const,
    ),
  )('%s answers every random body below 500', async (_name, endpoint) => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 9, arbitrary: bodiesFor(endpoint.fields).map((body) => JSON.stringify(body)) },
          // Not JSON at all, or cut short.
          { weight: 1, arbitrary: fc.string({ maxLength: 64 }) },
        ),
        async (rawBody) => {
          let call = request(testApp.http)
            .post(endpoint.path)
            .set('Content-Type', 'application/json')
            .set('Stripe-Signature', 't=1,v1=00');
          if (endpoint.authenticated) call = call.set('Cookie', learner.cookies);
          const response = await call.send(rawBody);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.body).toMatchObject({
              statusCode: response.status,
              message: expect.any(String) as unknown,
            });
          }
        },
      ),
      { numRuns: RUNS },
    );
    // Proof the inputs were really judged, not all refused the same way.
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBe(RUNS);
  });

  /** Bodies that once caused 500s: each must be a clear 400 on every endpoint, storing nothing. */
  const HOSTILE_BODIES: [string, (field: string) => string, RegExp][] = [
    [
      'a list nested 2,000 deep',
      (field) => `{"${field}": ${'['.repeat(2_000)}${']'.repeat(2_000)}}`,
      /nested too deeply/,
    ],
    [
      'objects nested 1,000 deep',
      (field) => `{"${field}": ${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}}`,
      /nested too deeply/,
    ],
    ['a NUL character', (field) => `{"${field}": "learner\\u0000@example.com"}`, /NUL/],
    ['a lone surrogate', (field) => `{"${field}": "learner\\ud800@example.com"}`, /lone surrogate/],
    ['a lone surrogate in a key', () => `{"\\udfff": "x"}`, /lone surrogate/],
  ];

  it.each(
    ENDPOINTS.flatMap((endpoint) =>
      HOSTILE_BODIES.map(
        ([name, body, message]) =>
          [
            `${endpoint.method.toUpperCase()} ${endpoint.path}${endpoint.authenticated ? ' (logged in)' : ''}: ${name}`,
            endpoint,
            body,
            message,
          ] as const,
      ),
    ),
  )('%s is a 400 that names the problem', async (_name, endpoint, body, message) => {
    const users = await countRows('users');
    let call = request(testApp.http)
      .post(endpoint.path)
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=00');
    if (endpoint.authenticated) call = call.set('Cookie', learner.cookies);
    const response = await call.send(body(endpoint.fields[0] ?? 'email'));
    // The webhook reads only Stripe-signed bytes (and is absent without Stripe): it refuses
    // the signature, or answers 404, instead.
    if (endpoint.path === '/api/stripe/webhook') {
      expect([400, 404]).toContain(response.status);
    } else {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      });
    }
    expect(await countRows('users')).toBe(users);
  });

  it.each(PATH_ENDPOINTS)('GET %s{random} answers below 500', async (prefix) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 40 }),
          hostileText.filter((text) => text.length > 0),
          fc.integer().map(String),
        ),
        async (segment) => {
          const response = await request(testApp.http)
            .get(`${prefix}${percentEncoded(segment)}`)
            .set('Cookie', learner.cookies);
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
