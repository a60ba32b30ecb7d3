/** An eased 0..1 curve: fast start, gentle landing. */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(Math.max(t, 0), 1);
  return 1 - (1 - clamped) ** 3;
}

export function easeInOutCubic(t: number): number {
  const c = Math.min(Math.max(t, 0), 1);
  return c < 0.5 ? 4 * c * c * c : 1 - (-2 * c + 2) ** 3 / 2;
}

function noop(): void {
  // A tween with nothing to do at its end.
}

interface Tween {
  start: number | undefined;
  duration: number;
  frame: (progress: number) => void;
  done: () => void;
}

/**
 * Time-based tweens advanced by the chart's frame loop (one requestAnimationFrame for the whole
 * chart, not one per animation). A tween's first step happens on the frame after it starts, so
 * timing does not depend on how long the caller took.
 */
export class Animations {
  private readonly tweens = new Map<string, Tween>();
  private idleWaiters: (() => void)[] = [];

  get active(): boolean {
    return this.tweens.size > 0;
  }

  /**
   * Starts (or restarts) the tween named `key`. `frame` receives linear progress 0..1; `done` runs
   * after the last frame. A zero duration finishes on the next frame.
   */
  start(
    key: string,
    durationMs: number,
    frame: (progress: number) => void,
    done?: () => void,
  ): void {
    this.tweens.set(key, {
      start: undefined,
      duration: Math.max(0, durationMs),
      frame,
      done: done ?? noop,
    });
  }

  /** Ends a tween at once, jumping to its last frame. */
  finish(key: string): void {
    const tween = this.tweens.get(key);
    if (!tween) return;
    this.tweens.delete(key);
    tween.frame(1);
    tween.done();
    this.notifyIfIdle();
  }

  /** Ends a tween where it is, without its last frame; its `done` still runs. */
  stop(key: string): void {
    const tween = this.tweens.get(key);
    if (!tween) return;
    this.tweens.delete(key);
    tween.done();
    this.notifyIfIdle();
  }

  /** Whether the tween named `key` is running. */
  running(key: string): boolean {
    return this.tweens.has(key);
  }

  finishAll(): void {
    for (const key of [...this.tweens.keys()]) this.finish(key);
  }

  /** Drops every tween without running its end (the chart is going away). */
  cancelAll(): void {
    this.tweens.clear();
    this.notifyIfIdle();
  }

  /** Advances every tween to `now` (a requestAnimationFrame timestamp). */
  step(now: number): void {
    for (const [key, tween] of [...this.tweens]) {
      tween.start ??= now;
      const progress = tween.duration === 0 ? 1 : (now - tween.start) / tween.duration;
      if (progress >= 1) {
        this.tweens.delete(key);
        tween.frame(1);
        tween.done();
      } else {
        tween.frame(Math.max(0, progress));
      }
    }
    this.notifyIfIdle();
  }

  /** Resolves once no tween is running. */
  whenIdle(): Promise<void> {
    if (!this.active) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private notifyIfIdle(): void {
    if (this.active || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
