import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUSY_MESSAGE } from '../src/database/database-errors.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'plum tree at dawn';

/** Overload is shed on purpose by the admission queue, and is never taken for an outage. */
describe('more requests than the database work admitted at once', () => {
  let testApp: TestApp;
  let base: string;

  beforeAll(async () => {
    // One at a time, nobody waits: any overlap is shed.
    testApp = await startTestApp({ databaseLimits: { pool: 1, queue: 0, maxWaitMs: 0 } });
    const server = testApp.http as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const metric = async (line: RegExp): Promise<number> => {
    const text = await (await fetch(`${base}/api/health/metrics`)).text();
    const match = line.exec(text);
    if (!match?.[1]) throw new Error(`no ${String(line)} in\n${text}`);
    return Number(match[1]);
  };

  it('answers the excess 503 with Retry-After, counts it, and stays ready', async () => {
    const registered = await fetch(`${base}/api/register/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'crowd@example.com', password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const response = await fetch(`${base}/users/get-progress`, { headers: { Cookie: cookie } });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { message?: string },
        };
      }),
    );
    const shed = answers.filter((answer) => answer.status !== 200);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.length).toBeLessThan(answers.length);
    for (const answer of shed) {
      expect({
        status: answer.status,
        retryAfter: answer.retryAfter,
        message: answer.body.message,
      }).toEqual({ status: 503, retryAfter: '2', message: BUSY_MESSAGE });
    }
    expect(await metric(/^course_requests_shed_total\{reason="queue_full"\} (\d+)$/m)).toBe(
      shed.length,
    );
    // Not an outage: the instance stays ready and the next request is served.
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await metric(/^course_database_up (\d)$/m)).toBe(1);
    expect(
      (await fetch(`${base}/users/get-progress`, { headers: { Cookie: cookie } })).status,
    ).toBe(200);
  });

  it('lets visitors’ calls that need no database pass without a turn', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${base}/api/lessons`, { headers: { 'Cache-Control': 'no-cache' } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });
});
