/**
 * `npm run bench:login`: whether a wrong password takes as long for a registered email as for an
 * unknown one (an attacker timing logins must not learn who has an account). Pairs of logins,
 * known then unknown in alternating order, on one built API instance; prints both medians and
 * the mean paired difference with its 95% confidence interval. Not a test: timings here are
 * noisy, which is exactly what the interval says.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiInstance, startApiInstance } from '../api/test/support/cluster/api-instance.js';
import {
  createDatabase,
  dropDatabase,
  MACHINE_POSTGRES,
  machinePostgresAnswers,
} from '../api/test/support/cluster/machine-services.js';
import { freePort } from '../api/test/support/private-redis.js';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 200);

async function main(): Promise<void> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const usePostgres = await machinePostgresAnswers();
  const databaseName = `bench_login_${run}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-login-'));
  let instance: ApiInstance | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      // Each login comes from its own forwarded address, so the per-client limit never answers.
      TRUST_PROXY: 'loopback',
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      EMBEDDED_DB_DIR: join(dataDir, 'pglite'),
    };
    if (usePostgres) env.DATABASE_URL = await createDatabase(MACHINE_POSTGRES, databaseName);
    const port = await freePort();
    instance = await startApiInstance('api', port, env);
    let client = 0;
    const login = async (email: string): Promise<number> => {
      client += 1;
      const started = performance.now();
      const answer = await fetch(`http://127.0.0.1:${port}/api/login/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
        },
        body: JSON.stringify({ email, password: 'not the password at all' }),
      });
      await answer.text();
      if (answer.status !== 401) throw new Error(`login answered ${answer.status}`);
      return performance.now() - started;
    };
    const known = `known-${run}@example.com`;
    const registered = await fetch(`http://127.0.0.1:${port}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' },
      body: JSON.stringify({ email: known, password: 'the real password here' }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    for (let warm = 0; warm < 10; warm += 1) await login(known);

    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    const differences: number[] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const unknown = `nobody-${pair}-${run}@example.com`;
      // Alternate which goes first, so drift in the machine's load hits both alike.
      const [first, second] = pair % 2 === 0 ? [known, unknown] : [unknown, known];
      const firstMs = await login(first);
      const secondMs = await login(second);
      const knownMs = first === known ? firstMs : secondMs;
      const unknownMs = first === known ? secondMs : firstMs;
      knownTimes.push(knownMs);
      unknownTimes.push(unknownMs);
      differences.push(knownMs - unknownMs);
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const mean = differences.reduce((sum, value) => sum + value, 0) / differences.length;
    const variance =
      differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (differences.length - 1);
    const halfWidth = 1.96 * Math.sqrt(variance / differences.length);
    console.log(
      `\nbench:login: ${PAIRS} pairs of wrong-password logins, database: ` +
        (usePostgres ? 'PostgreSQL on 127.0.0.1:5432' : 'embedded'),
    );
    console.table([
      { email: 'registered', 'median ms': median(knownTimes).toFixed(2) },
      { email: 'unknown', 'median ms': median(unknownTimes).toFixed(2) },
    ]);
    console.log(
      `mean paired difference (registered - unknown): ${mean.toFixed(2)} ms, ` +
        `95% CI [${(mean - halfWidth).toFixed(2)}, ${(mean + halfWidth).toFixed(2)}] ms: ` +
        (Math.abs(mean) <= halfWidth ? 'within noise' : 'a difference beyond the noise'),
    );
  } finally {
    await instance?.stop();
    if (usePostgres) await dropDatabase(MACHINE_POSTGRES, databaseName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
