import { tickStep, ticks } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import type { Candle } from './candle.js';

/** Lowest and highest price of a scale's domain. */
export type PriceDomain = readonly [min: number, max: number];

/** Pixel positions a domain maps onto, e.g. `[bottomPx, topPx]` for a price axis. */
export type PixelRange = readonly [start: number, end: number];

/**
 * The visible stretch of the candle index axis. Candle `i` is centred on index `i` and spans
 * `i - 0.5 .. i + 0.5`, so `{ fromIndex: -0.5, toIndex: 99.5 }` shows candles 0..99 edge to edge.
 * Indices are fractional so that panning and zooming move the chart continuously, not bar by bar.
 */
export interface IndexViewport {
  fromIndex: number;
  toIndex: number;
}

/**
 * A linear mapping between values (prices, candle indices) and pixels, and back. d3-scale builds
 * it, but the public type is this one, so the library's declarations do not need d3's types and
 * the implementation may change without breaking callers.
 */
export interface LinearScale {
  /** The pixel of a value. */
  (value: number): number;
  /** The value at a pixel. */
  invert(pixel: number): number;
  /** The domain's two ends, as given (a flat price domain already widened). */
  domain(): number[];
  /** The pixel range's two ends, as given. */
  range(): number[];
}

/** First and last candle index (inclusive) at least partly inside a viewport. */
export interface IndexRange {
  first: number;
  last: number;
}

/**
 * Maps prices to y pixels. The range is usually `[bottomPx, topPx]` (bottom first), because prices
 * grow upwards while canvas y grows downwards. The scale's `invert` maps a pointer's y back to a
 * price.
 */
export function createPriceScale(domain: PriceDomain, range: PixelRange): LinearScale {
  const [min, max] = domain;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new RangeError(`price domain must be finite with min <= max ([${min}, ${max}])`);
  }
  checkRange(range);
  // A flat domain would map every price to the middle and make invert() return NaN: widen it.
  const [safeMin, safeMax] = min === max ? widenFlat(min) : [min, max];
  return scaleLinear().domain([safeMin, safeMax]).range([range[0], range[1]]);
}

/**
 * Maps (fractional) candle indices to x pixels for a viewport; `range` is `[leftPx, rightPx]` of the
 * plot area. Candle `i` is drawn centred on `scale(i)`.
 */
export function createIndexScale(viewport: IndexViewport, range: PixelRange): LinearScale {
  checkViewport(viewport);
  checkRange(range);
  return scaleLinear().domain([viewport.fromIndex, viewport.toIndex]).range([range[0], range[1]]);
}

/** Width of one candle slot in pixels for a viewport drawn across `widthPx`. */
export function barSpacingPx(viewport: IndexViewport, widthPx: number): number {
  checkViewport(viewport);
  return widthPx / (viewport.toIndex - viewport.fromIndex);
}

/**
 * The candles at least partly visible between two fractional indices, clamped to the series;
 * undefined when none is (an empty series, or a viewport panned past either end).
 */
export function visibleIndexRange(
  fromIndex: number,
  toIndex: number,
  candleCount: number,
): IndexRange | undefined {
  const first = Math.max(0, Math.ceil(fromIndex - 0.5));
  const last = Math.min(candleCount - 1, Math.floor(toIndex + 0.5));
  return first <= last ? { first, last } : undefined;
}

/**
 * Price domain that fits the lows and highs of the visible candles, with `paddingFraction` of the
 * span added above and below so wicks do not touch the plot edges. Undefined when no candle is
 * visible. A flat range (all prices equal) is widened so the axis still has ticks.
 */
export function visiblePriceRange(
  candles: readonly Candle[],
  fromIndex: number,
  toIndex: number,
  paddingFraction = 0.1,
): PriceDomain | undefined {
  if (!(Number.isFinite(paddingFraction) && paddingFraction >= 0)) {
    throw new RangeError(
      `paddingFraction must be a finite number >= 0 (${String(paddingFraction)})`,
    );
  }
  const visible = visibleIndexRange(fromIndex, toIndex, candles.length);
  if (visible === undefined) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let index = visible.first; index <= visible.last; index++) {
    const candle = candles[index];
    if (candle === undefined) continue;
    if (candle.low < min) min = candle.low;
    if (candle.high > max) max = candle.high;
  }
  const [low, high] = min === max ? widenFlat(min) : [min, max];
  const padding = (high - low) * paddingFraction;
  return [low - padding, high + padding];
}

