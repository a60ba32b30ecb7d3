import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { cookieHeader } from './support/http.js';
import { registerLearner, type Learner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { schemas: Record<string, object> };
}

interface Call {
  cookies?: string;
  body?: object;
  headers?: Record<string, string>;
}

/** The id the document is known by to the validator; response schemas' $refs point into it. */
const DOCUMENT_ID = 'https://course.example/openapi.json';

/** A document path (`/chart-data/{id}`) as a pattern for the paths of real requests. */
function pathPattern(path: string): RegExp {
  const literal = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('[^/]+')}/?$`);
}

/** Response schemas compiled with their `$ref`s pointing into the document added as a whole. */
function withAbsoluteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withAbsoluteRefs);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${DOCUMENT_ID}${value}`
        : withAbsoluteRefs(value),
    ]),
  );
}

/**
 * Calls every operation of the API, with the answers a client meets (successes, refusals and
 * mistakes), and checks each live answer against the served OpenAPI document with a standard
 * JSON Schema validator: its status is documented for that operation, and its JSON body matches
 * the documented schema, nulls included.
 */
describe('OpenAPI document and the live answers', () => {
  let testApp: TestApp;
  let document: Document;
  let dataSource: DataSource;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  // A CommonJS module: Node's default import is its exports object, the plugin its `default`.
  ajvFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();
  /** `get /chart-data/{id} 200` for every answer checked. */
  const checked = new Set<string>();
  /** What the current test's answers disagree with the document about. */
  let problems: string[] = [];
  beforeEach(() => {
    problems = [];
  });
  afterEach(() => {
    expect(problems).toEqual([]);
  });

  beforeAll(async () => {
    // A small pool of real charts: made in a second instead of the whole sample's seconds.
    testApp = await startTestApp({ realPracticeSessions: 120 });
    dataSource = testApp.app.get(DataSource);
    document = (await request(testApp.http).get('/api/docs/json').expect(200)).body as Document;
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  });
  afterAll(() => testApp.close());

  function operationOf(method: string, url: string): [path: string, operation: string] {
    const pathname = new URL(url, 'http://api.test').pathname;
    // A concrete path (`/api/practice/plans`) wins over a template that also matches it.
    const candidates = Object.keys(document.paths)
      .filter((path) => document.paths[path]?.[method] && pathPattern(path).test(pathname))
      .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
    const [path] = candidates;
    if (!path) throw new Error(`${method.toUpperCase()} ${url} is not in the document`);
    return [path, `${method} ${path}`];
  }

  /** The problems of one answer against the document, as sentences. */
  function problemsOf(method: string, url: string, response: Response): string[] {
    const [path, operation] = operationOf(method, url);
    const status = String(response.status);
    const documented = document.paths[path]?.[method]?.responses[status];
    const at = `${operation} ${status}`;
    if (!documented) return [`${at}: the status is not documented`];
    checked.add(at);
    const contentType = (response.get('Content-Type') ?? '').split(';')[0] ?? '';
    if (!documented.content) {
      return contentType && response.status !== 303 && response.status !== 304
        ? [`${at}: a ${contentType} body the document does not describe`]
        : [];
    }
    const media = documented.content[contentType];
    if (!media) return [`${at}: ${contentType || 'no body'} is not a documented content type`];
    if (contentType !== 'application/json' || !media.schema) return [];
    let validate = validators.get(at);
    if (!validate) {
      validate = ajv.compile(withAbsoluteRefs(media.schema) as object);
      validators.set(at, validate);
    }
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${at}: ${error.instancePath || 'the body'} ${error.message ?? ''}`,
    );
  }

  /** Sends one call and checks its answer against the document. */
  async function call(method: 'get' | 'post', url: string, options: Call = {}) {
    let pending = request(testApp.http)[method](url);
    if (options.cookies) pending = pending.set('Cookie', options.cookies);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      pending = pending.set(name, value);
    }
    const response = await (options.body ? pending.send(options.body) : pending);
    problems.push(...problemsOf(method, url, response));
    return response;
  }

  async function subscribe(learner: Learner): Promise<void> {
    const plan = await call('get', '/api/billing/plan');
    const checkout = await call('post', '/stripe/check/', {
      cookies: learner.cookies,
      body: { priceId: (plan.body as { priceId: string }).priceId },
    });
    const page = new URL((checkout.body as { url: string }).url).pathname;
    await call('get', page, { cookies: learner.cookies });
    const confirmed = await request(testApp.http)
      .post(`${page}/confirm`)
      .set('Cookie', learner.cookies)
      .set('Origin', testApp.config.appOrigin)
      .type('form')
      .send('');
    problems.push(...problemsOf('post', `${page}/confirm`, confirmed));
  }

  it('is OpenAPI 3.1, whose schemas are JSON Schema', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('documents the health checks and the events endpoint as they answer', async () => {
    await call('get', '/api/health/live');
    await call('get', '/api/health/ready');
    await call('get', '/api/health');
    await call('get', '/api/health/metrics');
    const visitorId = crypto.randomUUID();
    const events = [{ name: 'page_view', at: Date.now(), route: '/' }];
    expect(
      (await call('post', '/api/events', { body: { visitorId, sentAt: Date.now(), events } }))
        .status,
    ).toBe(202);
    expect(
      (await call('post', '/api/events', { body: { visitorId, events: 'none' } })).status,
    ).toBe(400);
  });

  it('documents registering, logging in and out, and the session calls, refusals included', async () => {
    const email = `answers-${process.pid}@example.com`;
    const password = 'plum tree at dawn';
    expect((await call('post', '/api/register/', { body: { email, password } })).status).toBe(201);
    expect((await call('post', '/api/register/', { body: { email, password } })).status).toBe(409);
    expect((await call('post', '/api/register/', { body: { email } })).status).toBe(400);
    const wrong = await call('post', '/api/login/', { body: { email, password: 'not the one' } });
    expect(wrong.status).toBe(401);
    const login = await call('post', '/api/login/', { body: { email, password } });
    expect(login.status).toBe(200);
    const cookies = cookieHeader(login);
    expect((await call('post', '/api/auth/', { cookies })).status).toBe(200);
    expect((await call('post', '/api/auth/')).status).toBe(401);
    const refreshed = await call('post', '/api/login/refresh/', { cookies });
    expect(refreshed.status).toBe(200);
    const forged = 'refresh_token=not-a-token';
    expect((await call('post', '/api/login/refresh/', { cookies: forged })).status).toBe(401);
    expect((await call('post', '/api/login/refresh/')).status).toBe(401);
    expect((await call('post', '/api/logout/', { cookies: cookieHeader(refreshed) })).status).toBe(
      200,
    );
    expect((await call('post', '/users/initReset/', { body: { user_email: email } })).status).toBe(
      200,
    );
    const reset = { email, token: 'a'.repeat(64), new_password: 'another plum tree' };
    expect((await call('post', '/users/validateReset/', { body: reset })).status).toBe(400);
  });

  it('documents the plan, checkout, cancel, resume and the webhook', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    expect((await call('get', '/api/stripe/isSub')).status).toBe(401);
    expect((await call('get', '/api/stripe/isSub', { cookies: learner.cookies })).status).toBe(200);
    expect((await call('post', '/stripe/cancel', { cookies: learner.cookies })).status).toBe(404);
    expect(
      (await call('post', '/stripe/check/', { cookies: learner.cookies, body: {} })).status,
    ).toBe(400);
    await subscribe(learner);
    const repeated = await call('post', '/stripe/check/', {
      cookies: learner.cookies,
      body: { priceId: 'price_pro_plan_test' },
    });
    expect([400, 409]).toContain(repeated.status);
    expect((await call('post', '/stripe/cancel', { cookies: learner.cookies })).status).toBe(200);
    const ending = await call('get', '/api/stripe/isSub', { cookies: learner.cookies });
    expect(ending.body).toMatchObject({ subscription: true, endsOn: expect.any(String) });
    expect((await call('post', '/stripe/resume', { cookies: learner.cookies })).status).toBe(200);
    const renewing = await call('get', '/api/stripe/isSub', { cookies: learner.cookies });
    expect(renewing.body).toMatchObject({ subscription: true, endsOn: null });
    // Without Stripe configured the API has no webhook to receive.
    const webhook = await call('post', '/api/stripe/webhook', {
      headers: { 'Stripe-Signature': 't=1,v1=0' },
      body: { id: 'evt_1', type: 'checkout.session.completed' },
    });
    expect(webhook.status).toBe(404);
  });

  it('documents the catalogue, lessons, chart data and progress, refusals included', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    await call('get', '/api/course');
    await call('get', '/api/lessons');
    await call('get', '/api/lessons', { cookies: learner.cookies });
    expect((await call('get', '/api/lessons/welcome', { cookies: learner.cookies })).status).toBe(
      200,
    );
    expect((await call('get', '/api/lessons/imb')).status).toBe(401);
    expect((await call('get', '/api/lessons/struct', { cookies: learner.cookies })).status).toBe(
      403,
    );
    const missing = await call('get', '/api/lessons/no-such-lesson', { cookies: learner.cookies });
    expect(missing.status).toBe(404);
    const pulled = '/api/lessons/validating-clean/pulled-lines';
    expect((await call('get', pulled)).status).toBe(401);
    expect((await call('get', pulled, { cookies: learner.cookies })).status).toBe(403);
    const pullsNothing = '/api/lessons/welcome/pulled-lines';
    expect((await call('get', pullsNothing, { cookies: learner.cookies })).status).toBe(404);
    expect((await call('get', '/chart-data/30')).status).toBe(200);
    expect((await call('get', '/chart-data/99999')).status).toBe(404);
    expect((await call('get', '/chart-data/0x1e')).status).toBe(400);
    expect((await call('get', '/chart-data/3')).status).toBe(401);
    expect((await call('get', '/chart-data/3', { cookies: learner.cookies })).status).toBe(403);
    expect((await call('get', '/users/get-progress')).status).toBe(401);
    expect((await call('get', '/users/get-progress', { cookies: learner.cookies })).status).toBe(
      200,
    );
    const done = await call('post', '/users/update/', {
      cookies: learner.cookies,
      body: { completed: 1 },
    });
    expect(done.status).toBe(200);
    expect(
      (await call('post', '/users/update/', { cookies: learner.cookies, body: { completed: 99 } }))
        .status,
    ).toBe(400);
  });

  it('documents the answers to exercises and the practice charts, revealed and not', async () => {
    const learner = await registerLearner(testApp.http, dataSource);
    const { cookies } = learner;
    const landing = { chart: 30, lines: [1, 2] };
    for (let tries = 0; tries < 3; tries++) {
      expect((await call('post', '/api/attempts', { body: landing })).status).toBe(200);
    }
    expect((await call('get', '/chart-data/30')).status).toBe(200);
    expect(
      (await call('post', '/api/attempts', { body: { practice: 1, lines: [1, 2] } })).status,
    ).toBe(401);

    expect((await call('get', '/api/practice/1', { cookies })).status).toBe(200);
    expect((await call('get', '/api/practice/2', { cookies })).status).toBe(403);
    expect((await call('get', '/api/practice/101', { cookies })).status).toBe(400);
    for (let tries = 0; tries < 3; tries++) {
      const attempt = await call('post', '/api/attempts', {
        cookies,
        body: { practice: 1, lines: [1, 2] },
      });
      expect(attempt.status).toBe(200);
    }
    expect((await call('get', '/api/practice/1', { cookies })).status).toBe(200);

    const plan = await call('get', '/api/practice/plans/1', { cookies });
    expect(plan.status).toBe(200);
    const { zone } = (
      plan.body as { planSetup: { zone: { type: string; upper: number; lower: number } } }
    ).planSetup;
    const long = zone.type === 'demand';
    const miss = {
      practice: 1,
      entry: long ? zone.upper + 5 : zone.lower - 5,
      stop: long ? zone.upper + 4 : zone.lower - 4,
      target: long ? zone.upper + 6 : zone.lower - 6,
      account: 25_000,
      riskPercent: 1,
      size: 1,
    };
    for (let tries = 0; tries < 3; tries++) {
      expect((await call('post', '/api/plans', { cookies, body: miss })).status).toBe(200);
    }
    expect((await call('get', '/api/practice/plans/1', { cookies })).status).toBe(200);
    expect(
      (await call('post', '/api/plans', { cookies, body: { ...miss, stop: 'x' } })).status,
    ).toBe(400);
    expect((await call('get', '/api/plans/results', { cookies })).status).toBe(200);
    expect((await call('get', '/api/plans/results')).status).toBe(401);

    expect((await call('get', '/api/practice/real/1', { cookies })).status).toBe(200);
    expect((await call('get', '/api/practice/real/2', { cookies })).status).toBe(403);
    expect((await call('get', '/api/practice/real/0', { cookies })).status).toBe(400);
    for (let tries = 0; tries < 3; tries++) {
      const attempt = await call('post', '/api/attempts', {
        cookies,
        body: { real: 1, lines: [1, 2] },
      });
      expect(attempt.status).toBe(200);
    }
    expect((await call('get', '/api/practice/real/1', { cookies })).status).toBe(200);
    expect((await call('get', '/api/practice/real/1')).status).toBe(401);
    expect((await call('get', '/api/practice/real/decisions/1', { cookies })).status).toBe(200);
    expect((await call('get', '/api/practice/real/decisions/2', { cookies })).status).toBe(403);
    const realDecision = { real: 1, take: true, reasons: [] };
    expect((await call('post', '/api/decisions', { cookies, body: realDecision })).status).toBe(
      200,
    );
    expect((await call('get', '/api/practice/real/decisions/1', { cookies })).status).toBe(200);

    expect((await call('get', '/api/practice/decisions/1', { cookies })).status).toBe(200);
    const decision = { practice: 1, take: true, reasons: [] };
    expect((await call('post', '/api/decisions', { cookies, body: decision })).status).toBe(200);
    expect((await call('get', '/api/practice/decisions/1', { cookies })).status).toBe(200);
    expect(
      (await call('post', '/api/decisions', { cookies, body: { ...decision, practice: 2 } }))
        .status,
    ).toBe(403);
    expect((await call('get', '/api/skills', { cookies })).status).toBe(200);
    expect((await call('get', '/api/skills')).status).toBe(401);
    expect((await call('get', '/api/practice/next', { cookies })).status).toBe(200);
    expect((await call('get', '/api/practice/next')).status).toBe(401);
    expect((await call('get', '/api/practice/current', { cookies })).status).toBe(200);
    expect((await call('get', '/api/practice/current')).status).toBe(401);
    expect((await call('get', '/api/practice/place', { cookies })).status).toBe(200);
    expect((await call('get', '/api/practice/place')).status).toBe(401);
    const place = { mode: 'zones', zones: 2, decisions: 1, plans: 1, current: null };
    expect((await call('post', '/api/practice/place', { cookies, body: place })).status).toBe(200);
    expect(
      (await call('post', '/api/practice/place', { cookies, body: { ...place, zones: 0 } })).status,
    ).toBe(400);

    const manage = { lesson: 613, rule: 'breakeven' };
    expect((await call('post', '/api/manage', { cookies, body: manage })).status).toBe(403);
    await subscribe(learner);
    // The lessons before it in its module, done, open the trade-management lesson.
    for (let id = 601; id < 613; id++) {
      await dataSource.query(
        'INSERT INTO completed_lessons (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [learner.id, id],
      );
    }
    expect((await call('get', '/api/lessons/risk-manage-stops', { cookies })).status).toBe(200);
    expect((await call('post', '/api/manage', { cookies, body: manage })).status).toBe(200);
    // The validating module done up to /validating-clean, which shows the lines of chart 18.
    for (const id of [20, 21, 22, 29, 23, 24, 25, 26]) {
      await dataSource.query(
        'INSERT INTO completed_lessons (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [learner.id, id],
      );
    }
    const pulled = await call('get', '/api/lessons/validating-clean/pulled-lines', { cookies });
    expect(pulled.status).toBe(200);
    expect((await call('get', '/api/lessons/risk-manage-stops', { cookies })).status).toBe(200);
    expect((await call('get', '/chart-data/44?lesson=613', { cookies })).status).toBe(200);
    // A walk through three kinds of practice chart, each generated cold in a worker: on a busy
    // machine that outlasts the default minute, and a hang would still be caught.
  }, 240_000);

  it('has checked a live answer of every documented operation', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    const answered = new Set([...checked].map((at) => at.replace(/ \d+$/, '')));
    expect(operations.filter((operation) => !answered.has(operation))).toEqual([]);
  });
});
