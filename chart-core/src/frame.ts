import type { Candle } from './candle.js';
import { columnsPriceRange, type VisibleColumns } from './lod.js';
import { type IndexViewport, niceTicks, type NiceTicks, type PriceDomain } from './scales.js';
import { SeriesStore } from './series-store.js';
import { seriesPeriodSeconds, type TimeWindow, viewportOfTimeWindow } from './time-window.js';
import { clampViewport } from './viewport.js';

/**
 * The plot frame: where the chart draws and with which scales. The chart's model fits its price
 * scale with these functions every frame, so a computation in plain Node (how tall is this zone
 * on a phone?) gives the pixels the chart really draws.
 */

/** Width of the price axis on the right, in CSS pixels. */
export const PRICE_AXIS_WIDTH = 68;
/** Height of the time axis at the bottom, in CSS pixels. */
export const TIME_AXIS_HEIGHT = 24;
/** Fraction of the price span left empty above and below the candles. */
export const PRICE_PADDING = 0.08;
/** Vertical CSS pixels per price-axis label. */
export const PX_PER_PRICE_TICK = 48;
/** The price domain before any candle is in view. */
const EMPTY_EXTENT: PriceDomain = [0, 1];

/** The chart's size in CSS pixels, and its device pixels per CSS pixel (default 1). */
export interface ChartSize {
  width: number;
  height: number;
  devicePixelRatio?: number;
}

/**
 * Where things go on the canvas: the plot (candles, lines, zones) fills the top left; the price
 * axis runs down the right edge and the time axis along the bottom.
 */
export interface PlotLayout {
  width: number;
  height: number;
  plotWidth: number;
  plotHeight: number;
}

export function plotLayout(width: number, height: number): PlotLayout {
  const cssWidth = Math.max(1, width);
  const cssHeight = Math.max(1, height);
  return {
    width: cssWidth,
    height: cssHeight,
    plotWidth: Math.max(1, cssWidth - PRICE_AXIS_WIDTH),
    plotHeight: Math.max(1, cssHeight - TIME_AXIS_HEIGHT),
  };
}

/** Everything needed to place a candle index or a price on screen in one frame (CSS pixels). */
export interface PlotFrame {
  layout: PlotLayout;
  viewport: IndexViewport;
  /**
   * The price axis' domain: the prices at the bottom and at the top of the price pane (the whole
   * plot unless a strip below it is kept, see `priceHeight`).
   */
  priceDomain: PriceDomain;
  /**
   * Height of the price pane from the plot's top, in CSS pixels: `layout.plotHeight` less a strip
   * kept below the candles (a volume histogram). Prices map onto `0..priceHeight`.
   */
  priceHeight: number;
  devicePixelRatio: number;
  /** Candle index (fractional) to x; candle `i` is centred on `xOfIndex(i)`. */
  xOfIndex: (index: number) => number;
  indexOfX: (x: number) => number;
  yOfPrice: (price: number) => number;
  priceOfY: (y: number) => number;
  /** Screen width of one candle slot. */
  barSpacing: number;
  /** Axis tick values and their step; the step drives label decimals. */
  priceTicks: NiceTicks;
}

/**
 * The price domain drawn for candles spanning `extent`: {@link PRICE_PADDING} of the span added
 * above and below, so wicks never touch the plot's edges (a flat extent gets a span of its own).
 */
export function paddedPriceDomain([min, max]: PriceDomain): PriceDomain {
  const padding = (max - min || Math.abs(max) || 1) * PRICE_PADDING;
  return [min - padding, max + padding];
}

/** The smallest domain holding both (either may be missing). */
export function unionDomain(
  a: PriceDomain | undefined,
  b: PriceDomain | undefined,
): PriceDomain | undefined {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.max(a[1], b[1])];
}

/**
 * The frame of a viewport drawn across `layout` with the price axis spanning `priceDomain` over
 * the top `priceHeight` CSS pixels of the plot (default: all of it).
 */
export function plotFrame(
  layout: PlotLayout,
  viewport: IndexViewport,
  priceDomain: PriceDomain,
  devicePixelRatio = 1,
  priceHeight = layout.plotHeight,
): PlotFrame {
  const { fromIndex, toIndex } = viewport;
  const [low, high] = priceDomain;
  if (!(toIndex > fromIndex) || !(high > low)) {
    throw new RangeError(
      `a frame needs fromIndex < toIndex and a price domain with low < high ` +
        `(${fromIndex}..${toIndex}, ${low}..${high})`,
    );
  }
  const { plotWidth } = layout;
  const paneHeight = Math.min(layout.plotHeight, Math.max(1, priceHeight));
  const xPerIndex = plotWidth / (toIndex - fromIndex);
  // Prices grow upwards, y downwards: the low end of the domain is the pane's bottom edge.
  const yPerPrice = -paneHeight / (high - low);
  return {
    layout,
    viewport,
    priceDomain,
    priceHeight: paneHeight,
    devicePixelRatio,
    xOfIndex: (index) => (index - fromIndex) * xPerIndex,
    indexOfX: (x) => fromIndex + x / xPerIndex,
    yOfPrice: (price) => paneHeight + (price - low) * yPerPrice,
    priceOfY: (y) => low + (y - paneHeight) / yPerPrice,
    barSpacing: xPerIndex,
    priceTicks: niceTicks(low, high, Math.max(2, paneHeight / PX_PER_PRICE_TICK)),
  };
}

