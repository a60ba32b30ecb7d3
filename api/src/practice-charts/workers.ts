import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Admission, type AdmissionStats } from '../database/admission.js';
import { admitOrBusy } from '../database/database-turn.js';
import type { PracticeTask } from './generation.js';

/**
 * The worker threads' nice value (Linux: per thread). Generation is the one thing a learner can
 * make an instance compute at length, and it can wait: at 10 a thread that wakes to answer a
 * request takes the core from it at once, and it still gets a tenth of a core that every thread
 * of the machine wants.
 */
const WORKER_NICENESS = 10;
/** An idle thread is ended after this long; the next chart starts one again (~0.3 s). */
const IDLE_THREAD_MS = 10 * 60_000;
/** Refusals are logged at most this often, as one line with the count since the last. */
const REFUSAL_LOG_INTERVAL_MS = 10_000;

/**
 * The worker module beside this one: compiled JavaScript in production, the TypeScript source
 * when the API runs from its sources (under hooks that its threads inherit or are given).
 */
function workerFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return fileURLToPath(new URL(`./worker.${extension}`, import.meta.url));
}

/**
 * Practice charts are generated in worker threads, off the event loop that answers every
 * learner. As many charts are generated at once as there are threads; a bounded queue waits in
 * front (the same {@link Admission} as the database's), and beyond it, or after its wait, a
 * request is answered 503 with Retry-After, like any overload.
 */
@Injectable()
export class PracticeWorkers implements OnModuleDestroy {
  private readonly logger = new Logger('Load');
  private readonly pool: Piscina<PracticeTask, Uint8Array>;
  private readonly admission: Admission;
  private refusedSinceLine = 0;
  private lastLine = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { threads, queue, maxWaitMs } = config.practiceWorkers;
    this.admission = new Admission({ concurrency: threads, queue, maxWaitMs }, () =>
      this.logRefusal(config),
    );
    this.pool = new Piscina({
      filename: workerFile(),
      // Threads start with the first chart, not with the instance: starting is not slowed.
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: IDLE_THREAD_MS,
      niceIncrement: process.platform === 'linux' ? WORKER_NICENESS : 0,
      ...(config.practiceWorkerExecArgv ? { execArgv: [...config.practiceWorkerExecArgv] } : {}),
    });
  }

  /** A practice pair as gzipped JSON, generated in a worker thread. */
  async generate(task: PracticeTask): Promise<Uint8Array> {
    const release = await admitOrBusy(this.admission);
    try {
      return await this.pool.run(task);
    } finally {
      release();
    }
  }

  /**
   * Whether work nobody waits for (a chart made ahead of a visit) may queue now: only while
   * half the queue is free, so it never takes a place a learner's request needs.
   */
  hasRoomAhead(): boolean {
    return this.admission.stats().queued < Math.floor(this.admission.limits.queue / 2);
  }

  /** Generations running and waiting now, and those done and refused since start. */
  stats(): AdmissionStats & { generated: number } {
    return { ...this.admission.stats(), generated: this.pool.completed };
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }

  private logRefusal(config: AppConfig): void {
    this.refusedSinceLine += 1;
    const now = Date.now();
    if (now - this.lastLine < REFUSAL_LOG_INTERVAL_MS) return;
    this.lastLine = now;
    const { threads, queue, maxWaitMs } = config.practiceWorkers;
    this.logger.warn(
      `practice charts: shed ${this.refusedSinceLine} generation(s) (${threads} thread(s), ` +
        `${queue} waiting at most ${maxWaitMs} ms); answered 503 with Retry-After`,
    );
    this.refusedSinceLine = 0;
  }
}
