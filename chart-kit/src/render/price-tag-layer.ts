import type { ChartMesh } from './draw-order.js';
import { type LabelFont, LabelPool } from './label-pool.js';
import type { FrameGeometry } from './layout.js';
import { PRICE_TAG_HEIGHT, type PriceTag } from './price-tag.js';
import { RectPool } from './rect-pool.js';
import type { ChartTheme } from './themes.js';

/** Gap between the price axis border and the tag's text, as for the axis labels. */
const TAG_TEXT_INSET = 8;

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
      const colors = tagColors(tag, theme);
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

function tagColors(tag: PriceTag, theme: ChartTheme): { background: number; text: number } {
  if (tag.color !== undefined) return { background: tag.color, text: theme.background };
  switch (tag.kind) {
    case 'zone':
      return { background: theme.revealedZone, text: theme.tagText };
    case 'pulled':
      return { background: theme.pulledLine, text: theme.tagText };
    case 'line':
      return { background: theme.line, text: theme.background };
    case 'selected-line':
      return { background: theme.selectedLine, text: theme.background };
    case 'crosshair':
      return { background: theme.crosshairTag, text: theme.tagText };
  }
}
