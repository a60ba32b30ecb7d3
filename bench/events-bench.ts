/**
 * `npm run bench:events`: what a client flooding the analytics endpoint (64 connections of full
 * 50-event batches, in a process of its own) does to a signed-in learner's users/get-progress.
 * For each flood pattern the learner's p99 is measured quiet and, right after, under the flood;
 * each ratio is taken against the quiet measurement next to it, and the rounds' median ratio is
 * reported (target: at most 2). A control round with no flood shows the machine's own noise. The
 * API is one built instance on the machine's PostgreSQL (a database of the run's own) or, without
 * it, the embedded database. After each flood it reports the events written and dropped.
 *
 * BENCH_DURATION: seconds per measurement (default 10); BENCH_ROUNDS (default 3);
 * BENCH_LEARNER_RATE: the learner's requests per second (default 100).
 * Writes bench/results/events.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type ApiInstance, startApiInstance } from '../api/test/support/cluster/api-instance.js';
import {
  createDatabase,
  dropDatabase,
  MACHINE_POSTGRES,
  machinePostgresAnswers,
} from '../api/test/support/cluster/machine-services.js';
import { freePort } from '../api/test/support/private-redis.js';
import { FLOOD_PATTERNS, type FloodPattern, type FloodResult } from './events-flooder.js';
import { cpuMs, measureLearner, percentile, sleep } from './learner-probe.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LEARNER_RATE = Number(process.env.BENCH_LEARNER_RATE ?? 100);
const WARM_UP_S = 3;
const TARGET_RATIO = 2;
const CONTROL = 'none (control: no flood)';

function runFlooder(
  port: number,
  pattern: FloodPattern,
  client: string,
  cookie: string,
  seconds: number,
): Promise<FloodResult> {
  return new Promise((resolveResult, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(HERE, 'events-flooder.js'),
        `http://127.0.0.1:${port}`,
        pattern,
        client,
        String(seconds),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FLOOD_COOKIE: cookie } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the flooder exited with ${String(code)}`));
      else resolveResult(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as FloodResult);
    });
  });
}

async function register(port: number, email: string): Promise<string> {
  const registered = await fetch(`http://127.0.0.1:${port}/api/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.10' },
    body: JSON.stringify({ email, password: 'bench password long' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  return registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function main(): Promise<void> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const usePostgres = await machinePostgresAnswers();
  const databaseName = `bench_events_${run}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  let instance: ApiInstance | undefined;
  let counter: pg.Client | undefined;
  const rows: Record<string, string | number>[] = [];
  try {
    const env: NodeJS.ProcessEnv = {
      TRUST_PROXY: 'loopback',
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      EMBEDDED_DB_DIR: join(dataDir, 'pglite'),
    };
    if (usePostgres) {
      env.DATABASE_URL = await createDatabase(MACHINE_POSTGRES, databaseName);
      counter = new pg.Client({ connectionString: env.DATABASE_URL });
      await counter.connect();
    }
    const port = await freePort();
    instance = await startApiInstance('api', port, env);
    const apiPid = instance.pid;
    const learner = await register(port, `learner-${run}@example.com`);
    const flooderSession = await register(port, `flooder-${run}@example.com`);
    await measureLearner(port, learner, 3, LEARNER_RATE); // warm-up
    const storedEvents = async () =>
      counter
        ? Number(
            (
              (await counter.query('SELECT count(*) AS n FROM analytics_events')).rows[0] as {
                n: string;
              }
            ).n,
          )
        : Number.NaN;

    console.log(
      `\nbench:events: learner at ${LEARNER_RATE} req/s; per pattern and round, ${DURATION_S} s quiet ` +
        `then ${DURATION_S} s under the flood (64 connections of 50-event batches, its own ` +
        `process, started ${WARM_UP_S} s before); ${ROUNDS} rounds; database: ` +
        `${usePostgres ? 'PostgreSQL on 127.0.0.1:5432' : 'embedded'}.\n`,
    );
    const patterns: (FloodPattern | typeof CONTROL)[] = [CONTROL, ...FLOOD_PATTERNS];
    const measured = new Map(
      patterns.map((pattern) => [
        pattern,
        {
          quiet: [] as number[],
          flooded: [] as number[],
          ratios: [] as number[],
          floods: [] as FloodResult[],
          stored: [] as number[],
          quietCpu: [] as number[],
          floodedCpu: [] as number[],
        },
      ]),
    );
    let client = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const pattern of patterns) {
        const entry = measured.get(pattern);
        if (!entry) continue;
        const quietStart = cpuMs(apiPid);
        const quiet = percentile(
          await measureLearner(port, learner, DURATION_S, LEARNER_RATE),
          0.99,
        );
        entry.quietCpu.push((cpuMs(apiPid) - quietStart) / DURATION_S);
        client += 1;
        const before = await storedEvents();
        const flood =
          pattern === CONTROL
            ? Promise.resolve({ requests: 0, status2xx: 0, status429: 0, other: 0, errors: 0 })
            : runFlooder(
                port,
                pattern,
                `203.0.113.${client}`,
                flooderSession,
                WARM_UP_S + DURATION_S + 1,
              );
        await sleep(WARM_UP_S * 1000);
        const floodedStart = cpuMs(apiPid);
        const flooded = percentile(
          await measureLearner(port, learner, DURATION_S, LEARNER_RATE),
          0.99,
        );
        entry.floodedCpu.push((cpuMs(apiPid) - floodedStart) / DURATION_S);
        entry.floods.push(await flood);
        // The recorder writes once a second: what this flood left is in the table by then.
        await sleep(2000);
        entry.stored.push((await storedEvents()) - before);
        entry.quiet.push(quiet);
        entry.flooded.push(flooded);
        entry.ratios.push(flooded / quiet);
        console.log(
          `round ${round + 1}, ${pattern}: quiet p99 ${quiet.toFixed(1)} ms, flooded ${flooded.toFixed(1)} ms`,
        );
      }
    }
    const median = (values: number[]) => percentile(values, 0.5);
    for (const [pattern, entry] of measured) {
      const ratio = median(entry.ratios);
      const seconds = (WARM_UP_S + DURATION_S + 1) * entry.floods.length;
      const sum = (pick: (flood: FloodResult) => number) =>
        entry.floods.reduce((total, flood) => total + pick(flood), 0);
      rows.push({
        pattern,
        'flood req/s': Math.round(sum((flood) => flood.requests) / seconds),
        'flood 202': sum((flood) => flood.status2xx),
        'flood 429': sum((flood) => flood.status429),
        'flood other': sum((flood) => flood.other),
        'events stored': usePostgres ? entry.stored.reduce((a, b) => a + b, 0) : 'n/a',
        'quiet p99 ms': median(entry.quiet).toFixed(1),
        'flooded p99 ms': median(entry.flooded).toFixed(1),
        'API CPU ms/s quiet': median(entry.quietCpu).toFixed(0),
        'API CPU ms/s flooded': median(entry.floodedCpu).toFixed(0),
        ratios: entry.ratios.map((value) => value.toFixed(2)).join(' '),
        'median ratio': ratio.toFixed(2),
        met: ratio <= TARGET_RATIO ? 'yes' : 'no',
      });
    }
    console.table(rows);
  } finally {
    await counter?.end();
    await instance?.stop();
    if (usePostgres) await dropDatabase(MACHINE_POSTGRES, databaseName);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/events.json'), JSON.stringify(rows, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
