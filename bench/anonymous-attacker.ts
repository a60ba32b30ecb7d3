/**
 * One anonymous client doing the worst it can, in a process of its own (so its own work does not
 * share the measuring process's event loop): autocannon with 64 connections and one pattern.
 * Run by anonymous-bench.ts; prints its statistics as one JSON line when done.
 */
import autocannon from 'autocannon';

export const ATTACK_PATTERNS = {
  /** Each id was a new chart simulation before charts outside the catalogue were refused. */
  'walk chart ids': { method: 'GET', path: (n: number) => `/chart-data/${1000 + n}` },
  'public chart data': { method: 'GET', path: () => '/chart-data/30' },
  'demo answers': {
    method: 'POST',
    path: () => '/api/attempts',
    body: JSON.stringify({ chart: 30, lines: [1, 2] }),
  },
  'bad logins': {
    method: 'POST',
    path: () => '/api/login/',
    body: JSON.stringify({ email: 'victim@example.com', password: 'guess 123456' }),
  },
  catalogue: { method: 'GET', path: () => '/api/lessons' },
  '15 kB bodies': {
    method: 'POST',
    path: () => '/api/register/',
    body: JSON.stringify({ email: 'x@example.com', password: 'p'.repeat(15_000) }),
  },
} as const;

export type AttackPattern = keyof typeof ATTACK_PATTERNS;

export interface AttackResult {
  requests: number;
  status2xx: number;
  status429: number;
  other: number;
  errors: number;
}

async function attack(url: string, pattern: AttackPattern, client: string, seconds: number) {
  const spec = ATTACK_PATTERNS[pattern];
  let counter = 0;
  const body = 'body' in spec ? spec.body : undefined;
  const result = await autocannon({
    url,
    connections: 64,
    duration: seconds,
    headers: {
      'content-type': 'application/json',
      // The API trusts the loopback proxy: this is the attacker's address as a balancer names it.
      'x-forwarded-for': client,
    },
    requests: [
      {
        method: spec.method,
        setupRequest: (request) => ({
          ...request,
          path: spec.path(counter++),
          ...(body === undefined ? {} : { body }),
        }),
      },
    ],
  });
  const refused = result.statusCodeStats?.['429']?.count ?? 0;
  const answer: AttackResult = {
    requests: result.requests.total,
    status2xx: result['2xx'],
    status429: refused,
    other: result['4xx'] + result['5xx'] - refused,
    errors: result.errors + result.timeouts,
  };
  console.log(JSON.stringify(answer));
}

const [url, pattern, client, seconds] = process.argv.slice(2);
if (url && pattern && client && seconds && pattern in ATTACK_PATTERNS) {
  attack(url, pattern as AttackPattern, client, Number(seconds)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
