/**
 * `npm run bench:startup`: how long an API instance takes from process start to ready, step by
 * step, and what a starting instance costs a peer that is serving a learner.
 *
 * 1. BENCH_STARTS (default 5) starts of one built instance (node api/dist/main.js) on a database
 *    of the run's own on the machine's PostgreSQL, one after the other with nothing else
 *    running: the steps the instance logs when it is ready (modules, config, migrations, app
 *    modules, web middleware, listen), its CPU time, and the wall time from spawn to the first
 *    200 from /api/health/ready.
 * 2. BENCH_ROUNDS (default 3) rounds of a signed-in learner calling users/get-progress 20 times a
 *    second on one instance: 8 s quiet, then 8 s from the moment a second instance is started
 *    on the same database. The ratio is the learner's p99 during the start over quiet.
 *
 * Each figure is printed with the machine's load average. Writes bench/results/startup.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiInstance } from '../api/test/support/cluster/api-instance.js';
import {
  createDatabase,
  dropDatabase,
  MACHINE_POSTGRES,
} from '../api/test/support/cluster/machine-services.js';
import { freePort } from '../api/test/support/private-redis.js';
import { measureLearner, percentile, sleep } from './learner-probe.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW_S = 8;
const RATE = 20;

interface StartFigures {
  readyMs: number;
  startupMs: number;
  cpuMs: number;
  steps: Record<string, number>;
  load: number;
}

const load1 = () => Number(loadavg()[0]?.toFixed(1));
const median = (values: number[]) => percentile(values, 0.5);

/** Starts an instance, waits for its first ready answer, reads its start-up line, stops it. */
async function measureStart(env: NodeJS.ProcessEnv): Promise<StartFigures> {
  const port = await freePort();
  const spawned = performance.now();
  const instance = await startApiInstance('api', port, env);
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      if (answer?.status === 200) break;
      await sleep(10);
    }
    const readyMs = Math.round(performance.now() - spawned);
    const line = instance
      .output()
      .split('\n')
      .find((entry) => entry.includes('"startupMs"'));
    if (!line) throw new Error(`no start-up line in:\n${instance.output()}`);
    const logged = JSON.parse(line) as Omit<StartFigures, 'readyMs' | 'load'>;
    return {
      readyMs,
      startupMs: logged.startupMs,
      cpuMs: logged.cpuMs,
      steps: logged.steps,
      load: load1(),
    };
  } finally {
    await instance.stop();
  }
}

async function registerLearner(port: number): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${port}/api/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.10' },
    body: JSON.stringify({
      email: `startup-${randomBytes(4).toString('hex')}@example.com`,
      password: 'bench password for start-up',
    }),
  });
  if (answer.status !== 201) throw new Error(`register: ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

async function main(): Promise<void> {
  const run = `startup_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = await createDatabase(MACHINE_POSTGRES, run);
  const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: 'loopback' };
  try {
    // The first start migrates the new database; the figures are of starts with nothing to do.
    await measureStart(env);
    const starts: StartFigures[] = [];
    for (let n = 0; n < STARTS; n += 1) {
      const figures = await measureStart(env);
      starts.push(figures);
      console.log(`start ${n + 1}: ${JSON.stringify(figures)}`);
    }
    const stepNames = Object.keys(starts[0]?.steps ?? {});
    console.log(
      `\nmedian of ${STARTS} starts (load average ${starts.map((s) => s.load).join(', ')}):`,
    );
    console.log(`  spawn to ready ${median(starts.map((s) => s.readyMs))} ms`);
    console.log(`  process start to ready ${median(starts.map((s) => s.startupMs))} ms`);
    console.log(`  CPU ${median(starts.map((s) => s.cpuMs))} ms`);
    for (const name of stepNames)
      console.log(`  ${name}: ${median(starts.map((s) => s.steps[name] ?? 0))} ms`);

    const peer = await startApiInstance('peer', await freePort(), env);
    const rounds: { quietP99: number; startingP99: number; ratio: number; load: number }[] = [];
    try {
      const cookie = await registerLearner(peer.port);
      await measureLearner(peer.port, cookie, 3, RATE); // warm-up
      for (let round = 0; round < ROUNDS; round += 1) {
        const quiet = await measureLearner(peer.port, cookie, WINDOW_S, RATE);
        const starting = measureLearner(peer.port, cookie, WINDOW_S, RATE);
        const second = startApiInstance('second', await freePort(), env);
        const during = await starting;
        await (await second).stop();
        const figures = {
          quietP99: Math.round(percentile(quiet, 0.99) * 10) / 10,
          startingP99: Math.round(percentile(during, 0.99) * 10) / 10,
          ratio: Math.round((percentile(during, 0.99) / percentile(quiet, 0.99)) * 100) / 100,
          load: load1(),
        };
        rounds.push(figures);
        console.log(`peer round ${round + 1}: ${JSON.stringify(figures)}`);
      }
    } finally {
      await peer.stop();
    }
    console.log(
      `\npeer p99 while an instance starts / quiet, median of ${ROUNDS}: ${median(rounds.map((r) => r.ratio))}`,
    );
    const folder = join(ROOT, 'bench/results');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'startup.json'), JSON.stringify({ starts, rounds }, null, 2));
  } finally {
    await dropDatabase(MACHINE_POSTGRES, run);
  }
}

await main();
