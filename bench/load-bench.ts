/**
 * `npm run bench:load`: simulated learners with think time, through haproxy in front of two API
 * instances on the machine's PostgreSQL (a database of the run's own) and Redis (a key prefix of
 * the run's own), as production runs. Each stage adds learners and measures; the answer is the
 * largest stage with p99 under 200 ms on every endpoint and no error.
 *
 * BENCH_LEARNERS: stages, e.g. "100,200,400" (default). BENCH_DURATION: seconds measured per
 * stage (default 30). BENCH_THINK_MS: think time between a learner's requests, "min,max"
 * (default 1000,3000). BENCH_TARGET_P99_MS: the p99 a stage must stay under (default 200).
 * BENCH_ALL_STAGES=1: run every stage even after one misses (to see overload). The instances
 * take DATABASE_POOL_SIZE, DATABASE_QUEUE_SIZE, DATABASE_QUEUE_WAIT_MS and
 * EVENT_LOOP_DELAY_LIMIT_MS from this environment. BENCH_POOLS: pool sizes to compare in one
 * run, e.g. "5,10,20", and BENCH_LOOP_LIMITS: event-loop delay limits (ms, 0: off): each
 * combination gets a fresh deployment and database and runs every stage, one after the
 * other, and a last table sets them side by side (with the load average of each).
 *
 * Besides times and errors, each stage counts the 503s shed on purpose (with Retry-After and
 * the busy message) apart from any other 5xx, and, from the instances' metrics, which limit
 * shed them (the admission queue, or the event loop's delay); it watches every instance's
 * readiness twice a second: overload must never look like an outage. Not a test: prints a
 * table per stage and writes bench/results/load.json.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '../api/test/support/cluster/client.js';
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
const TARGET_P99_MS = Number(process.env.BENCH_TARGET_P99_MS ?? 200);
const ALL_STAGES = process.env.BENCH_ALL_STAGES === '1';
/** The admission queue's 503 says this; any other 503 is something else. */
const SHED_MESSAGE = 'busy right now';
/** Numbers listed in an environment variable ("5,10,20"); empty when unset. */
const numbers = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map(Number);
/** Pool sizes to compare; empty: the instances' own setting (DATABASE_POOL_SIZE or default). */
const POOLS = numbers(process.env.BENCH_POOLS);
/** Event-loop delay limits to compare (0: off); empty: the instances' own setting. */
const LOOP_LIMITS = numbers(process.env.BENCH_LOOP_LIMITS);
const PASSWORD = 'bench password for load';

interface Sample {
  endpoint: string;
  ms: number;
  ok: boolean;
  at: number;
  /** 0: no answer at all. */
  status: number;
  /** A 503 from the admission queue, with Retry-After. */
  shed: boolean;
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
    for (let attempt = 1; ; attempt += 1) {
      const answer = await this.client.post('/api/register/', {
        email: this.email,
        password: PASSWORD,
      });
      if (answer.status === 201) return;
      // A busy instance asks to come back later, as a browser would.
      const retryAfter = Number(answer.headers['retry-after']);
      if (answer.status !== 503 || !(retryAfter > 0) || attempt >= 10)
        throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
      await sleep(retryAfter * 1000);
    }
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
    send: () => Promise<{
      status: number;
      ms: number;
      body: unknown;
      headers: Record<string, string | string[] | undefined>;
    }>,
  ): Promise<{ status: number; body: unknown } | undefined> {
    const at = Date.now();
    try {
      const answer = await send();
      const message = (answer.body as { message?: unknown } | undefined)?.message;
      const shed =
        answer.status === 503 &&
        answer.headers['retry-after'] !== undefined &&
        typeof message === 'string' &&
        message.includes(SHED_MESSAGE);
      this.samples.push({
        endpoint,
        ms: answer.ms,
        ok: answer.status < 400,
        at,
        status: answer.status,
        shed,
      });
      return answer;
    } catch {
      this.samples.push({ endpoint, ms: Date.now() - at, ok: false, at, status: 0, shed: false });
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
  /** 503s of the admission queue (counted in errors too). */
  shed: number;
  /** Any other 5xx, and requests that got no answer. */
  '5xx': number;
}

function counts(list: Sample[]): Pick<EndpointRow, 'errors' | 'shed' | '5xx'> {
  return {
    errors: list.filter((sample) => !sample.ok).length,
    shed: list.filter((sample) => sample.shed).length,
    '5xx': list.filter((sample) => !sample.shed && (sample.status >= 500 || sample.status === 0))
      .length,
  };
}

/** Asks every instance's readiness twice a second; counts the answers that were not 200. */
function watchReadiness(deployment: Deployment): { notReady: () => number; stop: () => void } {
  let notReady = 0;
  const probes = deployment.instances.map((instance) => new Client(instance.port, '127.0.0.1'));
  const timer = setInterval(() => {
    for (const probe of probes) {
      probe.get('/api/health/ready').then(
        (answer) => {
          if (answer.status !== 200) notReady += 1;
        },
        () => {
          notReady += 1;
        },
      );
    }
  }, 500);
  return { notReady: () => notReady, stop: () => clearInterval(timer) };
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
      ...counts(list),
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
    ...counts(all),
  });
  return rows;
}

