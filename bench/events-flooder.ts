/**
 * One client flooding the analytics endpoint, in a process of its own: autocannon with 64
 * connections sending full batches (50 valid events each). Run by events-bench.ts; prints its
 * statistics as one JSON line when done.
 *
 * Patterns: `one visitor` (an anonymous client from one address), `signed in` (one address with a
 * learner's session, which the anonymous budget does not count), `many addresses` (a botnet:
 * every request from another address, so no per-client limit ever refuses it).
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

export const FLOOD_PATTERNS = ['one visitor', 'signed in', 'many addresses'] as const;
export type FloodPattern = (typeof FLOOD_PATTERNS)[number];

export interface FloodResult {
  requests: number;
  status2xx: number;
  status429: number;
  other: number;
  errors: number;
}

function batch(): string {
  const now = Date.now();
  const events = Array.from({ length: 50 }, (_, index) => ({
    name: index % 2 === 0 ? 'page_view' : 'exercise_time',
    at: now - index * 1000,
    ...(index % 2 === 0 ? { route: '/flood' } : { lessonId: 13, durationMs: 5000 }),
  }));
  return JSON.stringify({ visitorId: randomUUID(), sentAt: now, events });
}

async function flood(url: string, pattern: FloodPattern, client: string, seconds: number) {
  const cookie = process.env.FLOOD_COOKIE ?? '';
  let counter = 0;
  const body = batch();
  const result = await autocannon({
    url,
    connections: 64,
    duration: seconds,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'x-forwarded-for': client,
      ...(pattern === 'signed in' ? { cookie } : {}),
    },
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          counter += 1;
          const headers =
            pattern === 'many addresses'
              ? {
                  ...request.headers,
                  'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
                }
              : request.headers;
          return { ...request, path: '/api/events', headers, body };
        },
      },
    ],
  });
  const refused = result.statusCodeStats?.['429']?.count ?? 0;
  const answer: FloodResult = {
    requests: result.requests.total,
    status2xx: result['2xx'],
    status429: refused,
    other: result['4xx'] + result['5xx'] - refused,
    errors: result.errors + result.timeouts,
  };
  console.log(JSON.stringify(answer));
}

const [url, pattern, client, seconds] = process.argv.slice(2);
if (url && pattern && client && seconds && FLOOD_PATTERNS.includes(pattern as FloodPattern)) {
  flood(url, pattern as FloodPattern, client, Number(seconds)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
