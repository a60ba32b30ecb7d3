import type { FrameMesh } from './frame-mesh.js';

/**
 * The chart's quad layers, back to front. Zones and highlights sit behind the candles so candles
 * stay readable; line series (moving averages) go over the candles, the user's lines over them; the axis panels cover the candles (which slide under the price axis instead of
 * being clipped); the crosshair and the price tags come last.
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
  'price-tags',
  'price-tag-labels',
  'crosshair-tags',
  'crosshair-labels',
] as const;

export type ChartLayerName = (typeof DRAW_ORDER)[number];

/** The one mesh a chart draws with, holding the layers of {@link DRAW_ORDER}. */
export type ChartMesh = FrameMesh<ChartLayerName>;
