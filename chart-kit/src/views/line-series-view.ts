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
 * Mid-morph each point moves from its place in one timeframe to its place in the other, as the
 * candles do.
 */
export function lineSeriesView(model: ChartModel): LineSeriesPath[] {
  if (model.lineSeries.length === 0) return [];
  if (model.morphing) return morphingLines(model);
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

/** Most points a line draws per device pixel mid-morph. */
const MORPH_POINTS_PER_DEVICE_PX = 4;

/**
 * Mid-morph: every point in view in either timeframe, at its x in each view blended by the
 * morph's progress (a morph shows at most MAX_MORPH_CANDLES candles, so the points are few enough
 * to draw one by one).
 */
function morphingLines(model: ChartModel): LineSeriesPath[] {
  const { frame } = model;
  const { plotWidth } = frame.layout;
  const widthDevicePx = Math.max(1, plotWidth * frame.devicePixelRatio);
  const paths: LineSeriesPath[] = [];
  model.lineSeries.forEach((series, place) => {
    const morph = model.lineMorph(series);
    if (!morph) return;
    const { fine, coarse, fineView, coarseView, progress } = morph;
    const inFine = series.data.visibleRange(fine, fineView.fromIndex, fineView.toIndex);
    const inCoarse = series.data.visibleRange(coarse, coarseView.fromIndex, coarseView.toIndex);
    const first = Math.min(inFine?.first ?? Infinity, inCoarse?.first ?? Infinity);
    const last = Math.max(inFine?.last ?? -Infinity, inCoarse?.last ?? -Infinity);
    const span = Number.isFinite(first) && Number.isFinite(last) ? last - first + 1 : 0;
    // A line far denser than the candles is thinned for the few frames of the morph.
    const stride = Math.max(1, Math.ceil(span / (MORPH_POINTS_PER_DEVICE_PX * widthDevicePx)));
    const count = Math.ceil(span / stride);
    const fineSpacing = plotWidth / (fineView.toIndex - fineView.fromIndex);
    const coarseSpacing = plotWidth / (coarseView.toIndex - coarseView.fromIndex);
    const xy = new Float64Array(2 * count);
    for (let k = 0; k < count; k++) {
      const point = Math.min(first + k * stride, last);
      const fineX = ((fine[point] ?? 0) - fineView.fromIndex) * fineSpacing;
      const coarseX = ((coarse[point] ?? 0) - coarseView.fromIndex) * coarseSpacing;
      xy[2 * k] = fineX + (coarseX - fineX) * progress;
      xy[2 * k + 1] = frame.yOfPrice(series.data.values[point] ?? 0);
    }
    paths.push({ id: series.id, color: series.color, place, width: series.width, xy, count });
  });
  return paths;
}
