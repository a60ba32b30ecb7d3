/**
 * Subscribers walking all their practice charts (100 zones, 50 plans, 50 decisions), each as
 * fast as the API answers, one request at a time, for the run of `npm run bench:practice`. A
 * 429 is waited out as its Retry-After says, up to a second (an impatient client), then the walk
 * goes on. Prints one JSON line: what the walkers were answered.
 *
 * argv: the API's URL, seconds to walk, then one Cookie header per walker.
 */
import { Agent, request } from 'node:http';

const [base = '', secondsText = '10', ...cookies] = process.argv.slice(2);
const deadline = performance.now() + Number(secondsText) * 1000;
const agent = new Agent({ keepAlive: true, maxSockets: 4, timeout: 10_000 });
const answers: Record<string, number> = {};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const PATHS = [
  ...Array.from({ length: 100 }, (_, index) => `/api/practice/${index + 1}`),
  ...Array.from({ length: 50 }, (_, index) => `/api/practice/plans/${index + 1}`),
  ...Array.from({ length: 50 }, (_, index) => `/api/practice/decisions/${index + 1}`),
];

function get(path: string, cookie: string): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent,
        headers: { cookie, 'x-forwarded-for': '198.51.100.20' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: Number(response.headers['retry-after'] ?? 0),
          }),
        );
      },
    );
    call.on('error', () => resolve({ status: 0, retryAfter: 0 }));
    call.end();
  });
}

async function walk(cookie: string): Promise<void> {
  for (const path of PATHS) {
    if (performance.now() > deadline) return;
    const { status, retryAfter } = await get(path, cookie);
    answers[status] = (answers[status] ?? 0) + 1;
    if (status === 429 || status === 503) {
      await sleep(Math.min(1000, retryAfter * 1000, Math.max(0, deadline - performance.now())));
    }
  }
}

await Promise.all(cookies.map(walk));
agent.destroy();
console.log(JSON.stringify(answers));
