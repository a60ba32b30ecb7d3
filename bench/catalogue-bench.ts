/**
 * `npm run bench:catalogue`: what asking for every catalogue chart cold does to the API's event
 * loop. One built instance on a fresh embedded database; a subscriber asks for each chart of
 * charts.yaml (and each 1-hour twin) once, one after the other, then once more (warm), while
 * the instance measures its own event-loop delay (perf_hooks, 10 ms resolution, loaded with
 * --import). Prints p50, p99 and max of the delay per pass, the slowest answers and the
 * requests shed; writes bench/results/catalogue.json.
 *
 * BENCH_API_ROOT: the checkout whose built API is measured (default this one: to compare with
 * an older build); EVENT_LOOP_DELAY_LIMIT_MS is passed on to the instance.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { captureOutput, stopProcess } from '../api/test/support/cluster/processes.js';
import { freePort } from '../api/test/support/private-redis.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../..');
const API_ROOT = resolve(process.env.BENCH_API_ROOT ?? ROOT);
const PROBE = pathToFileURL(join(HERE, 'event-loop-probe.js')).href;

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
}

interface Pass {
  delay: LoopDelay;
  seconds: number;
  statuses: Record<string, number>;
  slowest: { chart: number; ms: number }[];
}

/** The built API of API_ROOT with the probe loaded; resolves once it listens. */
async function startApi(port: number, dataDir: string): Promise<ChildProcess> {
  const entry = join(API_ROOT, 'api/dist/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build that checkout first`);
  const child = spawn(process.execPath, ['--import', PROBE, entry], {
    cwd: API_ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_DB_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = captureOutput(child);
  await new Promise<void>((started, failed) => {
    const timer = setTimeout(() => failed(new Error(`no start in 120 s:\n${output()}`)), 120_000);
    child.stdout?.on('data', () => {
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

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((answered) => {
    child.once('message', (reply) => answered(reply as T));
    child.send(message);
  });
}

/** Every chart number of the catalogue: charts.yaml's numbers and their 1-hour twins. */
function catalogueNumbers(): number[] {
  const text = readFileSync(join(API_ROOT, 'api/content/charts.yaml'), 'utf8');
  const { charts } = parse(text) as { charts: { number: number; hourly?: number }[] };
  return charts
    .flatMap((chart) =>
      chart.hourly === undefined ? [chart.number] : [chart.number, chart.hourly],
    )
    .sort((a, b) => a - b);
}

/** A new subscriber's session cookie (test-mode checkout). */
async function newSubscriber(base: string): Promise<string> {
  const registered = await fetch(`${base}/api/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `catalogue-${process.pid}-${randomBytes(3).toString('hex')}@example.com`,
      password: 'bench password long',
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const plan = (await (await fetch(`${base}/api/billing/plan`)).json()) as { priceId: string };
  const headers = { 'content-type': 'application/json', cookie, origin: base };
  const checkout = await fetch(`${base}/stripe/check/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ priceId: plan.priceId }),
  });
  const checkoutBody = (await checkout.json()) as { url: string };
  if (!checkoutBody.url)
    throw new Error(`checkout answered ${checkout.status} ${JSON.stringify(checkoutBody)}`);
  const { url } = checkoutBody;
  const confirmed = await fetch(`${base}${new URL(url).pathname}/confirm`, {
    method: 'POST',
    headers,
    // The redirect is to the app's page, which need not be built for this bench.
    redirect: 'manual',
  });
  if (confirmed.status >= 400)
    throw new Error(`checkout answered ${confirmed.status} ${await confirmed.text()}`);
  return cookie;
}

async function pass(child: ChildProcess, base: string, cookie: string, charts: number[]) {
  await ask(child, 'reset');
  const statuses: Record<string, number> = {};
  const times: { chart: number; ms: number }[] = [];
  const started = performance.now();
  for (const chart of charts) {
    const sent = performance.now();
    const answer = await fetch(`${base}/chart-data/${chart}`, { headers: { cookie } });
    await answer.arrayBuffer();
    times.push({ chart, ms: Math.round(performance.now() - sent) });
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const delay = await ask<LoopDelay>(child, 'read');
  const slowest = times.sort((a, b) => b.ms - a.ms).slice(0, 3);
  return { delay, seconds, statuses, slowest } satisfies Pass;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalogue-bench-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = await startApi(port, dataDir);
  try {
    const cookie = await newSubscriber(base);
    const charts = catalogueNumbers();
    const cold = await pass(child, base, cookie, charts);
    const warm = await pass(child, base, cookie, charts);
    const metrics = await (await fetch(`${base}/api/health/metrics`)).text();
    const shed = metrics
      .split('\n')
      .filter((line) => line.startsWith('course_requests_shed_total{'));
    const result = {
      apiRoot: API_ROOT,
      charts: charts.length,
      loadAverage: loadavg()[0],
      limitMs: process.env.EVENT_LOOP_DELAY_LIMIT_MS ?? '(default)',
      cold,
      warm,
      shed,
    };
    for (const [name, run] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      console.log(
        `${name}: ${charts.length} charts in ${run.seconds.toFixed(1)} s; event loop late ` +
          `p50 ${round(run.delay.p50)} ms, p99 ${round(run.delay.p99)} ms, max ` +
          `${round(run.delay.max)} ms; answers ${JSON.stringify(run.statuses)}; slowest ` +
          run.slowest.map((entry) => `#${entry.chart} ${entry.ms} ms`).join(', '),
      );
    }
    console.log(shed.join('\n'));
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/catalogue.json'), JSON.stringify(result, null, 2));
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