/** Readable tick values for a price axis, and the step between them. */
export interface NiceTicks {
  values: number[];
  step: number;
}

/**
 * Round-number ticks (multiples of 1, 2 or 5 times a power of ten) between `min` and `max`, about
 * `approxCount` of them. d3 builds each value from an integer multiple, so 0.1 steps give 0.3, not
 * 0.30000000000000004.
 */
export function niceTicks(min: number, max: number, approxCount: number): NiceTicks {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new RangeError(`tick range must be finite with min <= max ([${min}, ${max}])`);
  }
  if (!(Number.isFinite(approxCount) && approxCount >= 1)) {
    throw new RangeError(`approxCount must be a finite number >= 1 (${String(approxCount)})`);
  }
  const [start, stop] = min === max ? widenFlat(min) : [min, max];
  return { values: ticks(start, stop, approxCount), step: tickStep(start, stop, approxCount) };
}

/**
 * The price of "one tick", the smallest move of a line (arrow keys, snapping typed prices): the
 * instrument's own tick size when known, else a tenth of the axis step so moves stay on round prices.
 */
export function priceTickSize(axisStep: number, instrumentTickSize?: number): number {
  if (instrumentTickSize !== undefined) {
    checkPositive('instrumentTickSize', instrumentTickSize);
    return instrumentTickSize;
  }
  checkPositive('axisStep', axisStep);
  return cleanFloat(axisStep / 10);
}

/** Rounds a price to the nearest multiple of `tickSize`, without binary-fraction noise. */
export function roundToTick(price: number, tickSize: number): number {
  checkPositive('tickSize', tickSize);
  const rounded = Math.round(price / tickSize) * tickSize;
  // `+ 0` drops the sign of a rounded -0 so it never prints as "-0".
  return Number(rounded.toFixed(decimalsForStep(tickSize))) + 0;
}

/** Decimal places needed to print multiples of `step` exactly (0.25 -> 2, 5 -> 0, 0.1 -> 1). */
export function decimalsForStep(step: number): number {
  checkPositive('step', step);
  const MAX_DECIMALS = 15;
  for (let decimals = 0; decimals < MAX_DECIMALS; decimals++) {
    if (Math.abs(Number(step.toFixed(decimals)) - step) <= step * 1e-9) return decimals;
  }
  return MAX_DECIMALS;
}

/** Formats a price with as many decimals as the axis step needs ("4321.25" for a 0.25 step). */
export function formatPrice(price: number, step: number): string {
  const text = price.toFixed(decimalsForStep(step));
  // toFixed keeps the sign of tiny negatives that round to zero ("-0.00"); an axis should not.
  return Number(text) === 0 ? text.replace('-', '') : text;
}

function widenFlat(price: number): [number, number] {
  // Half a percent of the price keeps the axis in proportion; 1 covers a price of exactly zero.
  const halfSpan = Math.abs(price) * 0.005 || 1;
  return [price - halfSpan, price + halfSpan];
}

/** Rounds off the last binary digits of a quotient such as 0.2 / 10 = 0.020000000000000004. */
function cleanFloat(value: number): number {
  return Number(value.toPrecision(12));
}

function checkPositive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) {
    throw new RangeError(`${name} must be a finite number > 0 (${String(value)})`);
  }
}

function checkRange(range: PixelRange): void {
  if (!Number.isFinite(range[0]) || !Number.isFinite(range[1])) {
    throw new RangeError(`pixel range must be finite ([${range[0]}, ${range[1]}])`);
  }
}

function checkViewport({ fromIndex, toIndex }: IndexViewport): void {
  if (!Number.isFinite(fromIndex) || !Number.isFinite(toIndex) || fromIndex >= toIndex) {
    throw new RangeError(
      `viewport must be finite with fromIndex < toIndex ({ fromIndex: ${fromIndex}, toIndex: ${toIndex} })`,
    );
  }
}

/**
 * The affine function a linear scale computes, as a plain closure: for loops over thousands of
 * candles per frame, where d3's per-call clamping and interpolator dispatch add up. Agrees with
 * the scale to rounding error.
 */
export function affineOf(scale: LinearScale): (value: number) => number {
  const [domainStart = 0, domainEnd = 1] = scale.domain();
  const [rangeStart = 0, rangeEnd = 1] = scale.range();
  const slope = (rangeEnd - rangeStart) / (domainEnd - domainStart);
  return (value) => rangeStart + (value - domainStart) * slope;
}
