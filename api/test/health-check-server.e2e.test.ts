import { spawn } from 'node:child_process';
import { loadConfig } from '../src/config/config.js';
import { MAIN_LOOP_READY_BOUND_MS } from '../src/health/health-check-server.js';
import { HealthReports } from '../src/health/health-reports.js';
import { type RunningServer, startServer } from '../src/server.js';
import { blockEventLoop } from './support/event-loop.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/** One check as another process saw it: its status, body and how long the answer took. */
interface SeenCheck {
  path: string;
  atMs: number;
  status: number;
  body: { status: string; mainLoop?: string };
  tookMs: number;
}

/**
 * Checks `url`'s paths from another process at the given times (ms after it starts): the test's
 * own event loop is the instance's, so only another process can ask while it is blocked.
 */
function checkFromOutside(
  url: string,
  schedule: readonly { atMs: number; path: string }[],
): { started: Promise<void>; seen: Promise<SeenCheck[]> } {
  const script = `
    const [url, schedule] = [process.argv[1], JSON.parse(process.argv[2])];
    (async () => {
      // fetch loads its HTTP client on first use: not part of any answer's time.
      await fetch(url + '/api/health/live');
      const start = Date.now();
      process.stdout.write('started\\n');
      const seen = [];
      for (const { atMs, path } of schedule) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + atMs - Date.now())));
        const asked = Date.now();
        const answer = await fetch(url + path);
        const body = await answer.json();
        seen.push({ path, atMs, status: answer.status, body, tookMs: Date.now() - asked });
      }
      process.stdout.write(JSON.stringify(seen) + '\\n');
    })();
  `;
  const child = spawn(process.execPath, ['-e', script, url, JSON.stringify(schedule)]);
  let output = '';
  let onStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (onStarted = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('started')) onStarted();
  });
  child.stderr.resume();
  const seen = new Promise<SeenCheck[]>((resolve, reject) => {
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('[')) resolve(JSON.parse(last) as SeenCheck[]);
      else reject(new Error(`the checking process exited ${code}: ${output}`));
    });
  });
  return { started, seen };
}

const getJson = async (url: string) => {
  const answer = await fetch(url);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

describe('health checks on their own thread (HEALTH_PORT)', () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer(
      { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: database.url, port: 0, healthPort: 0 },
      { logger: false, databaseKind: database.kind === 'embedded' ? 'embedded' : 'server' },
    );
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers readiness and liveness with the main API’s bodies and the main loop’s beat', async () => {
    expect(server.healthUrl).toMatch(/^http:\/\/localhost:\d+$/);
    const ready = await getJson(`${server.healthUrl}/api/health/ready`);
    expect(ready).toEqual({
      status: 200,
      body: {
        status: 'ok',
        database: 'up',
        redis: 'not configured',
        mainLoop: 'beating',
        mainLoopLateMs: expect.any(Number) as number,
      },
    });
    expect((await getJson(`${server.healthUrl}/api/health/live`)).status).toBe(200);
    expect((await getJson(`${server.healthUrl}/api/nothing`)).status).toBe(404);
  });

  it('answers while the main loop is blocked: ready until the bound, then 503', async () => {
    const blockMs = MAIN_LOOP_READY_BOUND_MS + 2_500;
    const outside = checkFromOutside(server.healthUrl, [
      { atMs: 1_000, path: '/api/health/ready' },
      { atMs: 1_100, path: '/api/health/live' },
      { atMs: MAIN_LOOP_READY_BOUND_MS + 1_500, path: '/api/health/ready' },
      { atMs: MAIN_LOOP_READY_BOUND_MS + 1_600, path: '/api/health/live' },
    ]);
    await outside.started;
    blockEventLoop(blockMs);
    const seen = await outside.seen;
    expect(
      seen.map(({ path, status, body }) => [path, status, body.status, body.mainLoop]),
    ).toEqual([
      ['/api/health/ready', 200, 'ok', 'beating'],
      ['/api/health/live', 200, 'ok', undefined],
      ['/api/health/ready', 503, 'error', 'stalled'],
      ['/api/health/live', 200, 'ok', undefined],
    ]);
    // Each was answered while the loop was still blocked, not when it came free (the answer
    // times themselves, about a millisecond on a quiet machine, are in the closing notes).
    for (const check of seen) expect(check.atMs + check.tookMs).toBeLessThan(blockMs);
    // The loop beats again: ready at once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await getJson(`${server.healthUrl}/api/health/ready`)).status).toBe(200);
  }, 60_000);

  it('says stopping as soon as the instance starts to stop', async () => {
    server.app.get(HealthReports).markStopping();
    const deadline = Date.now() + 5_000;
    let answer = await getJson(`${server.healthUrl}/api/health/ready`);
    while (answer.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await getJson(`${server.healthUrl}/api/health/ready`);
    }
    expect(answer).toMatchObject({ status: 503, body: { status: 'stopping' } });
  });
});
