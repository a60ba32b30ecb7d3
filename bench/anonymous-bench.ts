/**
 * `npm run bench:anonymous`: what one anonymous client doing the worst it can (64 connections,
 * one pattern at a time, in a process of its own) does to a signed-in learner's
 * users/get-progress. For each pattern the learner's p99 is measured quiet and, right after,
 * under the attack; on a shared machine whose load drifts, each ratio is taken against the quiet
 * measurement next to it, and the rounds' median ratio is reported. The target is at most 2x.
 * The API is one built instance on the machine's PostgreSQL (a database of the run's own) or,
 * without it, the embedded database.
 *
 * BENCH_DURATION: seconds per measurement (default 10); BENCH_ROUNDS (default 3);
 * BENCH_LEARNER_RATE: the learner's requests per second (default 100); BENCH_PATTERNS: the
 * attacker's patterns to run, comma-separated (default all; the control always runs).
 * Writes bench/results/anonymous.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiInstance, startApiInstance } from '../api/test/support/cluster/api-instance.js';
import {
  createDatabase,
  dropDatabase,
  MACHINE_POSTGRES,
  machinePostgresAnswers,
} from '../api/test/support/cluster/machine-services.js';
import { freePort } from '../api/test/support/private-redis.js';
import { cpuMs, measureLearner as measureAt, percentile, sleep } from './learner-probe.js';
import { ATTACK_PATTERNS, type AttackPattern, type AttackResult } from './anonymous-attacker.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LEARNER_RATE = Number(process.env.BENCH_LEARNER_RATE ?? 100);
const WARM_UP_S = 3;
const TARGET_RATIO = 2;

const measureLearner = (port: number, cookie: string, seconds: number) =>
  measureAt(port, cookie, seconds, LEARNER_RATE);

function runAttacker(
  port: number,
  pattern: AttackPattern,
  client: string,
  seconds: number,
): Promise<AttackResult> {
  return new Promise((resolveResult, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(HERE, 'anonymous-attacker.js'),
        `http://127.0.0.1:${port}`,
        pattern,
        client,
        String(seconds),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the attacker exited with ${String(code)}`));
      else resolveResult(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as AttackResult);
    });
  });
}

async function main(): Promise<void> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const usePostgres = await machinePostgresAnswers();
  const databaseName = `bench_anonymous_${run}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-anonymous-'));
  let instance: ApiInstance | undefined;
  const rows: Record<string, string | number>[] = [];
  try {
    const env: NodeJS.ProcessEnv = {
      TRUST_PROXY: 'loopback',
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      EMBEDDED_DB_DIR: join(dataDir, 'pglite'),
    };
    if (usePostgres) env.DATABASE_URL = await createDatabase(MACHINE_POSTGRES, databaseName);
    const port = await freePort();
    instance = await startApiInstance('api', port, env);
    const apiPid = instance.pid;
    const registered = await fetch(`http://127.0.0.1:${port}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.10' },
      body: JSON.stringify({
        email: `learner-${run}@example.com`,
        password: 'bench password long',
      }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await measureLearner(port, cookie, 3); // warm-up

    console.log(
      `\nbench:anonymous: learner at ${LEARNER_RATE} req/s; per pattern and round, ${DURATION_S} s quiet ` +
        `then ${DURATION_S} s under the attacker (64 connections, its own process, started ` +
        `${WARM_UP_S} s before); ${ROUNDS} rounds; database: ` +
        `${usePostgres ? 'PostgreSQL on 127.0.0.1:5432' : 'embedded'}.\n`,
    );
    const median = (values: number[]) => percentile(values, 0.5);
    // The control: no attacker at all, measured the same way. Its ratios are the machine's noise.
    const CONTROL = 'none (control: no attacker)';
    const chosen = process.env.BENCH_PATTERNS?.split(',').map((name) => name.trim());
    const unknown = chosen?.filter((name) => !(name in ATTACK_PATTERNS)) ?? [];
    if (unknown.length > 0) throw new Error(`no attack pattern ${unknown.join(', ')}`);
    const patterns: (AttackPattern | typeof CONTROL)[] = [
      CONTROL,
      ...((chosen ?? Object.keys(ATTACK_PATTERNS)) as AttackPattern[]),
    ];
    const measured = new Map(
      patterns.map((pattern) => [
        pattern,
        {
          quiet: [] as number[],
          attacked: [] as number[],
          ratios: [] as number[],
          attacks: [] as AttackResult[],
          /** The API's CPU time per second of measurement, quiet and attacked. */
          quietCpu: [] as number[],
          attackedCpu: [] as number[],
        },
      ]),
    );
    let client = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const pattern of patterns) {
        const entry = measured.get(pattern);
        if (!entry) continue;
        const quietStart = cpuMs(apiPid);
        const quiet = percentile(await measureLearner(port, cookie, DURATION_S), 0.99);
        entry.quietCpu.push((cpuMs(apiPid) - quietStart) / DURATION_S);
        // Each attack is a new client to the API (its own forwarded address): a fresh budget.
        client += 1;
        const attacker =
          pattern === CONTROL
            ? Promise.resolve({ requests: 0, status2xx: 0, status429: 0, other: 0, errors: 0 })
            : runAttacker(port, pattern, `203.0.113.${client}`, WARM_UP_S + DURATION_S + 1);
        await sleep(WARM_UP_S * 1000);
        const attackedStart = cpuMs(apiPid);
        const attacked = percentile(await measureLearner(port, cookie, DURATION_S), 0.99);
        entry.attackedCpu.push((cpuMs(apiPid) - attackedStart) / DURATION_S);
        entry.attacks.push(await attacker);
        entry.quiet.push(quiet);
        entry.attacked.push(attacked);
        entry.ratios.push(attacked / quiet);
        console.log(
          `round ${round + 1}, ${pattern}: quiet p99 ${quiet.toFixed(1)} ms, attacked ${attacked.toFixed(1)} ms`,
        );
      }
    }
    for (const [pattern, entry] of measured) {
      const ratio = median(entry.ratios);
      const seconds = (WARM_UP_S + DURATION_S + 1) * entry.attacks.length;
      const sum = (pick: (attack: AttackResult) => number) =>
        entry.attacks.reduce((total, attack) => total + pick(attack), 0);
      rows.push({
        pattern,
        'attacker req/s': Math.round(sum((attack) => attack.requests) / seconds),
        'attacker 2xx': sum((attack) => attack.status2xx),
        'attacker 429': sum((attack) => attack.status429),
        'attacker other': sum((attack) => attack.other),
        'quiet p99 ms': median(entry.quiet).toFixed(1),
        'attacked p99 ms': median(entry.attacked).toFixed(1),
        'API CPU ms/s quiet': median(entry.quietCpu).toFixed(0),
        'API CPU ms/s attacked': median(entry.attackedCpu).toFixed(0),
        ratios: entry.ratios.map((value) => value.toFixed(2)).join(' '),
        'median ratio': ratio.toFixed(2),
        met: ratio <= TARGET_RATIO ? 'yes' : 'no',
      });
    }
    console.table(rows);
  } finally {
    await instance?.stop();
    if (usePostgres) await dropDatabase(MACHINE_POSTGRES, databaseName);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/anonymous.json'), JSON.stringify(rows, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
