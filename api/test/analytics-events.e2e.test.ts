import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalyticsRecorder } from '../src/analytics/analytics-recorder.js';
import { MAX_EVENTS_PER_BATCH } from '../src/analytics/dto/event-batch.dto.js';
import { EventQueue } from '../src/analytics/event-queue.js';
import { DEFAULT_RATE_LIMITS } from '../src/config/config.js';
import { cookieHeader, expectError } from './support/http.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { createLog } from '../src/logging/log.js';

const PASSWORD = 'plum tree at dawn';

interface StoredEvent {
  name: string;
  at: Date;
  visitor_id: string | null;
  user_id: string | null;
  route: string | null;
  lesson_id: number | null;
  chart_number: number | null;
  practice_index: number | null;
  duration_ms: number | null;
  passed: boolean | null;
}

function pageView(route = '/', at = Date.now()) {
  return { name: 'page_view', at, route };
}

describe('POST /api/events', () => {
  let testApp: TestApp;
  let dataSource: DataSource;
  let recorder: AnalyticsRecorder;
  const logLines: string[] = [];

  beforeAll(async () => {
    const requestLog = new PassThrough();
    requestLog.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
    testApp = await startTestApp({}, { log: createLog(requestLog) });
    dataSource = testApp.app.get(DataSource);
    recorder = testApp.app.get(AnalyticsRecorder);
  });
  afterAll(() => testApp.close());

  /** The events stored for a visitor or learner, after the recorder's queue is written. */
  async function storedFor(id: string): Promise<StoredEvent[]> {
    await recorder.flush();
    return dataSource.query<StoredEvent[]>(
      `SELECT name, at, visitor_id, user_id, route, lesson_id, chart_number, practice_index,
              duration_ms, passed
         FROM analytics_events WHERE visitor_id = $1 OR user_id = $1 ORDER BY id`,
      [id],
    );
  }

  const send = (body: unknown) =>
    request(testApp.http)
      .post('/api/events')
      .send(body as object);

  it('keeps a valid batch and answers 202 with how many it kept', async () => {
    const visitorId = randomUUID();
    const now = Date.now();
    const response = await send({
      visitorId,
      sentAt: now,
      events: [
        pageView('/'),
        { name: 'lesson_opened', at: now, lessonId: 13 },
        { name: 'exercise_time', at: now, lessonId: 13, durationMs: 42_000 },
        { name: 'exercise_replay', at: now, practiceIndex: 2 },
        { name: 'practice_chart_done', at: now, practiceIndex: 2, passed: true },
      ],
    }).expect(202);
    expect(response.body).toEqual({ accepted: 5 });
    const stored = await storedFor(visitorId);
    expect(stored.map((event) => event.name)).toEqual([
      'page_view',
      'lesson_opened',
      'exercise_time',
      'exercise_replay',
      'practice_chart_done',
    ]);
    expect(stored[0]).toMatchObject({ route: '/', user_id: null, visitor_id: visitorId });
    expect(stored[2]).toMatchObject({ lesson_id: 13, duration_ms: 42_000 });
    expect(stored[4]).toMatchObject({ practice_index: 2, passed: true });
  });

  it('stores nothing that names a person: no email, address or user agent column', async () => {
    const columns = await dataSource.query<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'analytics_events'
        ORDER BY column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'at',
      'chart_number',
      'duration_ms',
      'id',
      'lesson_id',
      'name',
      'passed',
      'practice_index',
      'route',
      'user_id',
      'visitor_id',
    ]);
  });

  it('takes the text/plain body navigator.sendBeacon may send', async () => {
    const visitorId = randomUUID();
    await request(testApp.http)
      .post('/api/events')
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify({ visitorId, sentAt: Date.now(), events: [pageView('/pricing')] }))
      .expect(202, { accepted: 1 });
    expect((await storedFor(visitorId)).map((event) => event.route)).toEqual(['/pricing']);
  });

  it.each([
    [
      'an unknown event name',
      { events: [{ name: 'registration', at: Date.now() }] },
      /^events\.0\.name must be one of: page_view, /,
    ],
    [
      'more events than a batch holds',
      { events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => pageView()) },
      `events can hold at most ${MAX_EVENTS_PER_BATCH} events`,
    ],
    ['an empty batch', { events: [] }, 'events must hold at least one event'],
    [
      'a route with a query string',
      { events: [pageView('/password-reset?e=someone@example.com')] },
      'events.0.route must be a path such as /register, without ? or #',
    ],
    [
      'a route too long to be one of the app’s',
      { events: [pageView(`/${'a'.repeat(200)}`)] },
      'events.0.route must be at most 120 characters',
    ],
    [
      'a field the endpoint does not know (an email)',
      { events: [{ ...pageView(), email: 'someone@example.com' }] },
      'events.0.property email should not exist',
    ],
    [
      'a page view without its route',
      { events: [{ name: 'page_view', at: Date.now() }] },
      'events[0] (page_view) needs route',
    ],
    [
      'time on an exercise without the exercise',
      { events: [{ name: 'exercise_time', at: Date.now(), durationMs: 1000 }] },
      'events[0] (exercise_time) needs one of lessonId, chartNumber, practiceIndex',
    ],
    [
      'a duration past four hours',
      { events: [{ name: 'exercise_time', at: Date.now(), lessonId: 1, durationMs: 5 * 3600e3 }] },
      'events.0.durationMs must be whole milliseconds up to 14400000',
    ],
    [
      'a time that is not a clock’s',
      { events: [{ ...pageView(), at: 12 }] },
      'events.0.at must be a time in milliseconds',
    ],
  ])('refuses %s with a 400', async (_what, fields, message) => {
    const visitorId = randomUUID();
    const response = await send({ visitorId, sentAt: Date.now(), ...fields });
    expectError(response, 400, message);
    expect(await storedFor(visitorId)).toEqual([]);
  });

  it('refuses a visitor id that is not a random UUID', async () => {
    const response = await send({
      visitorId: 'me@example.com',
      sentAt: Date.now(),
      events: [pageView()],
    });
    expectError(response, 400, 'visitorId must be a random UUID');
  });

  it('moves events by the browser clock’s error and drops the ones a day old', async () => {
    const visitorId = randomUUID();
    const browserNow = Date.now() + 3 * 3600e3; // the browser's clock is three hours fast
    await send({
      visitorId,
      sentAt: browserNow,
      events: [
        pageView('/one-minute-ago', browserNow - 60_000),
        pageView('/two-days-ago', browserNow - 2 * 24 * 3600e3),
        pageView('/in-the-future', browserNow + 3600e3),
      ],
    }).expect(202, { accepted: 2 });
    const stored = await storedFor(visitorId);
    expect(stored.map((event) => event.route)).toEqual(['/one-minute-ago', '/in-the-future']);
    const [minuteAgo, future] = stored.map((event) => Date.now() - new Date(event.at).getTime());
    expect(minuteAgo).toBeGreaterThan(55_000);
    expect(minuteAgo).toBeLessThan(70_000);
    // Never later than the server's own now.
    expect(future).toBeGreaterThanOrEqual(0);
    expect(future).toBeLessThan(10_000);
  });

  it.each([
    ['DNT: 1', 'DNT'],
    ['Sec-GPC: 1', 'Sec-GPC'],
  ])('keeps nothing from a browser that sends %s', async (_what, header) => {
    const visitorId = randomUUID();
    await request(testApp.http)
      .post('/api/events')
      .set(header, '1')
      .send({ visitorId, sentAt: Date.now(), events: [pageView()] })
      .expect(202, { accepted: 0 });
    // Nor what the server would record itself: a registration and a demo answer.
    const email = `dnt-${header}-${visitorId}@example.com`;
    const registered = await request(testApp.http)
      .post('/api/register/')
      .set(header, '1')
      .set('X-Visitor-Id', visitorId)
      .send({ email, password: PASSWORD })
      .expect(201);
    await request(testApp.http)
      .post('/api/attempts')
      .set(header, '1')
      .set('X-Visitor-Id', visitorId)
      .send({ chart: 30, lines: [1, 2] })
      .expect(200);
    const [user] = await dataSource.query<{ id: string }[]>(
      'SELECT id FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(await storedFor(visitorId)).toEqual([]);
    expect(await storedFor(user?.id ?? '')).toEqual([]);
    expect(cookieHeader(registered)).toContain('access_token=');
  });

  it('records what the server knows, and links the visitor to the learner at registration', async () => {
    const visitorId = randomUUID();
    await request(testApp.http)
      .post('/api/attempts')
      .set('X-Visitor-Id', visitorId)
      .send({ chart: 30, lines: [1, 2] })
      .expect(200);
    const email = `linked-${visitorId}@example.com`;
    const registered = await request(testApp.http)
      .post('/api/register/')
      .set('X-Visitor-Id', visitorId)
      .send({ email, password: PASSWORD })
      .expect(201);
    const cookies = cookieHeader(registered);
    await request(testApp.http)
      .post('/api/attempts')
      .set('Cookie', cookies)
      .set('X-Visitor-Id', visitorId)
      .send({ practice: 1, lines: [1, 2] })
      .expect(200);
    const [user] = await dataSource.query<{ id: string }[]>(
      'SELECT id FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    const stored = await storedFor(visitorId);
    expect(stored.map((event) => [event.name, event.user_id])).toEqual([
      ['demo_try', null],
      ['registration', user?.id],
      ['exercise_try', user?.id],
    ]);
    expect(stored[0]).toMatchObject({ chart_number: 30, passed: false });
    expect(stored[2]).toMatchObject({ practice_index: 1, passed: false });
    const links = await dataSource.query<{ user_id: string }[]>(
      'SELECT user_id FROM analytics_visitors WHERE visitor_id = $1',
      [visitorId],
    );
    expect(links).toEqual([{ user_id: user?.id }]);
    // The request log, which holds addresses and user agents, never holds the visitor id.
    expect(logLines.join('')).toContain('"url":"/api/attempts"');
    expect(logLines.join('')).not.toContain(visitorId);
  });

  it('links a visitor to the learner whose session sends its events', async () => {
    const registered = await request(testApp.http)
      .post('/api/register/')
      .send({ email: `session-${randomUUID()}@example.com`, password: PASSWORD })
      .expect(201);
    const visitorId = randomUUID();
    await request(testApp.http)
      .post('/api/events')
      .set('Cookie', cookieHeader(registered))
      .send({ visitorId, sentAt: Date.now(), events: [pageView('/home')] })
      .expect(202, { accepted: 1 });
    const [stored] = await storedFor(visitorId);
    expect(stored?.user_id).toEqual(expect.any(String));
    const links = await dataSource.query<{ user_id: string }[]>(
      'SELECT user_id FROM analytics_visitors WHERE visitor_id = $1',
      [visitorId],
    );
    expect(links).toEqual([{ user_id: stored?.user_id }]);
  });

  it('records nothing for a request that names nobody (no visitor id, no session)', async () => {
    await recorder.flush();
    const before = await dataSource.query<{ n: string }[]>(
      'SELECT count(*) AS n FROM analytics_events',
    );
    await request(testApp.http)
      .post('/api/attempts')
      .send({ chart: 30, lines: [1, 2] })
      .expect(200);
    await recorder.flush();
    const after = await dataSource.query<{ n: string }[]>(
      'SELECT count(*) AS n FROM analytics_events',
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('the events limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        events: 3,
        anonymousRequests: 1_000_000,
        rejectDelayMs: 0,
      },
    });
  });
  afterAll(() => testApp.close());

  it('answers 429 past the batches a client may send, and the learner’s calls still work', async () => {
    const batch = { visitorId: randomUUID(), sentAt: Date.now(), events: [pageView()] };
    for (let sent = 0; sent < 3; sent += 1) {
      await request(testApp.http).post('/api/events').send(batch).expect(202);
    }
    const refused = await request(testApp.http).post('/api/events').send(batch);
    expectError(refused, 429, /^Too many event batches\. Please wait 1 minute/);
    expect(refused.headers['retry-after']).toEqual(expect.stringMatching(/^\d+$/));
    // A session does not lift it (it is counted before the framework, by address).
    const registered = await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'flooder@example.com', password: PASSWORD })
      .expect(201);
    await request(testApp.http)
      .post('/api/events/')
      .set('Cookie', cookieHeader(registered))
      .send(batch)
      .expect(429);
    // Other calls do not share the budget.
    await request(testApp.http)
      .post('/api/register/')
      .send({ email: 'after-flood@example.com', password: PASSWORD })
      .expect(201);
  });
});

describe('the event queue', () => {
  it('drops and counts what does not fit, and keeps a visitor’s latest link once', () => {
    const queue = new EventQueue(3);
    const event = { name: 'page_view' as const, at: new Date(), route: '/' };
    expect(queue.push([event, event])).toBe(2);
    expect(queue.push([event, event])).toBe(1);
    expect(queue.counts).toEqual({ waiting: 3, dropped: 1 });
    queue.link({ visitorId: 'v', userId: 'a', at: new Date() });
    queue.link({ visitorId: 'v', userId: 'b', at: new Date() });
    const taken = queue.take(2);
    expect(taken.events).toHaveLength(2);
    expect(taken.links.map((link) => link.userId)).toEqual(['b']);
    expect(queue.counts).toEqual({ waiting: 1, dropped: 1 });
  });
});
