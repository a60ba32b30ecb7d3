import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { ErrorBody } from '../common/all-exceptions.filter.js';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from '../database/database-errors.js';
import type { EarlyStep } from './before-framework.js';
import { isApiPath } from './single-page-app.js';

export interface EventLoopLimitOptions {
  /**
   * Shed while the event loop's mean delay over the last window is above this (ms). 0 turns the
   * limit off (the delay is still measured).
   */
  maxDelayMs: number;
  /** How often the delay is read (ms): the window the mean covers and how fast shedding stops. */
  windowMs?: number;
  /** Told after each window that shed requests, with their count (for the log). */
  onShed?: (shed: number, delayMs: number) => void;
  /** The delay source; tests give their own. Default: perf_hooks' histogram. */
  histogram?: Pick<ELDHistogram, 'mean' | 'reset' | 'enable' | 'disable'>;
}

/** How often the histogram samples the loop (ms): fine enough for a 100 ms-scale limit. */
const RESOLUTION_MS = 10;
const DEFAULT_WINDOW_MS = 500;

/**
 * Sheds API requests while the CPU, not the database, is the bottleneck.
 *
 * A saturated event loop makes every request wait before any code of ours sees it, so the
 * database's admission queue never fills and nothing is refused: answers just get later (p99
 * 15 s at twice the capacity). The loop's delay is what that wait is made of: while its mean
 * over the last window is above `maxDelayMs`, API requests are answered at once with 503,
 * Retry-After and the busy message, before the framework (a refusal costs microseconds, not a
 * parse, a guard and a log line). The mean, not the maximum, so one long garbage collection or
 * a single slow callback does not shed a window's requests; a loop that is late all the time
 * does.
 *
 * Health calls come before this step and are never shed (overload must not look like an
 * outage); nor are the app's files (a page half loaded is worse than a slow one).
 */
export class EventLoopLimit {
  private readonly histogram: Pick<ELDHistogram, 'mean' | 'reset' | 'enable' | 'disable'>;
  private readonly timer: NodeJS.Timeout;
  private delayMs = 0;
  private shedTotal = 0;
  private shedInWindow = 0;

  constructor(private readonly options: EventLoopLimitOptions) {
    this.histogram = options.histogram ?? monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    // Measured even with the limit off: the delay is a gauge in the metrics either way.
    this.histogram.enable();
    this.timer = setInterval(() => this.read(), options.windowMs ?? DEFAULT_WINDOW_MS);
    // The limit never keeps the process alive.
    this.timer.unref();
  }

  /** Requests refused since start. */
  get shed(): number {
    return this.shedTotal;
  }

  /** The loop's mean delay over the last window, in ms (beyond the histogram's own interval). */
  get delay(): number {
    return this.delayMs;
  }

  get overloaded(): boolean {
    return this.options.maxDelayMs > 0 && this.delayMs > this.options.maxDelayMs;
  }

  /** Reads and restarts the window; public so tests can step it. */
  read(): void {
    const mean = this.histogram.mean;
    // The histogram counts each sample's whole interval; what is late is the part beyond it.
    // An empty window (NaN) means the loop never got to a sample: that is not a quiet loop,
    // but the next window will say how late it was.
    this.delayMs = Number.isFinite(mean) ? Math.max(0, mean / 1e6 - RESOLUTION_MS) : this.delayMs;
    this.histogram.reset();
    if (this.shedInWindow > 0) {
      this.options.onShed?.(this.shedInWindow, this.delayMs);
      this.shedInWindow = 0;
    }
  }

  /** The step in front of the framework; see answerBeforeFramework. */
  readonly screen: EarlyStep = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (!this.overloaded) return false;
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    if (!isApiPath(query === -1 ? url : url.slice(0, query))) return false;
    this.shedTotal += 1;
    this.shedInWindow += 1;
    const body: ErrorBody = {
      statusCode: 503,
      error: 'Service Unavailable',
      message: BUSY_MESSAGE,
    };
    const json = JSON.stringify(body);
    response.statusCode = 503;
    response.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(json));
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.end(json);
    return true;
  };

  close(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