/** Samples every instance's event-loop delay gauge twice a second (ms). */
function watchLoopDelay(deployment: Deployment): { samples: number[]; stop: () => void } {
  const samples: number[] = [];
  const probes = deployment.instances.map((instance) => new Client(instance.port, '127.0.0.1'));
  const timer = setInterval(() => {
    for (const probe of probes) {
      probe.get('/api/health/metrics').then(
        (answer) => {
          const match = /^course_event_loop_delay_seconds ([\d.e+-]+)$/m.exec(String(answer.body));
          if (match?.[1]) samples.push(Number(match[1]) * 1000);
        },
        () => undefined,
      );
    }
  }, 500);
  return { samples, stop: () => clearInterval(timer) };
}

/** Requests each instance shed since start, by reason, summed over the instances. */
async function shedByReason(deployment: Deployment): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const instance of deployment.instances) {
    const answer = await new Client(instance.port, '127.0.0.1').get('/api/health/metrics');
    for (const match of String(answer.body).matchAll(
      /^course_requests_shed_total\{reason="([a-z_]+)"\} (\d+)$/gm,
    )) {
      const reason = match[1] ?? '';
      totals[reason] = (totals[reason] ?? 0) + Number(match[2]);
    }
  }
  return totals;
}

/** One deployment's settings; undefined: the instances' own. */
interface Setting {
  pool?: number;
  loopLimitMs?: number;
}

const label = (setting: Setting) =>
  `pool ${setting.pool ?? 'default'}, loop limit ${setting.loopLimitMs ?? 'default'}`;

interface StageResult {
  setting: string;
  learners: number;
  rows: EndpointRow[];
  met: boolean;
  notReady: number;
  /** Shed during the measured window, by the limit that shed them. */
  shedBy: Record<string, number>;
  /** The instances' event-loop delay (mean of each half second), median and highest, ms. */
  loopDelayMs: { median: number; max: number };
  /**
   * This process's own event-loop delay over the window (mean and p99, ms): when it is high,
   * the simulated learners, not the API, are what makes answers late.
   */
  benchLoopDelayMs: { mean: number; p99: number };
  loadAverage: number[];
}

