import type { ChartModel } from '../model/chart-model.js';

/** One line series as drawn this frame: its vertices in CSS pixels and how to stroke them. */
export interface LineSeriesPath {
  id: string;
  /** The series' colour as given (a CSS colour or 0xRRGGBB); undefined for the default. */
  color: string | number | undefined;
  /** Its place among the chart's line series, which picks the default colour. */
  place: number;
  /** Thickness in CSS pixels. */
  width: number;
  /** x0, y0, x1, y1, ... of `count` vertices. */
  xy: ArrayLike<number>;
  count: number;
}

/**
 * The line series over the candles: each one's visible points on the candles' scales (a few per
 * device pixel column at most, see LineSeriesData.vertices), cut where a replay hides candles.
 * Mid-morph there are none: the candles belong to neither timeframe.
 */
export function lineSeriesView(model: ChartModel): LineSeriesPath[] {
  if (model.morphing || model.lineSeries.length === 0) return [];
  const { frame } = model;
  const { fromIndex, toIndex } = frame.viewport;
  const lineFrame = {
    fromIndex,
    toIndex,
    xOfIndex: frame.xOfIndex,
    yOfPrice: frame.yOfPrice,
    widthDevicePx: frame.layout.plotWidth * frame.devicePixelRatio,
    devicePixelRatio: frame.devicePixelRatio,
    ...(model.shownCount < model.series.count ? { endIndex: model.shownCount } : {}),
  };
  return model.lineSeries.map((series, place) => {
    const { xy, count } = series.data.vertices(model.lineIndices(series), lineFrame);
    return { id: series.id, color: series.color, place, width: series.width, xy, count };
  });
}
