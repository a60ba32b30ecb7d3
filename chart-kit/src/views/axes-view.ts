import { formatPrice, timeAxisTicks, type TimeTick } from '@chart-kit/core';
import type { ChartModel } from '../model/chart-model.js';
import { PRICE_TAG_HEIGHT, type PriceTag } from '../render/price-tag.js';
import { volumeView } from './volume-view.js';

/** A label of the price axis: its text at its y (CSS pixels from the plot's top). */
export interface PriceLabel {
  text: string;
  y: number;
}

/** Half the height of a price label's line: a label closer than this to an edge would be cut. */
export const HALF_PRICE_LABEL_HEIGHT = 7;
/** Half the height of the label's digits: a tag this close to them covers part of a digit. */
const HALF_GLYPH_HEIGHT = 5;

/**
 * The time axis' labels for the model's view (price labels come with the frame's ticks). Mid-morph
 * the axis is blank: its labels would belong to neither timeframe.
 */
export function timeTicksView(model: ChartModel): TimeTick[] {
  if (model.morphing) return [];
  const { frame } = model;
  return timeAxisTicks(model.series.times, model.viewport, [0, frame.layout.plotWidth], {
    timeZone: model.timeZone,
  });
}

/**
 * The price axis' labels at the frame's ticks. A label cut by the plot's edge reads as another
 * price, and one half hidden behind a tag (a line's, a pulled line's, the revealed zone's) reads
 * as part of it: both are left out, as lightweight-charts does; their grid lines stay. The
 * crosshair's tag is not counted: it moves with the pointer and covers what it passes over.
 */
export function priceLabelsView(model: ChartModel, tags: readonly PriceTag[]): PriceLabel[] {
  const { frame } = model;
  const { priceTicks, yOfPrice } = frame;
  // Below the candles' pane is the volume strip, whose scale has its own label.
  const plotHeight = frame.priceHeight;
  const clearance = PRICE_TAG_HEIGHT / 2 + HALF_GLYPH_HEIGHT;
  const covering = tags.filter((tag) => tag.kind !== 'crosshair').map((tag) => tag.y);
  const labels: PriceLabel[] = [];
  for (const value of priceTicks.values) {
    const y = yOfPrice(value);
    if (y < HALF_PRICE_LABEL_HEIGHT || y > plotHeight - HALF_PRICE_LABEL_HEIGHT) continue;
    if (covering.some((tagY) => Math.abs(tagY - y) < clearance)) continue;
    labels.push({ text: formatPrice(value, priceTicks.step), y });
  }
  const volumeLabel = volumeView(model)?.scaleLabel;
  if (volumeLabel && !covering.some((tagY) => Math.abs(tagY - volumeLabel.y) < clearance)) {
    labels.push(volumeLabel);
  }
  return labels;
}
