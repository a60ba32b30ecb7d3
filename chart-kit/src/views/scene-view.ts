import type { ChartModel } from '../model/chart-model.js';
import type { ChartScene } from '../render/canvas2d/paint-chart.js';
import { priceLabelsView, timeTicksView } from './axes-view.js';
import { candlesView } from './candles-view.js';
import { crosshairView, snapMarkerView } from './crosshair-view.js';
import { lineSeriesView } from './line-series-view.js';
import { overlayView } from './overlay-view.js';
import { priceTagsView } from './price-tags-view.js';
import { volumeView } from './volume-view.js';

/**
 * Every layer's input for the model's current frame at once: what a renderer that redraws the
 * whole picture (the Canvas 2D painter) draws. The price axis leaves out labels under the tags,
 * so the tags are placed first.
 */
export function sceneView(model: ChartModel): ChartScene {
  const priceTags = priceTagsView(model);
  return {
    frame: model.frame,
    candles: candlesView(model),
    volume: volumeView(model),
    lineSeries: lineSeriesView(model),
    timeTicks: timeTicksView(model),
    priceLabels: priceLabelsView(model, priceTags),
    overlay: overlayView(model),
    priceTags,
    crosshair: crosshairView(model),
    snapMarker: snapMarkerView(model),
  };
}
