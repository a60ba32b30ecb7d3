/** How much database work an instance takes on at once, and how much it lets wait. */
export interface AdmissionLimits {
  /** Requests doing database work at once: the pool's size, so an admitted request never queues for a connection. */
  concurrency: number;
  /** Requests waiting for a turn at most; beyond, a request is refused at once. */
  queue: number;
  /** A request waits at most this long for its turn, then is refused. */
  maxWaitMs: number;
}

/** Why a request was not admitted. */
export type RefusalReason = 'queue full' | 'waited too long' | 'client gone';

export class AdmissionRefused extends Error {
  override name = 'AdmissionRefused';

  constructor(readonly reason: RefusalReason) {
    super(`not admitted: ${reason}`);
  }
}

export interface AdmissionStats {
  /** Requests doing database work now. */
  active: number;
  /** Requests waiting for a turn now. */
  queued: number;
  /** Requests admitted since start. */
  admitted: number;
  /** Requests refused since start, by reason (a client that left while waiting is not counted). */
  refused: { queueFull: number; waitedTooLong: number };
}

interface Waiter {
  grant: (release: () => void) => void;
  refuse: (error: AdmissionRefused) => void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

/**
 * A counting semaphore with a bounded, time-limited FIFO queue: the one place where an
 * instance sheds load. Past `concurrency`, requests wait their turn; past `queue` waiting, or
 * after `maxWaitMs`, they are refused (a prompt 503 with Retry-After), so overload makes answers
 * slower up to a known bound and then refuses some, and never looks like a database outage.
 */
export class Admission {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** Waiters at the head of `waiting` that already left (timed out or aborted). */
  private queuedCount = 0;
  private admittedCount = 0;
  private readonly refusedCount = { queueFull: 0, waitedTooLong: 0 };

  constructor(
    readonly limits: AdmissionLimits,
    /** Told of each refusal (for the log); not of clients that left. */
    private readonly onRefused: (reason: RefusalReason) => void = () => undefined,
  ) {
    if (limits.concurrency < 1 || limits.queue < 0 || limits.maxWaitMs < 0) {
      throw new RangeError('admission needs a concurrency of at least 1 and a non-negative queue');
    }
  }

  /**
   * Resolves with a release function once the caller may work (call it exactly when done; more
   * calls are ignored), or rejects with {@link AdmissionRefused}. `signal`: the caller left
   * while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new AdmissionRefused('client gone'));
    if (this.active < this.limits.concurrency && this.queuedCount === 0) {
      return Promise.resolve(this.admit());
    }
    if (this.queuedCount >= this.limits.queue) {
      return Promise.reject(this.refuse('queue full'));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        refuse: reject,
        settled: false,
        timer: setTimeout(
          () => this.leave(waiter, this.refuse('waited too long')),
          this.limits.maxWaitMs,
        ),
      };
      this.waiting.push(waiter);
      this.queuedCount += 1;
      signal?.addEventListener(
        'abort',
        () => this.leave(waiter, new AdmissionRefused('client gone')),
        {
          once: true,
        },
      );
    });
  }

  stats(): AdmissionStats {
    return {
      active: this.active,
      queued: this.queuedCount,
      admitted: this.admittedCount,
      refused: { ...this.refusedCount },
    };
  }

  private admit(): () => void {
    this.active += 1;
    this.admittedCount += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.next();
    };
  }

  /** Hands a free turn to the longest waiter still there. */
  private next(): void {
    while (this.active < this.limits.concurrency) {
      const waiter = this.waiting.shift();
      if (!waiter) return;
      if (waiter.settled) continue;
      waiter.settled = true;
      this.queuedCount -= 1;
      clearTimeout(waiter.timer);
      waiter.grant(this.admit());
    }
  }

  private leave(waiter: Waiter, error: AdmissionRefused): void {
    if (waiter.settled) return;
    waiter.settled = true;
    this.queuedCount -= 1;
    clearTimeout(waiter.timer);
    // Left in `waiting` and skipped when its turn comes: removing it would cost a search.
    waiter.refuse(error);
    if (this.waiting.length > 4 * this.limits.queue + 64) this.compact();
  }

  /** Drops waiters that left, so a stream of time-outs cannot grow the array. */
  private compact(): void {
    const still = this.waiting.filter((waiter) => !waiter.settled);
    this.waiting.length = 0;
    this.waiting.push(...still);
  }

  private refuse(reason: 'queue full' | 'waited too long'): AdmissionRefused {
    if (reason === 'queue full') this.refusedCount.queueFull += 1;
    else this.refusedCount.waitedTooLong += 1;
    this.onRefused(reason);
    return new AdmissionRefused(reason);
  }
}
