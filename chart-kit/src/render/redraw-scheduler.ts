/**
 * Coalesces redraw requests into at most one frame: many changes in one event (a wheel burst, a
 * resize and a data change) cost one render.
 */
export class RedrawScheduler {
  private frame: number | undefined;

  constructor(private readonly draw: () => void) {}

  request(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      this.draw();
    });
  }

  /** Draws now (tests and first frame), dropping any pending frame. */
  flush(): void {
    this.cancel();
    this.draw();
  }

  cancel(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
  }
}
