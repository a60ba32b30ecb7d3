// The chart's pure maths: candles, aggregation, scales, level of detail, hit-testing, viewport,
// time axis and framing. No DOM and no pixi.js, so a server (the course's exercise generator) can
// use the same framing the chart draws with.
export { packSeries, SeriesError, validateSeries } from './candle.js';
export type { Candle, PackedSeries } from './candle.js';
export { aggregateCandles, aggregateTimeframe, periodStart, TIMEFRAMES } from './aggregate.js';
export type { TimeframeAggregateOptions } from './aggregate.js';
export {
  compareTimeframes,
  isTimeframe,
  parseTimeframe,
  STANDARD_TIMEFRAMES,
  timeframe,
  TimeframeError,
  TimeframeMultipleError,
  timeframeOfSeconds,
  timeframeParts,
  timeframeSeconds,
} from './timeframe.js';
export type { Timeframe, TimeframeParts, TimeframeUnit } from './timeframe.js';
export { sessionStarts } from './sessions.js';
export type { SessionOptions } from './sessions.js';
export {
  barSpacingPx,
  createIndexScale,
  createPriceScale,
  decimalsForStep,
  formatPrice,
  niceTicks,
  priceTickSize,
  roundToTick,
  visibleIndexRange,
  visiblePriceRange,
} from './scales.js';
export type {
  IndexRange,
  IndexViewport,
  LinearScale,
  NiceTicks,
  PixelRange,
  PriceDomain,
} from './scales.js';
export {
  AXIS_LABEL_CHAR_PX,
  formatCrosshairTime,
  formatTimeLabel,
  timeAxisTicks,
} from './time-axis.js';
export type { TimeAxisOptions, TimeFormatOptions, TimeTick } from './time-axis.js';
export {
  buildLodPyramid,
  chooseLevel,
  columnsPriceRange,
  LodPyramid,
  visibleColumns,
} from './lod.js';
export type { ChooseLevelOptions, LodLevel, PriceColumns, VisibleColumns } from './lod.js';
export {
  candleIndexAtX,
  DEFAULT_LINE_TOLERANCE_PX,
  hitTestLine,
  priceAtY,
  snapToCandle,
} from './hit-test.js';
export type { Invertible, OhlcField, PriceLine, SnapResult } from './hit-test.js';
export {
  clampViewport,
  initialViewport,
  maxViewportBars,
  panViewport,
  zoomViewport,
} from './viewport.js';
export type { ViewportLimits } from './viewport.js';
export { SeriesStore } from './series-store.js';
export {
  indexAtTime,
  seriesPeriodSeconds,
  timeAtIndex,
  timeWindowOfViewport,
  viewportOfTimeWindow,
} from './time-window.js';
export type { TimeWindow } from './time-window.js';
export {
  drawnColumns,
  fitFrame,
  openingFrame,
  paddedPriceDomain,
  plotFrame,
  plotLayout,
  priceHeightOf,
  PRICE_AXIS_WIDTH,
  PRICE_PADDING,
  PX_PER_PRICE_TICK,
  resolveViewport,
  TIME_AXIS_HEIGHT,
  unionDomain,
  zonePixelHeight,
} from './frame.js';
export type {
  ChartSize,
  FitOptions,
  OpeningOptions,
  FittedFrame,
  PlotFrame,
  PlotLayout,
  ViewTarget,
} from './frame.js';
export type { PriceZone } from './price-zone.js';
export { LineSeriesData, LinePointError } from './line-series.js';
export type { LineFrame, LinePoint, LineVertices } from './line-series.js';
export { formatVolume } from './format-volume.js';
