import { formatPrice } from '../core/scales.js';
import type { LabelPool } from './label-pool.js';
import type { PlotLayout } from './layout.js';
import type { RectPool } from './rect-pool.js';

const TAG_HEIGHT = 18;
/** Gap between the price axis border and the tag's text, as for the axis labels. */
const TAG_TEXT_INSET = 8;

export interface PriceTagStyle {
  background: number;
  text: number;
}

/**
 * A price on the axis at height `y` (crosshair, user and pulled lines), kept whole inside the
 * plot's height so a line at the edge still shows its price.
 */
export function drawPriceTag(
  rects: RectPool,
  labels: LabelPool,
  layout: PlotLayout,
  price: number,
  priceStep: number,
  y: number,
  style: PriceTagStyle,
): void {
  const { plotWidth, width, plotHeight } = layout;
  const centre = Math.min(Math.max(y, TAG_HEIGHT / 2), plotHeight - TAG_HEIGHT / 2);
  rects.rect(
    plotWidth + 1,
    centre - TAG_HEIGHT / 2,
    width - plotWidth - 1,
    TAG_HEIGHT,
    style.background,
  );
  labels.text(formatPrice(price, priceStep), plotWidth + TAG_TEXT_INSET, centre, {
    color: style.text,
    anchorY: 0.5,
  });
}
