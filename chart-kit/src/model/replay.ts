export type ReplayStatus = 'idle' | 'playing' | 'paused' | 'finished';

export interface ReplayState {
  status: ReplayStatus;
  /** Candles on screen (the first `shown` of the series). */
  shown: number;
  total: number;
}

export interface ReplayHost {
  /** Called whenever the number of shown candles changes. */
  show(shown: number): void;
  /** Called on every status change, with the new state. */
  changed(state: ReplayState): void;
}

/**
 * Replays the candles after a starting point one at a time, like a market unfolding: `start`
 * hides the later candles, each tick shows one more, and the end is reported once. Pausing keeps
 * what is shown; `stop` shows everything again.
 */
export class ReplayController {
  private status: ReplayStatus = 'idle';
  private shown = 0;
  private total = 0;
  private speedMs = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Replaced (never mutated) on each change, so callers can compare snapshots by identity. */
  private snapshot: ReplayState = { status: 'idle', shown: 0, total: 0 };

  constructor(private readonly host: ReplayHost) {}

  get state(): ReplayState {
    const { snapshot } = this;
    if (
      snapshot.status !== this.status ||
      snapshot.shown !== this.shown ||
      snapshot.total !== this.total
    ) {
      this.snapshot = { status: this.status, shown: this.shown, total: this.total };
    }
    return this.snapshot;
  }

  get active(): boolean {
    return this.status === 'playing' || this.status === 'paused';
  }

  /** Shows the first `initiallyShown` of `total` candles, then one more every `speedMs`. */
  start(initiallyShown: number, total: number, speedMs: number): void {
    if (!(Number.isFinite(speedMs) && speedMs > 0)) {
      throw new RangeError(`replay speedMs must be a finite number > 0 (${String(speedMs)})`);
    }
    this.clearTimer();
    this.total = total;
    this.shown = Math.min(Math.max(1, Math.floor(initiallyShown)), total);
    this.speedMs = speedMs;
    this.host.show(this.shown);
    if (this.shown >= total) {
      this.setStatus('finished');
      return;
    }
    this.setStatus('playing');
    this.startTimer();
  }

  pause(): void {
    if (this.status !== 'playing') return;
    this.clearTimer();
    this.setStatus('paused');
  }

  resume(): void {
    if (this.status !== 'paused') return;
    this.setStatus('playing');
    this.startTimer();
  }

  /** Shows the next candle now (also while paused). */
  step(): void {
    if (!this.active) return;
    this.shown++;
    this.host.show(this.shown);
    if (this.shown >= this.total) {
      this.clearTimer();
      this.setStatus('finished');
    } else {
      this.host.changed(this.state);
    }
  }

  /** Ends the replay and shows every candle. */
  stop(): void {
    if (this.status === 'idle') return;
    this.clearTimer();
    this.shown = this.total;
    this.host.show(this.total);
    this.setStatus('idle');
  }

  /** Stops the timer without touching the chart (it is being destroyed or its data replaced). */
  dispose(): void {
    this.clearTimer();
    this.status = 'idle';
  }

  private startTimer(): void {
    this.timer = setInterval(() => {
      this.step();
    }, this.speedMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private setStatus(status: ReplayStatus): void {
    this.status = status;
    this.host.changed(this.state);
  }
}
