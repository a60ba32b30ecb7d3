// Pure chart maths: no DOM and no pixi.js, so the API can import it under Node.
export { packSeries, SeriesError, validateSeries } from './candle.js';
export type { Candle, PackedSeries } from './candle.js';

export { aggregateCandles, periodStart, TIMEFRAMES } from './aggregate.js';
export type { Timeframe } from './aggregate.js';

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
export type { IndexRange, IndexViewport, NiceTicks, PixelRange, PriceDomain } from './scales.js';

export { formatCrosshairTime, formatTimeLabel, timeAxisTicks } from './time-axis.js';
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

export { GradeInputError, gradeZone } from './grade.js';
export type { GradeOptions, GradeReason, GradeResult, PriceZone } from './grade.js';
export { clampViewport, initialViewport, panViewport, zoomViewport } from './viewport.js';
export type { ViewportLimits } from './viewport.js';

export { createRandom, deriveSeed } from './random.js';
export type { Random } from './random.js';
export {
  CANDLES_PER_SESSION,
  MarketSimulator,
  newYorkDayNumber,
  newYorkUtcOffset,
  newYorkUtcOffsetOnDay,
  nextWeekday,
  sessionActivity,
  sessionOpenTime,
  SIMULATED_CANDLE_SECONDS,
  simulateMarket,
} from './market-sim.js';
export type { CandleShape, MarketSimOptions, StepControl } from './market-sim.js';
export { averageRange, detectZones, zoneBounds } from './zones.js';
export type { DetectedZone, ZoneDetectionOptions, ZoneType } from './zones.js';
