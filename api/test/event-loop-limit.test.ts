import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUSY_MESSAGE } from '../src/database/database-errors.js';
import { answerBeforeFramework } from '../src/web/before-framework.js';
import { EventLoopLimit } from '../src/web/event-loop-limit.js';

/** A histogram whose mean the test sets (ns, as perf_hooks reports it, resolution included). */
class FakeHistogram {
  mean = 10e6;
  resets = 0;
  reset(): void {
    this.resets += 1;
  }
  enable(): boolean {
    return true;
  }
  disable(): boolean {
    return true;
  }
}

/** A server whose framework answers 200 "framework", behind the limit. */
async function serve(limit: EventLoopLimit): Promise<{ server: Server; base: string }> {
  const server = createServer((_request, response) => response.end('framework'));
  answerBeforeFramework(server, [limit.screen]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const busyFor = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // The loop is held, as a saturated CPU holds it.
  }
};

describe('EventLoopLimit: shedding while the CPU is the bottleneck', () => {
  it('refuses API calls 503 with Retry-After while the mean delay is over the limit, and only then', async () => {
    const histogram = new FakeHistogram();
    const shedReports: number[] = [];
    const limit = new EventLoopLimit({
      maxDelayMs: 100,
      windowMs: 60_000,
      histogram,
      onShed: (shed) => shedReports.push(shed),
    });
    const { server, base } = await serve(limit);
    try {
      histogram.mean = 60e6; // 50 ms late
      limit.read();
      expect(limit.delay).toBeCloseTo(50);
      expect((await fetch(`${base}/api/lessons/1`)).status).toBe(200);

      histogram.mean = 410e6; // 400 ms late
      limit.read();
      const refused = await fetch(`${base}/users/get-progress?x=1`, { method: 'GET' });
      expect({
        status: refused.status,
        retryAfter: refused.headers.get('retry-after'),
        body: await refused.json(),
      }).toEqual({
        status: 503,
        retryAfter: '2',
        body: { statusCode: 503, error: 'Service Unavailable', message: BUSY_MESSAGE },
      });
      const posted = await fetch(`${base}/api/attempts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lesson: 1, lines: [1, 2] }),
      });
      expect(posted.status).toBe(503);
      // The app's files are not API calls: a page half loaded is worse than a slow one.
      expect(await (await fetch(`${base}/assets/index.js`)).text()).toBe('framework');
      expect(limit.shed).toBe(2);

      histogram.mean = 20e6;
      limit.read();
      expect(shedReports).toEqual([2]);
      expect((await fetch(`${base}/users/get-progress`)).status).toBe(200);
      expect(limit.shed).toBe(2);
    } finally {
      server.close();
      limit.close();
    }
  });

  it('never sheds with a limit of 0', () => {
    const histogram = new FakeHistogram();
    histogram.mean = 5000e6;
    const limit = new EventLoopLimit({ maxDelayMs: 0, windowMs: 60_000, histogram });
    limit.read();
    expect(limit.overloaded).toBe(false);
    limit.close();
  });

  it('reads a held loop from perf_hooks, and a quiet one as quiet', async () => {
    const limit = new EventLoopLimit({ maxDelayMs: 100, windowMs: 60_000 });
    try {
      // Held in 200 ms slices with the loop turning between them, as a queue of requests holds it.
      const started = performance.now();
      while (performance.now() - started < 1500) {
        busyFor(200);
        await new Promise((resolve) => setImmediate(resolve));
      }
      limit.read();
      expect(limit.delay).toBeGreaterThan(100);
      expect(limit.overloaded).toBe(true);

      await new Promise((resolve) => setTimeout(resolve, 600));
      limit.read();
      expect(limit.overloaded).toBe(false);
    } finally {
      limit.close();
    }
  });
});