/**
 * The columns the chart draws for a viewport: the finest level of detail giving each column at
 * least a device pixel of the plot's width, cut at `shownCount` during a replay.
 */
export function drawnColumns(
  series: SeriesStore,
  viewport: IndexViewport,
  layout: PlotLayout,
  devicePixelRatio = 1,
  shownCount = series.count,
): VisibleColumns {
  return series.columns(
    viewport.fromIndex,
    viewport.toIndex,
    layout.plotWidth * devicePixelRatio,
    shownCount,
  );
}

export interface FitOptions {
  /** Candles from this index on are hidden (a replay). Default: all are shown. */
  shownCount?: number;
  /** Prices that must stay in view as well, such as a revealed zone. */
  include?: PriceDomain;
  /** The domain to keep when nothing is in view (the chart keeps its previous one). */
  fallbackDomain?: PriceDomain;
  /**
   * Share of the plot's height (0 to 0.9) kept below the price pane for a strip of its own, such
   * as a volume histogram. Default 0.
   */
  stripShare?: number;
}

/** The price pane's height when `stripShare` of the plot's height is kept below it. */
export function priceHeightOf(layout: PlotLayout, stripShare = 0): number {
  const share = Math.min(0.9, Math.max(0, stripShare));
  return Math.max(1, Math.round(layout.plotHeight * (1 - share)));
}

/** A fitted frame and the columns it was fitted to (what the candle layer then draws). */
export interface FittedFrame {
  frame: PlotFrame;
  columns: VisibleColumns;
}

/**
 * The frame the chart draws a series with: the plot layout of `size`, and the price scale fitted
 * to the highs and lows of the columns drawn (see {@link drawnColumns}) plus `include`, padded.
 */
export function fitFrame(
  series: SeriesStore,
  viewport: IndexViewport,
  size: ChartSize,
  options: FitOptions = {},
): FittedFrame {
  const layout = plotLayout(size.width, size.height);
  const devicePixelRatio = size.devicePixelRatio ?? 1;
  const columns = drawnColumns(series, viewport, layout, devicePixelRatio, options.shownCount);
  const extent = unionDomain(columnsPriceRange(columns), options.include);
  const priceDomain = extent
    ? paddedPriceDomain(extent)
    : (options.fallbackDomain ?? paddedPriceDomain(EMPTY_EXTENT));
  const priceHeight = priceHeightOf(layout, options.stripShare);
  return {
    frame: plotFrame(layout, viewport, priceDomain, devicePixelRatio, priceHeight),
    columns,
  };
}

export interface OpeningOptions {
  /** Candle slots per second of a time window (default: the candles' shortest step). */
  periodSeconds?: number;
  /** Prices the chart keeps in view besides the candles (lines pulled from an earlier chart). */
  include?: PriceDomain;
}

/** A view given as candle indices, or as a time window (see `viewportOfTimeWindow`). */
export type ViewTarget = IndexViewport | TimeWindow;

/**
 * The viewport the chart shows for `target` on a series with these candle times: a time window
 * turned into indices with the series' period, then clamped as every viewport is.
 */
export function resolveViewport(
  times: ArrayLike<number>,
  target: ViewTarget,
  periodSeconds: number,
): IndexViewport {
  const viewport =
    'fromIndex' in target ? target : viewportOfTimeWindow(times, target, periodSeconds);
  return clampViewport(viewport, { candleCount: times.length });
}

/**
 * The frame a chart of `size` opens with when it frames `view` of `candles` (a chart without a
 * replay or revealed zone): the same layout, level of detail and price fitting the chart draws
 * with. `periodSeconds` turns a time window into candle slots (default: the candles' shortest step).
 */
export function openingFrame(
  candles: readonly Candle[],
  view: ViewTarget,
  size: ChartSize,
  options: OpeningOptions = {},
): PlotFrame {
  const series = new SeriesStore(candles);
  const period = options.periodSeconds ?? seriesPeriodSeconds(series.times);
  return fitFrame(series, resolveViewport(series.times, view, period), size, {
    include: options.include,
  }).frame;
}

/**
 * How many CSS pixels tall a price zone is drawn when a chart of `size` frames `view` of
 * `candles` (e.g. an exercise's answer at its opening view on a 390x844 phone). Zone bounds may
 * come in either order.
 */
export function zonePixelHeight(
  candles: readonly Candle[],
  view: ViewTarget,
  size: ChartSize,
  zone: { upper: number; lower: number },
  options: OpeningOptions = {},
): number {
  const frame = openingFrame(candles, view, size, options);
  return Math.abs(frame.yOfPrice(zone.lower) - frame.yOfPrice(zone.upper));
}
