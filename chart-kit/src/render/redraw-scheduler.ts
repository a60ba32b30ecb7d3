/**
 * What needs redrawing. `base` is the static layer (candles, grid, axes) and invalidates everything
 * placed on its scales; `overlays` are lines, zones and highlights; `crosshair` is the interactive
 * layer that follows the pointer.
 */
export interface DirtyLayers {
  base: boolean;
  overlays: boolean;
  crosshair: boolean;
}

export type LayerName = keyof DirtyLayers;

/**
 * Coalesces redraw requests into at most one frame and remembers which layers are dirty: a wheel
 * burst, a resize and a data change in one event cost one render, and a pointer move rebuilds only
 * the crosshair.
 */
export class RedrawScheduler {
  private frame: number | undefined;
  /** Inside `prepare`: requests then only mark layers, for the frame being drawn. */
  private preparing = false;
  private dirty: DirtyLayers = { base: false, overlays: false, crosshair: false };

  /**
   * `prepare` runs first in each frame (animations advance there and may mark layers dirty for
   * this very frame); `draw` then gets the dirty layers.
   */
  constructor(
    private readonly draw: (dirty: DirtyLayers, now: number) => void,
    private readonly prepare?: (now: number) => void,
  ) {}

  /** Marks layers dirty (a base change dirties every layer) and asks for a frame. */
  request(...layers: LayerName[]): void {
    this.mark(...layers);
    if (!this.preparing) this.schedule();
  }

  /** Marks layers dirty without asking for a frame (from inside `prepare`). */
  mark(...layers: LayerName[]): void {
    for (const layer of layers) this.dirty[layer] = true;
    if (this.dirty.base) {
      this.dirty.overlays = true;
      this.dirty.crosshair = true;
    }
  }

  /** Asks for a frame even if no layer is dirty (an animation that marks layers as it runs). */
  schedule(): void {
    this.frame ??= requestAnimationFrame((now) => {
      this.frame = undefined;
      this.run(now);
    });
  }

  /** Draws now (tests and first frame), dropping any pending frame. */
  flush(): void {
    this.cancel();
    this.run(performance.now());
  }

  cancel(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
  }

  private run(now: number): void {
    this.preparing = true;
    try {
      this.prepare?.(now);
    } finally {
      this.preparing = false;
    }
    const dirty = this.dirty;
    this.dirty = { base: false, overlays: false, crosshair: false };
    this.draw(dirty, now);
  }
}
