import type { Container } from 'pixi.js';
import { Palette } from './palette.js';
import { QuadMesh } from './quad-mesh.js';

/**
 * Solid rectangles of any colour and alpha in one mesh (see {@link QuadMesh}), drawn in the order
 * they were written: call `begin`, then `rect` for each, then `end`. Colours come from the pool's
 * {@link Palette}.
 */
export class RectPool {
  readonly view: Container;
  private readonly quads: QuadMesh;
  private readonly palette = new Palette();

  constructor(label: string) {
    this.quads = new QuadMesh(this.palette.texture, label);
    this.view = this.quads.mesh;
  }

  begin(): void {
    this.palette.begin();
    this.quads.begin();
  }

  rect(x: number, y: number, width: number, height: number, color: number, alpha = 1): void {
    if (!(width > 0 && height > 0)) return;
    const { u, v } = this.palette.entry(color, alpha);
    this.quads.texturedQuad(x, y, x + width, y + height, u, v, u, v);
  }

  end(): void {
    this.palette.end();
    this.quads.end();
  }

  destroy(): void {
    this.quads.destroy();
    this.palette.destroy();
  }
}

/** Length of a dash and of the gap after it, in CSS pixels. */
const DASH = 4;
const GAP = 3;
const PERIOD = DASH + GAP;

/**
 * Dashed lines as rectangles of a {@link RectPool}. Dashes are laid out from the plot's left (or
 * top) edge whatever the line's start, so they do not crawl while panning.
 */
export class DashPool {
  private readonly rects: RectPool;

  constructor(label: string) {
    this.rects = new RectPool(label);
  }

  get view(): Container {
    return this.rects.view;
  }

  begin(): void {
    this.rects.begin();
  }

  /** A dashed horizontal line `thickness` px tall whose top edge is at `y`. */
  horizontalLine(x: number, y: number, width: number, thickness: number, color: number): void {
    forEachDash(x, x + width, (start, end) => {
      this.rects.rect(start, y, end - start, thickness, color);
    });
  }

  verticalLine(x: number, y: number, height: number, thickness: number, color: number): void {
    forEachDash(y, y + height, (start, end) => {
      this.rects.rect(x, start, thickness, end - start, color);
    });
  }

  end(): void {
    this.rects.end();
  }

  destroy(): void {
    this.rects.destroy();
  }
}

/** The dashes of the pattern anchored at 0 that fall within `from..to`, clipped to it. */
function forEachDash(from: number, to: number, dash: (start: number, end: number) => void): void {
  for (let start = Math.floor(from / PERIOD) * PERIOD; start < to; start += PERIOD) {
    const clippedStart = Math.max(start, from);
    const clippedEnd = Math.min(start + DASH, to);
    if (clippedEnd > clippedStart) dash(clippedStart, clippedEnd);
  }
}