/** Every stage on a fresh deployment with `setting`. */
async function runStages(haproxy: string, setting: Setting): Promise<StageResult[]> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseName = `bench_load_${run}`;
  const redisKeyPrefix = `bench-load-${run}`;
  const databaseUrl = await createDatabase(MACHINE_POSTGRES, databaseName);
  let deployment: Deployment | undefined;
  const results: StageResult[] = [];
  try {
    deployment = await deploy({
      haproxy,
      databaseUrl,
      redisUrl: MACHINE_REDIS,
      redisKeyPrefix,
      env: {
        ...(setting.pool === undefined ? {} : { DATABASE_POOL_SIZE: String(setting.pool) }),
        ...(setting.loopLimitMs === undefined
          ? {}
          : { EVENT_LOOP_DELAY_LIMIT_MS: String(setting.loopLimitMs) }),
      },
    });
    const samples: Sample[] = [];
    const learners: Learner[] = [];
    let running = true;
    const loops: Promise<void>[] = [];
    console.log(
      `\nbench:load: learners through haproxy to 2 API instances (${label(setting)}); think time ${THINK_MIN_MS}-${THINK_MAX_MS} ms; ` +
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
      const readiness = watchReadiness(deployment);
      const loopDelay = watchLoopDelay(deployment);
      const shedBefore = await shedByReason(deployment);
      const benchLoop = monitorEventLoopDelay({ resolution: 10 });
      benchLoop.enable();
      const from = Date.now();
      await sleep(DURATION_MS);
      const to = Date.now();
      readiness.stop();
      loopDelay.stop();
      benchLoop.disable();
      // The histogram counts each 10 ms interval whole; what is late is the part beyond it.
      const benchLoopDelayMs = {
        mean: Math.max(0, Math.round(benchLoop.mean / 1e6 - 10)),
        p99: Math.max(0, Math.round(benchLoop.percentile(99) / 1e6 - 10)),
      };
      const delays = [...loopDelay.samples].sort((a, b) => a - b);
      const loopDelayMs = {
        median: Math.round(percentile(delays, 0.5)),
        max: Math.round(delays.at(-1) ?? 0),
      };
      const shedAfter = await shedByReason(deployment);
      const shedBy = Object.fromEntries(
        Object.entries(shedAfter).map(([reason, count]) => [
          reason,
          count - (shedBefore[reason] ?? 0),
        ]),
      );
      const rows = summarise(samples, from, to);
      const met = rows.every((row) => row['p99 ms'] < TARGET_P99_MS && row.errors === 0);
      const loadAverage = loadavg().map((value) => Number(value.toFixed(2)));
      results.push({
        setting: label(setting),
        learners: target,
        rows,
        met,
        notReady: readiness.notReady(),
        shedBy,
        loopDelayMs,
        benchLoopDelayMs,
        loadAverage,
      });
      console.log(
        `\n${target} learners, ${label(setting)}: ${met ? `p99 under ${TARGET_P99_MS} ms and no error` : 'target missed'}; ` +
          `readiness not 200: ${readiness.notReady()} times; shed by ${JSON.stringify(shedBy)}; ` +
          `event-loop delay median ${loopDelayMs.median} ms, highest ${loopDelayMs.max} ms ` +
          `(the bench's own: mean ${benchLoopDelayMs.mean} ms, p99 ${benchLoopDelayMs.p99} ms); ` +
          `load average ${loadAverage.join(', ')}`,
      );
      console.table(rows);
      if (!met && !ALL_STAGES) break;
    }
    running = false;
    await Promise.all(loops);
  } finally {
    await deployment?.stop();
    await dropDatabase(MACHINE_POSTGRES, databaseName);
    await deleteRedisKeys(MACHINE_REDIS, redisKeyPrefix);
  }
  return results;
}

async function main(): Promise<void> {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('bench:load needs haproxy (apt-get install haproxy)');
  if (!(await machinePostgresAnswers()) || !(await machineRedisAnswers())) {
    throw new Error(
      'bench:load needs the PostgreSQL on 127.0.0.1:5432 and the Redis on 127.0.0.1:6379',
    );
  }
  const results: StageResult[] = [];
  const settings: Setting[] = [];
  for (const pool of POOLS.length > 0 ? POOLS : [undefined]) {
    for (const loopLimitMs of LOOP_LIMITS.length > 0 ? LOOP_LIMITS : [undefined]) {
      settings.push({ pool, loopLimitMs });
    }
  }
  for (const setting of settings) results.push(...(await runStages(haproxy, setting)));
  if (settings.length > 1) {
    console.log('\nSettings side by side (all endpoints):');
    console.table(
      results.map((result) => {
        const all = result.rows.find((row) => row.endpoint === 'all');
        return {
          setting: result.setting,
          learners: result.learners,
          'req/s': all?.['req/s'],
          'p50 ms': all?.['p50 ms'],
          'p99 ms': all?.['p99 ms'],
          errors: all?.errors,
          'shed (queue)': (result.shedBy.queue_full ?? 0) + (result.shedBy.waited_too_long ?? 0),
          'shed (event loop)': result.shedBy.event_loop_delay ?? 0,
          'other 5xx': all?.['5xx'],
          'not ready': result.notReady,
          'loop delay ms (median/max)': `${result.loopDelayMs.median}/${result.loopDelayMs.max}`,
          "bench's loop delay ms (mean/p99)": `${result.benchLoopDelayMs.mean}/${result.benchLoopDelayMs.p99}`,
          load: result.loadAverage[0],
        };
      }),
    );
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
