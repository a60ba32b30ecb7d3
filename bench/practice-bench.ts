/**
 * `npm run bench:practice`: what two subscribers walking all their practice charts cold do to a
 * third learner's users/get-progress. Per round, the learner's p99 is measured quiet and, right
 * after, while two new subscribers walk their charts (their own process, started a few seconds
 * before); the ratio is taken against the quiet measurement next to it and the rounds' median
 * is reported. The target is at most 2x. One built instance on the machine's PostgreSQL (a
 * database of the run's own) or, without it, the embedded database.
 *
 * BENCH_DURATION: seconds per measurement (default 10); BENCH_ROUNDS (default 3);
 * BENCH_LEARNER_RATE: the learner's requests per second (default 100); BENCH_API_ROOT: the
 * checkout whose built API is measured (default this one: to compare with an older build);
 * PRACTICE_CHART_BUDGET and PRACTICE_WORKERS are passed on to the instance.
 * Writes bench/results/practice.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  dropDatabase,
  MACHINE_POSTGRES,
  machinePostgresAnswers,
} from '../api/test/support/cluster/machine-services.js';
import { captureOutput, stopProcess } from '../api/test/support/cluster/processes.js';
import { freePort } from '../api/test/support/private-redis.js';
import { cpuMs, measureLearner, percentile, sleep } from './learner-probe.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const API_ROOT = resolve(process.env.BENCH_API_ROOT ?? ROOT);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LEARNER_RATE = Number(process.env.BENCH_LEARNER_RATE ?? 100);
const WARM_UP_S = 3;
const TARGET_RATIO = 2;

/** The built API of API_ROOT, as `npm start` runs it; resolves once it listens. */
async function startApi(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const entry = join(API_ROOT, 'api/dist/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build that checkout first`);
  const child = spawn(process.execPath, [entry], {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  await new Promise<void>((started, failed) => {
    const timer = setTimeout(() => failed(new Error(`no start in 90 s:\n${output()}`)), 90_000);
    child.stdout.on('data', () => {
      if (/running at http:\/\/\S+/.test(output())) {
        clearTimeout(timer);
        started();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`the API exited (${String(code)}):\n${output()}`));
    });
  });
  return child;
}

let clients = 0;

/** A new learner's session cookie; with `subscribe`, on the Pro Plan (test-mode checkout). */
async function newLearner(base: string, subscribe: boolean): Promise<string> {
  clients += 1;
  // Each learner registers from an address of its own: the register limit is per address.
  const from = { 'x-forwarded-for': `192.0.2.${clients}` };
  const registered = await fetch(`${base}/api/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from },
    body: JSON.stringify({
      email: `learner-${process.pid}-${clients}-${randomBytes(3).toString('hex')}@example.com`,
      password: 'bench password long',
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!subscribe) return cookie;
  const plan = (await (await fetch(`${base}/api/billing/plan`)).json()) as { priceId: string };
  const headers = { 'content-type': 'application/json', cookie, origin: base, ...from };
  const checkout = await fetch(`${base}/stripe/check/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ priceId: plan.priceId }),
  });
  const { url } = (await checkout.json()) as { url: string };
  const confirmed = await fetch(`${base}${new URL(url).pathname}/confirm`, {
    method: 'POST',
    headers,
  });
  if (confirmed.status >= 400) throw new Error(`checkout answered ${confirmed.status}`);
  return cookie;
}

function walk(base: string, seconds: number, cookies: string[]): Promise<Record<string, number>> {
  return new Promise((done, failed) => {
    const child = spawn(
      process.execPath,
      [join(HERE, 'practice-walker.js'), base, String(seconds), ...cookies],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) failed(new Error(`the walkers exited with ${String(code)}`));
      else done(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, number>);
    });
  });
}

async function main(): Promise<void> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const usePostgres = await machinePostgresAnswers();
  const databaseName = `bench_practice_${run}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-practice-'));
  let api: ChildProcess | undefined;
  const rows: Record<string, string | number>[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      TRUST_PROXY: 'loopback',
      APP_ORIGIN: base,
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      EMBEDDED_DB_DIR: join(dataDir, 'pglite'),
    };
    if (usePostgres) env.DATABASE_URL = await createDatabase(MACHINE_POSTGRES, databaseName);
    api = await startApi(port, env);
    const apiPid = api.pid ?? 0;
    const learner = await newLearner(base, false);
    await measureLearner(port, learner, 3, LEARNER_RATE); // warm-up
    console.log(
      `\nbench:practice (${API_ROOT}): learner at ${LEARNER_RATE} req/s; per round ${DURATION_S} s ` +
        `quiet, then ${DURATION_S} s while two new subscribers walk their practice charts ` +
        `(started ${WARM_UP_S} s before); ${ROUNDS} rounds; database: ` +
        `${usePostgres ? 'PostgreSQL on 127.0.0.1:5432' : 'embedded'}; load average ` +
        `${loadavg()[0]?.toFixed(1) ?? '?'}.\n`,
    );
    const quiet: number[] = [];
    const walked: number[] = [];
    const ratios: number[] = [];
    const cpu = { quiet: [] as number[], walked: [] as number[] };
    const answers: Record<string, number> = {};
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const quietStart = cpuMs(apiPid);
      const quietP99 = percentile(
        await measureLearner(port, learner, DURATION_S, LEARNER_RATE),
        0.99,
      );
      cpu.quiet.push((cpuMs(apiPid) - quietStart) / DURATION_S);
      const walkers = [await newLearner(base, true), await newLearner(base, true)];
      const walking = walk(base, WARM_UP_S + DURATION_S, walkers);
      await sleep(WARM_UP_S * 1000);
      const walkedStart = cpuMs(apiPid);
      const walkedP99 = percentile(
        await measureLearner(port, learner, DURATION_S, LEARNER_RATE),
        0.99,
      );
      cpu.walked.push((cpuMs(apiPid) - walkedStart) / DURATION_S);
      for (const [status, count] of Object.entries(await walking)) {
        answers[status] = (answers[status] ?? 0) + count;
      }
      loads.push(loadavg()[0] ?? 0);
      quiet.push(quietP99);
      walked.push(walkedP99);
      ratios.push(walkedP99 / quietP99);
      console.log(
        `round ${round + 1}: quiet p99 ${quietP99.toFixed(1)} ms, walked ${walkedP99.toFixed(1)} ms`,
      );
    }
    const median = (values: number[]) => percentile(values, 0.5);
    const ratio = median(ratios);
    rows.push({
      api: API_ROOT,
      'quiet p99 ms': median(quiet).toFixed(1),
      'walked p99 ms': median(walked).toFixed(1),
      ratios: ratios.map((value) => value.toFixed(2)).join(' '),
      'median ratio': ratio.toFixed(2),
      met: ratio <= TARGET_RATIO ? 'yes' : 'no',
      'walkers answered': Object.entries(answers)
        .map(([status, count]) => `${count} ${status}`)
        .join(', '),
      'API CPU ms/s quiet': median(cpu.quiet).toFixed(0),
      'API CPU ms/s walked': median(cpu.walked).toFixed(0),
      'load average': loads.map((load) => load.toFixed(1)).join(' '),
    });
    console.table(rows);
  } finally {
    if (api) await stopProcess(api, 'SIGTERM');
    if (usePostgres) await dropDatabase(MACHINE_POSTGRES, databaseName);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/practice.json'), JSON.stringify(rows, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
