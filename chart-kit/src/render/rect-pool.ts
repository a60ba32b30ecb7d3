import { forEachDash } from './dashes.js';
import { packColor, type QuadLayer } from './frame-mesh.js';

/**
 * Solid rectangles of any colour and alpha in a {@link QuadLayer}, drawn in the order they were
 * written: call `begin`, then `rect` for each.
 */
export class RectPool {
  constructor(private readonly layer: QuadLayer) {}

  begin(): void {
    this.layer.begin();
  }

  rect(x: number, y: number, width: number, height: number, color: number, alpha = 1): void {
    if (!(width > 0 && height > 0)) return;
    this.layer.rect(x, y, x + width, y + height, packColor(color, alpha));
  }
}

/**
 * Dashed lines as rectangles of a {@link RectPool}. Dashes are laid out from the plot's left (or
 * top) edge whatever the line's start, so they do not crawl while panning.
 */
export class DashPool {
  private readonly rects: RectPool;

  constructor(layer: QuadLayer) {
    this.rects = new RectPool(layer);
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
}
