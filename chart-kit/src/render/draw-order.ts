import type { FrameMesh } from './frame-mesh.js';

/**
 * The chart's quad layers, back to front. Zones and highlights sit behind the candles so candles
 * stay readable; line series (moving averages) go over the candles, the user's lines over them; the axis panels cover the candles (which slide under the price axis instead of
 * being clipped); the crosshair, then the price tags come last: on a narrow chart the OHLC
 * readout runs past the plot into the price axis, where it must not cover a line's tag.
 */
export const DRAW_ORDER = [
  'grid',
  'volume',
  'zones',
  'candles',
  'line-series',
  'pulled-lines',
  'lines',
  'zone-labels',
  'axis-panels',
  'axis-labels',
  'crosshair-lines',
  'crosshair-tags',
  'crosshair-labels',
  'price-tags',
  'price-tag-labels',
] as const;

export type ChartLayerName = (typeof DRAW_ORDER)[number];

/** The one mesh a chart draws with, holding the layers of {@link DRAW_ORDER}. */
export type ChartMesh = FrameMesh<ChartLayerName>;
