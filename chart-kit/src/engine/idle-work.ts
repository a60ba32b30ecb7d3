/** Longest slice of work when the browser has no idle callbacks (Safari): about a third of a frame. */
const FALLBACK_SLICE_MS = 5;
/** Time left in an idle period below which another step is not started. */
const MIN_REMAINING_MS = 2;

/**
 * Runs `step` while the page is idle, one step after another until it returns false, so work that
 * can wait (such as coarser levels of detail) never delays a frame the user is waiting for.
 */
export class IdleWork {
  private idleHandle: number | undefined;
  private timeoutHandle: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly step: () => boolean) {}

  /** Starts (or keeps) working; a no-op while already scheduled. */
  start(): void {
    if (this.idleHandle !== undefined || this.timeoutHandle !== undefined) return;
    if (typeof requestIdleCallback === 'function') {
      this.idleHandle = requestIdleCallback((deadline) => {
        this.idleHandle = undefined;
        this.work(() => deadline.timeRemaining() > MIN_REMAINING_MS);
      });
    } else {
      this.timeoutHandle = setTimeout(() => {
        this.timeoutHandle = undefined;
        const end = performance.now() + FALLBACK_SLICE_MS;
        this.work(() => performance.now() < end);
      }, 0);
    }
  }

  cancel(): void {
    if (this.idleHandle !== undefined) cancelIdleCallback(this.idleHandle);
    if (this.timeoutHandle !== undefined) clearTimeout(this.timeoutHandle);
    this.idleHandle = undefined;
    this.timeoutHandle = undefined;
  }

  private work(hasTime: () => boolean): void {
    do {
      if (!this.step()) return;
    } while (hasTime());
    this.start();
  }
}
