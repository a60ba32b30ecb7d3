/**
 * `npm run bench:load`: simulated learners with think time, through haproxy in front of two API
 * instances on the machine's PostgreSQL (a database of the run's own) and Redis (a key prefix of
 * the run's own), as production runs. Each stage adds learners and measures; the answer is the
 * largest stage with p99 under 200 ms on every endpoint and no error.
 *
 * BENCH_LEARNERS: stages, e.g. "100,200,400" (default). BENCH_DURATION: seconds measured per
 * stage (default 30). BENCH_THINK_MS: think time between a learner's requests, "min,max"
 * (default 1000,3000). Not a test: prints a table per stage and writes bench/results/load.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client } from '../api/test/support/cluster/client.js';
import { deploy, type Deployment } from '../api/test/support/cluster/deployment.js';
import { findHaproxy } from '../api/test/support/cluster/haproxy.js';
import {
  createDatabase,
  deleteRedisKeys,
  dropDatabase,
  MACHINE_POSTGRES,
  MACHINE_REDIS,
  machinePostgresAnswers,
  machineRedisAnswers,
} from '../api/test/support/cluster/machine-services.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const STAGES = (process.env.BENCH_LEARNERS ?? '100,200,400').split(',').map(Number);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 30) * 1000;
const [THINK_MIN_MS, THINK_MAX_MS] = (process.env.BENCH_THINK_MS ?? '1000,3000')
  .split(',')
  .map(Number) as [number, number];
const WARM_UP_MS = 5000;
const TARGET_P99_MS = 200;
const PASSWORD = 'bench password for load';

interface Sample {
  endpoint: string;
  ms: number;
  ok: boolean;
  at: number;
}

interface CatalogueLesson {
  id: number;
  path: string;
  c_num: number | null;
  reqPass: boolean;
  status: string;
  subscriptionRequired: boolean;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const think = () => sleep(THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS));

/** One learner's visit, again and again: what the app calls while someone works through lessons. */
class Learner {
  private iteration = 0;

  constructor(
    readonly client: Client,
    readonly email: string,
    private readonly samples: Sample[],
  ) {}

