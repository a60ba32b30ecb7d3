import { AsyncLocalStorage } from 'node:async_hooks';
import { type Admission, AdmissionRefused } from './admission.js';
import { ServerBusyException } from './database-errors.js';

/**
 * A request's turn in the instance's {@link Admission}: taken before its handler runs and given
 * back when the answer is sent. A handler that waits for something other than the database (a
 * worker thread simulating a practice chart) lends its turn out meanwhile, so learners doing
 * quick database work are not queued behind charts being simulated.
 */
export class DatabaseTurn {
  private release: (() => void) | undefined;

  constructor(
    private readonly admission: Admission,
    /** Aborted when the client leaves: a request waiting for a turn then stops waiting. */
    private readonly left: AbortSignal,
  ) {}

  /** Waits for a turn; a refusal (queue full, waited too long) is a 503 with Retry-After. */
  async take(): Promise<void> {
    if (this.release) return;
    this.release = await admitOrBusy(this.admission, this.left);
    // The client left while the turn was being granted: nobody will give it back.
    if (this.left.aborted) this.giveBack();
  }

  giveBack(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  /** Runs `work`, which must not use the database, with the turn lent out; then takes one again. */
  async lentDuring<T>(work: () => Promise<T>): Promise<T> {
    const held = this.release !== undefined;
    this.giveBack();
    try {
      return await work();
    } finally {
      if (held) await this.take();
    }
  }
}

/**
 * A turn in `admission` (its release function), or a 503 with Retry-After when it refuses (queue
 * full, waited too long): the one place an admission's refusal becomes an answer.
 */
export async function admitOrBusy(admission: Admission, signal?: AbortSignal): Promise<() => void> {
  try {
    return await admission.acquire(signal);
  } catch (error) {
    if (error instanceof AdmissionRefused) throw new ServerBusyException(error);
    throw error;
  }
}

/**
 * The current request's turn, where the admission guard put it. Each request runs in its own
 * holder (see {@link runInRequestScope}), so a service deep in a handler finds its request's turn
 * without every caller passing it down.
 */
const requestScope = new AsyncLocalStorage<{ turn?: DatabaseTurn }>();

/** Runs the rest of a request's handling (Express's `next`) with a fresh holder for its turn. */
export function runInRequestScope(next: () => void): void {
  requestScope.run({}, next);
}

export function setRequestTurn(turn: DatabaseTurn): void {
  const holder = requestScope.getStore();
  if (holder) holder.turn = turn;
}

/**
 * Runs `work` outside any request: work a request starts but does not wait for (a chart made
 * ahead of time) must not take or lend that request's turn, which ends with its answer.
 */
export function outsideRequestScope<T>(work: () => T): T {
  return requestScope.exit(work);
}

/**
 * Runs `work` (no database inside) with the current request's turn lent out, if the request
 * holds one; outside a request (a test, a start-up task) it just runs `work`.
 */
export function withoutDatabaseTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = requestScope.getStore()?.turn;
  return turn ? turn.lentDuring(work) : work();
}
