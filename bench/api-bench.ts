/**
 * `npm run bench:api`: load on the built API, against a bare node:http server that sends the same
 * bytes in the same run, so the ratio says what the framework, auth and database cost.
 * Not a test: prints a table and writes bench/results/api.json.
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Compiled to bench/.build/bench/: three levels below the project root.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CHART = 3;
const TARGET_THROUGHPUT_RATIO = 0.5;
const TARGET_P99_MS = 20;

interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** Starts a node process that prints "running at <url>" once it listens, and waits for that. */
async function startServerProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`${name} exited (${String(code)}):\n${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        // A request log may keep flowing; read it away so the pipe never blocks the server.
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolveUrl(match[1]);
      }
    });
  });
  return {
    url,
    stop: () =>
      new Promise((resolveStop) => {
        child.once('exit', () => resolveStop());
        child.kill('SIGINT');
      }),
  };
}

function startProduct(dataDir: string): Promise<ServerProcess> {
  return startServerProcess('the API', [join(ROOT, 'api/dist/main.js')], {
    ...process.env,
    PORT: '0',
    NODE_ENV: 'test',
    EMBEDDED_DB_DIR: join(dataDir, 'pglite'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
  });
}

/** The bare baseline in its own process, as the API is: the ceiling for this machine. */
function startBareServer(
  dataDir: string,
  body: Buffer,
  headers: IncomingHttpHeaders,
): Promise<ServerProcess> {
  const sent: Record<string, string> = {};
  for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']) {
    const value = headers[name];
    if (typeof value === 'string') sent[name] = value;
  }
  const bodyFile = join(dataDir, `bare-body-${Date.now()}`);
  writeFileSync(bodyFile, body);
  const script = join(dirname(fileURLToPath(import.meta.url)), 'bare-server.js');
  return startServerProcess('the bare server', [script, bodyFile, JSON.stringify(sent)]);
}

interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Measured> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** One answer exactly as the API sent it on the wire (still gzipped when it was). */
function recorded(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolveAnswer, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${String(response.statusCode)}`));
          return;
        }
        resolveAnswer({ body: Buffer.concat(chunks), headers: response.headers });
      });
    }).on('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-bench-'));
  const product = await startProduct(dataDir);
  const bareServers: ServerProcess[] = [];
  try {
    const email = `bench-${Date.now()}@example.com`;
    const registered = await fetch(`${product.url}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench password for load' }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await fetch(`${product.url}/users/update/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ completed: 101 }),
    });

    const cases: { name: string; path: string; headers: Record<string, string> }[] = [
      {
        name: `GET chart-data/${CHART}`,
        path: `/chart-data/${CHART}`,
        headers: { 'accept-encoding': 'gzip' },
      },
      { name: 'GET users/get-progress', path: '/users/get-progress', headers: { cookie } },
    ];
    const rows = [];
    for (const benchCase of cases) {
      const target = `${product.url}${benchCase.path}`;
      const sample = await recorded(target, benchCase.headers);
      const bare = await startBareServer(dataDir, sample.body, sample.headers);
      bareServers.push(bare);
      const bareUrl = `${bare.url}${benchCase.path}`;
      // Warm both, then measure the bare ceiling and the API one after the other.
      await load(target, benchCase.headers);
      const baseline = await load(bareUrl, benchCase.headers);
      const api = await load(target, benchCase.headers);
      rows.push({
        endpoint: benchCase.name,
        bytes: sample.body.length,
        api,
        baseline,
        throughputRatio: api.requestsPerSecond / baseline.requestsPerSecond,
      });
    }

    console.log(
      `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per run, database: ` +
        `${process.env.DATABASE_URL ? 'the PostgreSQL at DATABASE_URL' : 'embedded (PGlite)'}; ` +
        'baseline = bare node:http server in its own process sending the same bytes, measured in the same run.\n',
    );
    const table = rows.map((row) => ({
      endpoint: row.endpoint,
      'bytes sent': row.bytes,
      'API req/s': Math.round(row.api.requestsPerSecond),
      'API p99 ms': row.api.p99Ms,
      'bare req/s': Math.round(row.baseline.requestsPerSecond),
      'bare p99 ms': row.baseline.p99Ms,
      'API / bare': row.throughputRatio.toFixed(2),
      target: `>= ${TARGET_THROUGHPUT_RATIO} and p99 <= ${TARGET_P99_MS} ms`,
      met:
        row.throughputRatio >= TARGET_THROUGHPUT_RATIO && row.api.p99Ms <= TARGET_P99_MS
          ? 'yes'
          : 'no',
      'non-2xx': row.api.non2xx,
    }));
    console.table(table);
    const resultsDir = join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'api.json'),
      JSON.stringify({ connections: CONNECTIONS, durationSeconds: DURATION_S, rows }, null, 2),
    );
    console.log(`written ${join('bench', 'results', 'api.json')}`);
  } finally {
    await Promise.all(bareServers.map((bare) => bare.stop()));
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