  async register(): Promise<void> {
    const answer = await this.client.post('/api/register/', {
      email: this.email,
      password: PASSWORD,
    });
    if (answer.status !== 201)
      throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  async loop(running: () => boolean): Promise<void> {
    while (running()) {
      this.iteration += 1;
      const catalogue = await this.call('GET api/lessons', () => this.client.get('/api/lessons'));
      await think();
      const lessons = (
        (catalogue?.body as { modules?: { lessons: CatalogueLesson[] }[] } | undefined)?.modules ??
        []
      ).flatMap((module) => module.lessons);
      const lesson = lessons.find(
        (entry) => entry.c_num !== null && entry.status !== 'locked' && !entry.subscriptionRequired,
      );
      if (lesson && lesson.c_num !== null) {
        await this.call('GET api/lessons/{path}', () =>
          this.client.get(`/api/lessons/${encodeURIComponent(lesson.path.slice(1))}`),
        );
        await think();
        await this.call('GET chart-data/{id}', () =>
          this.client.get(`/chart-data/${lesson.c_num}`),
        );
        await think();
        await this.call('POST api/attempts', () =>
          this.client.post('/api/attempts', { lesson: lesson.id, lines: [0.01, 0.02] }),
        );
        await think();
        await this.call('POST users/update', () =>
          this.client.post('/users/update/', { completed: lesson.id }),
        );
        await think();
      }
      await this.call('GET users/get-progress', () => this.client.get('/users/get-progress'));
      await think();
      await this.call('GET api/practice/1', () => this.client.get('/api/practice/1'));
      await think();
      // The app refreshes every nine minutes; a visit of a few minutes refreshes now and then.
      if (this.iteration % 3 === 0) {
        await this.call('POST api/login/refresh', () => this.client.post('/api/login/refresh/'));
        await think();
      }
    }
  }

  private async call(
    endpoint: string,
    send: () => Promise<{ status: number; ms: number; body: unknown }>,
  ): Promise<{ status: number; body: unknown } | undefined> {
    const at = Date.now();
    try {
      const answer = await send();
      this.samples.push({ endpoint, ms: answer.ms, ok: answer.status < 400, at });
      return answer;
    } catch {
      this.samples.push({ endpoint, ms: Date.now() - at, ok: false, at });
      return undefined;
    }
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

interface EndpointRow {
  endpoint: string;
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

function summarise(samples: Sample[], from: number, to: number): EndpointRow[] {
  const byEndpoint = new Map<string, Sample[]>();
  for (const sample of samples) {
    if (sample.at < from || sample.at > to) continue;
    byEndpoint.set(sample.endpoint, [...(byEndpoint.get(sample.endpoint) ?? []), sample]);
  }
  const seconds = (to - from) / 1000;
  const rows = [...byEndpoint].map(([endpoint, list]) => {
    const times = list.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      endpoint,
      requests: list.length,
      'req/s': Number((list.length / seconds).toFixed(1)),
      'p50 ms': Number(percentile(times, 0.5).toFixed(1)),
      'p99 ms': Number(percentile(times, 0.99).toFixed(1)),
      errors: list.filter((sample) => !sample.ok).length,
    };
  });
  const all = samples.filter((sample) => sample.at >= from && sample.at <= to);
  const times = all.map((sample) => sample.ms).sort((a, b) => a - b);
  rows.push({
    endpoint: 'all',
    requests: all.length,
    'req/s': Number((all.length / seconds).toFixed(1)),
    'p50 ms': Number(percentile(times, 0.5).toFixed(1)),
    'p99 ms': Number(percentile(times, 0.99).toFixed(1)),
    errors: all.filter((sample) => !sample.ok).length,
  });
  return rows;
}

async function main(): Promise<void> {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('bench:load needs haproxy (apt-get install haproxy)');
  if (!(await machinePostgresAnswers()) || !(await machineRedisAnswers())) {
    throw new Error(
      'bench:load needs the PostgreSQL on 127.0.0.1:5432 and the Redis on 127.0.0.1:6379',
    );
  }
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseName = `bench_load_${run}`;
  const redisKeyPrefix = `bench-load-${run}`;
  const databaseUrl = await createDatabase(MACHINE_POSTGRES, databaseName);
  let deployment: Deployment | undefined;
  const results: { learners: number; rows: EndpointRow[]; met: boolean }[] = [];
  try {
    deployment = await deploy({ haproxy, databaseUrl, redisUrl: MACHINE_REDIS, redisKeyPrefix });
    const samples: Sample[] = [];
    const learners: Learner[] = [];
    let running = true;
    const loops: Promise<void>[] = [];
    console.log(
      `\nbench:load: learners through haproxy to 2 API instances; think time ${THINK_MIN_MS}-${THINK_MAX_MS} ms; ` +
        `${DURATION_MS / 1000} s measured per stage after ${WARM_UP_MS / 1000} s of warm-up.`,
    );
    for (const target of STAGES) {
      // New learners register (argon2: not measured) and start their visits, spread over a second.
      const added: Learner[] = [];
      while (learners.length < target) {
        const n = learners.length;
        const learner = new Learner(deployment.client(n), `load-${n}-${run}@example.com`, samples);
        added.push(learner);
        learners.push(learner);
      }
      for (let index = 0; index < added.length; index += 8) {
        await Promise.all(added.slice(index, index + 8).map((learner) => learner.register()));
      }
      for (const learner of added) {
        loops.push(
          (async () => {
            await sleep(Math.random() * (THINK_MAX_MS - THINK_MIN_MS));
            await learner.loop(() => running);
          })(),
        );
      }
      await sleep(WARM_UP_MS);
      const from = Date.now();
      await sleep(DURATION_MS);
      const to = Date.now();
      const rows = summarise(samples, from, to);
      const met = rows.every((row) => row['p99 ms'] < TARGET_P99_MS && row.errors === 0);
      results.push({ learners: target, rows, met });
      console.log(
        `\n${target} learners: ${met ? 'p99 under 200 ms and no error' : 'target missed'}`,
      );
      console.table(rows);
      if (!met) break;
    }
    running = false;
    await Promise.all(loops);
  } finally {
    await deployment?.stop();
    await dropDatabase(MACHINE_POSTGRES, databaseName);
    await deleteRedisKeys(MACHINE_REDIS, redisKeyPrefix);
  }
  const held = results.filter((result) => result.met).at(-1);
  console.log(
    held
      ? `\nHeld: ${held.learners} learners with p99 under ${TARGET_P99_MS} ms on every endpoint and 0 errors.`
      : `\nNo stage met p99 under ${TARGET_P99_MS} ms with 0 errors.`,
  );
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/load.json'),
    JSON.stringify(
      { thinkMs: [THINK_MIN_MS, THINK_MAX_MS], durationMs: DURATION_MS, results },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
