import type { IndexViewport } from './scales.js';

/** How far the view may go: at least `minBars` visible, and never entirely off the series. */
export interface ViewportLimits {
  candleCount: number;
  minBars?: number;
  /** Empty slots allowed right of the last candle (room to draw zones into the future). */
  rightMarginBars?: number;
}

const DEFAULT_MIN_BARS = 5;

/** The last `bars` candles, with `rightMarginBars` of empty space after the last one. */
export function initialViewport(
  candleCount: number,
  bars: number,
  rightMarginBars = 2,
): IndexViewport {
  const toIndex = candleCount - 0.5 + rightMarginBars;
  return { fromIndex: toIndex - Math.max(1, bars), toIndex };
}

/** Moves the view by a pixel distance (drag to the right shows earlier candles). */
export function panViewport(
  viewport: IndexViewport,
  deltaPx: number,
  widthPx: number,
): IndexViewport {
  const barsPerPx = (viewport.toIndex - viewport.fromIndex) / widthPx;
  const shift = -deltaPx * barsPerPx;
  return { fromIndex: viewport.fromIndex + shift, toIndex: viewport.toIndex + shift };
}

/**
 * Zooms by `factor` (> 1 zooms in) keeping `anchorIndex` (the index under the pointer) fixed on
 * screen, as maps and charts do.
 */
export function zoomViewport(
  viewport: IndexViewport,
  factor: number,
  anchorIndex: number,
): IndexViewport {
  if (!(Number.isFinite(factor) && factor > 0))
    throw new RangeError(`zoom factor must be > 0 (${factor})`);
  return {
    fromIndex: anchorIndex - (anchorIndex - viewport.fromIndex) / factor,
    toIndex: anchorIndex + (viewport.toIndex - anchorIndex) / factor,
  };
}

/** The widest view {@link clampViewport} allows: the whole series, its right margin and `minBars`. */
export function maxViewportBars(limits: ViewportLimits): number {
  const count = Math.max(1, limits.candleCount);
  return count + (limits.rightMarginBars ?? 2) + (limits.minBars ?? DEFAULT_MIN_BARS);
}

/** Keeps a viewport usable: not narrower than `minBars`, not wider than the series, not lost off either end. */
export function clampViewport(viewport: IndexViewport, limits: ViewportLimits): IndexViewport {
  const count = Math.max(1, limits.candleCount);
  const minBars = limits.minBars ?? DEFAULT_MIN_BARS;
  const maxBars = maxViewportBars(limits);
  let width = viewport.toIndex - viewport.fromIndex;
  let center = (viewport.fromIndex + viewport.toIndex) / 2;
  width = Math.min(Math.max(width, Math.min(minBars, maxBars)), maxBars);
  // A fifth of the view (or half the series, if shorter) stays on candles, so the chart can never
  // be panned to emptiness.
  const keep = Math.min(width / 5, count / 2);
  const lowestCenter = -0.5 + keep - width / 2;
  const highestCenter = count - 0.5 - keep + width / 2;
  center = Math.min(Math.max(center, lowestCenter), Math.max(lowestCenter, highestCenter));
  return { fromIndex: center - width / 2, toIndex: center + width / 2 };
}
