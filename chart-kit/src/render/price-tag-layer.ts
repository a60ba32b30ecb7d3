import { PRICE_LABEL_INSET as TAG_TEXT_INSET } from './chart-style.js';
import type { ChartMesh } from './draw-order.js';
import { type LabelFont, LabelPool } from './label-pool.js';
import type { FrameGeometry } from './layout.js';
import { PRICE_TAG_HEIGHT, type PriceTag } from './price-tag.js';
import { priceTagColors } from './price-tag-colors.js';
import { RectPool } from './rect-pool.js';
import type { ChartTheme } from './themes.js';

/**
 * The prices on the price axis: the user's lines, pulled lines, the revealed zone's bounds and
 * the crosshair, each on a tag in its own colour, at the places views/price-tags-view.ts stacked
 * them to (never overlapping).
 */
export class PriceTagLayer {
  private readonly rects: RectPool;
  private readonly labels: LabelPool;

  constructor(mesh: ChartMesh, font: LabelFont) {
    this.rects = new RectPool(mesh.layer('price-tags'));
    this.labels = new LabelPool(mesh.layer('price-tag-labels'), font);
  }

  update(frame: FrameGeometry, tags: readonly PriceTag[], theme: ChartTheme): void {
    const { plotWidth, width } = frame.layout;
    this.rects.begin();
    this.labels.begin();
    for (const tag of tags) {
      const colors = priceTagColors(tag, theme);
      this.rects.rect(
        plotWidth + 1,
        tag.y - PRICE_TAG_HEIGHT / 2,
        width - plotWidth - 1,
        PRICE_TAG_HEIGHT,
        colors.background,
      );
      this.labels.text(tag.text, plotWidth + TAG_TEXT_INSET, tag.y, {
        color: colors.text,
        anchorY: 0.5,
      });
    }
  }
}
