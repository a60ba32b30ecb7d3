import { Worker } from 'node:worker_threads';
import type { HealthReports } from './health-reports.js';

/** The main event loop writes its heartbeat (and the readiness it would report) this often. */
export const HEALTH_BEAT_INTERVAL_MS = 100;
/**
 * Readiness turns 503 when the main loop has not beaten for longer than this: an instance whose
 * loop is that late cannot answer its requests, though the checks are answered. Shorter stalls
 * (a burst of work on a busy CPU) keep it ready: its requests are slow, not lost, and the event
 * loop limit sheds what it cannot take.
 */
export const MAIN_LOOP_READY_BOUND_MS = 5_000;
/** Liveness turns 503 when the main loop has not beaten for this long: it is stuck for good. */
export const MAIN_LOOP_LIVE_BOUND_MS = 30_000;

/** Slots of the shared state: the beat's time (BigInt64), then the readiness as the main loop saw it. */
const BEAT_BYTES = 8;
const STATE_SLOTS = { status: 0, database: 1, redis: 2 } as const;
const STATUSES = ['ok', 'error', 'stopping'] as const;
const REDIS_STATES = ['not configured', 'up', 'down'] as const;

/**
 * The health checks served from a worker thread on a port of their own: answered in microseconds
 * however late the main event loop is, from the heartbeat and readiness the main loop writes to
 * shared memory every {@link HEALTH_BEAT_INTERVAL_MS}. A balancer checks this port, so a busy CPU
 * makes the instance slow, never "down"; only a loop that has not beaten for
 * {@link MAIN_LOOP_READY_BOUND_MS}, a dependency down or a stop make it unready.
 */
export class HealthCheckServer {
  private readonly beatTime: BigInt64Array;
  private readonly state: Int32Array;
  private readonly beating: NodeJS.Timeout;

  private constructor(
    private readonly reports: HealthReports,
    private readonly worker: Worker,
    buffer: SharedArrayBuffer,
    /** The port the checks are served on. */
    readonly port: number,
  ) {
    this.beatTime = new BigInt64Array(buffer, 0, 1);
    this.state = new Int32Array(buffer, BEAT_BYTES, Object.keys(STATE_SLOTS).length);
    this.beat();
    this.beating = setInterval(() => this.beat(), HEALTH_BEAT_INTERVAL_MS);
    this.beating.unref();
  }

  /** Starts the worker and waits until it listens on `port` (0: a free one) of `host`. */
  static async start(
    reports: HealthReports,
    options: { port: number; host: string },
  ): Promise<HealthCheckServer> {
    const buffer = new SharedArrayBuffer(BEAT_BYTES + 4 * Object.keys(STATE_SLOTS).length);
    new BigInt64Array(buffer, 0, 1)[0] = BigInt(Date.now());
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        buffer,
        port: options.port,
        host: options.host,
        readyBoundMs: MAIN_LOOP_READY_BOUND_MS,
        liveBoundMs: MAIN_LOOP_LIVE_BOUND_MS,
        slots: STATE_SLOTS,
        statuses: STATUSES,
        redisStates: REDIS_STATES,
        beatBytes: BEAT_BYTES,
      },
    });
    // The checks must not keep a stopping process alive.
    worker.unref();
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('message', (message: { listening?: number; error?: string }) => {
        if (message.listening !== undefined) resolve(message.listening);
        else reject(new Error(`the health check port could not listen: ${message.error}`));
      });
      worker.once('error', reject);
    });
    return new HealthCheckServer(reports, worker, buffer, port);
  }

  /** Writes the heartbeat and the readiness the main loop reports now. */
  beat(): void {
    const { body } = this.reports.readiness();
    Atomics.store(this.state, STATE_SLOTS.status, STATUSES.indexOf(body.status));
    Atomics.store(this.state, STATE_SLOTS.database, body.database === 'up' ? 1 : 0);
    Atomics.store(this.state, STATE_SLOTS.redis, REDIS_STATES.indexOf(body.redis));
    Atomics.store(this.beatTime, 0, BigInt(Date.now()));
  }

  async close(): Promise<void> {
    clearInterval(this.beating);
    await this.worker.terminate();
  }
}

/**
 * The worker's program (plain JavaScript, so that it runs the same from the sources and the
 * build): an HTTP server answering /api/health/live, /api/health/ready and /api/health with the
 * main API's bodies, plus how late the main loop is.
 */
const WORKER_SOURCE = `
const { createServer } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { buffer, port, host, readyBoundMs, liveBoundMs, slots, statuses, redisStates, beatBytes } =
  workerData;
const beatTime = new BigInt64Array(buffer, 0, 1);
const state = new Int32Array(buffer, beatBytes, Object.keys(slots).length);
const RETRY_AFTER_SECONDS = '5';

function send(request, response, statusCode, body) {
  const text = JSON.stringify(body);
  response.writeHead(statusCode, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...(statusCode === 503 ? { 'Retry-After': RETRY_AFTER_SECONDS } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}

const server = createServer((request, response) => {
  const path = (request.url || '').split('?')[0];
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(request, response, 405, { statusCode: 405, message: 'Only GET and HEAD' });
    return;
  }
  const mainLoopLateMs = Math.max(0, Date.now() - Number(Atomics.load(beatTime, 0)));
  if (path === '/api/health/live') {
    const stuck = mainLoopLateMs > liveBoundMs;
    send(request, response, stuck ? 503 : 200, { status: stuck ? 'stuck' : 'ok', mainLoopLateMs });
    return;
  }
  if (path === '/api/health/ready' || path === '/api/health') {
    const reported = statuses[Atomics.load(state, slots.status)] || 'error';
    const stalled = mainLoopLateMs > readyBoundMs;
    const status = reported === 'ok' && stalled ? 'error' : reported;
    send(request, response, status === 'ok' ? 200 : 503, {
      status,
      database: Atomics.load(state, slots.database) === 1 ? 'up' : 'down',
      redis: redisStates[Atomics.load(state, slots.redis)] || 'not configured',
      mainLoop: stalled ? 'stalled' : 'beating',
      mainLoopLateMs,
    });
    return;
  }
  send(request, response, 404, { statusCode: 404, message: 'Not Found' });
});
server.keepAliveTimeout = 65000;
server.on('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(port, host, () => parentPort.postMessage({ listening: server.address().port }));
`;
