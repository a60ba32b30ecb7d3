import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgresBin, PrivatePostgres } from './support/cluster/private-postgres.js';
import { freePort, hasRedisServer, PrivateRedis } from './support/private-redis.js';
import { type SourceInstance, startSourceInstance } from './support/source-instance.js';

/** Short, so the test is quick; the default is 10 s. */
const SHUTDOWN_TIMEOUT_SECONDS = 3;
/** The process may take a moment beyond its deadline to be reaped. */
const EXIT_MARGIN_MS = 1000;
const PASSWORD = 'plum tree at dawn';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends SIGTERM and returns how long the process took to exit, and its exit code. */
async function stopAndTime(
  instance: SourceInstance,
): Promise<{ ms: number; code: number | NodeJS.Signals | null }> {
  const started = Date.now();
  instance.signal('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    instance.exited,
    new Promise<'still running'>((resolve) => {
      timer = setTimeout(() => resolve('still running'), SHUTDOWN_TIMEOUT_SECONDS * 1000 + 10_000);
    }),
  ]).finally(() => clearTimeout(timer));
  if (code === 'still running') {
    await instance.kill();
    throw new Error(`still running 10 s past its deadline:\n${instance.output()}`);
  }
  return { ms: Date.now() - started, code };
}

/** Registers a learner; returns the session cookies. */
async function register(base: string, name: string): Promise<string> {
  // Unique per run: a database that outlives the test (a server given by DATABASE_URL) keeps
  // the accounts of earlier runs.
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await fetch(`${base}/api/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${await answer.text()}`);
  return answer.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** A stop in a rolling deploy or a restart must not wait for a kill -9, whatever is down. */
(hasRedisServer() ? describe : describe.skip)('SIGTERM with Redis down (embedded database)', () => {
  let redis: PrivateRedis;
  let dataDir: string;
  beforeEach(async () => {
    redis = await PrivateRedis.start();
    dataDir = mkdtempSync(join(tmpdir(), 'shutdown-embedded-'));
  });
  afterEach(async () => {
    redis.resume();
    await redis.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () =>
    startSourceInstance({
      REDIS_URL: redis.url,
      EMBEDDED_DB_DIR: join(dataDir, 'pglite'),
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    });

  it('exits promptly and cleanly while Redis is stopped', async () => {
    const instance = await start();
    await redis.kill();
    await sleep(500);
    const { ms, code } = await stopAndTime(instance);
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000 + EXIT_MARGIN_MS);
    // Nothing was cut short: the log says so when something was.
    expect({ code, log: code === 0 ? '' : instance.output().slice(-4000) }).toEqual({
      code: 0,
      log: '',
    });
  });

  it('exits within its time while Redis hangs (connections open, nothing answers)', async () => {
    const instance = await start();
    const cookies = await register(instance.url, 'redis-hangs');
    redis.pause();
    // A logout tells Redis: a call that will not be answered is in flight at the stop.
    const logout = fetch(`${instance.url}/api/logout/`, {
      method: 'POST',
      headers: { Cookie: cookies, 'Content-Type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
    await sleep(100);
    const { ms } = await stopAndTime(instance);
    await logout;
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000 + EXIT_MARGIN_MS);
  });
});

const postgresBin = findPostgresBin();
(postgresBin ? describe : describe.skip)('SIGTERM with PostgreSQL in trouble', () => {
  let postgres: PrivatePostgres;
  let outbox: string;
  beforeAll(async () => {
    postgres = await PrivatePostgres.create(postgresBin!, await freePort());
    outbox = mkdtempSync(join(tmpdir(), 'shutdown-outbox-'));
  });
  afterAll(async () => {
    await postgres.destroy();
    rmSync(outbox, { recursive: true, force: true });
  });
  afterEach(async () => {
    postgres.resume();
    await postgres.start().catch(() => undefined);
  });

  const start = () =>
    startSourceInstance({
      DATABASE_URL: postgres.url(),
      MAIL_OUTBOX_DIR: outbox,
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    });

  it('finishes the requests in flight, then exits 0', async () => {
    const instance = await start();
    const cookies = await register(instance.url, 'drained');
    // A frozen database holds this request in flight until it wakes.
    postgres.pause();
    const inFlight = fetch(`${instance.url}/users/get-progress`, { headers: { Cookie: cookies } });
    await sleep(300);
    const stopping = stopAndTime(instance);
    await sleep(700);
    postgres.resume();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    const { ms, code } = await stopping;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    expect(instance.output()).toContain('finished the 1 request(s) in flight');
  });

  it('exits promptly while PostgreSQL is stopped', async () => {
    const instance = await start();
    await postgres.stop();
    const { ms } = await stopAndTime(instance);
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000 + EXIT_MARGIN_MS);
  });

  it('exits within its time while PostgreSQL hangs with a request in flight', async () => {
    const instance = await start();
    const cookies = await register(instance.url, 'frozen');
    postgres.pause();
    const inFlight = fetch(`${instance.url}/users/get-progress`, {
      headers: { Cookie: cookies },
    }).catch(() => undefined);
    await sleep(300);
    const { ms } = await stopAndTime(instance);
    await inFlight;
    expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000 + EXIT_MARGIN_MS);
  });
});
