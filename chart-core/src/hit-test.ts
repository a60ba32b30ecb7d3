import type { Candle } from './candle.js';
import { roundToTick } from './scales.js';

/** A horizontal line the user drew, identified so the caller can select, drag or delete it. */
export interface PriceLine {
  id: string | number;
  price: number;
}

/** A pixel-to-value mapping; a `LinearScale` fits. */
export interface Invertible {
  invert(pixel: number): number;
}

/** Default pick distance: about a fingertip's slack on a mouse, and forgiving enough on touch. */
export const DEFAULT_LINE_TOLERANCE_PX = 6;

/**
 * The line nearest to the pointer's `y`, if it is within `tolerancePx`. On a tie the later line wins,
 * because lines are drawn in order and the later one is on top, where the user sees it.
 */
export function hitTestLine<Line extends PriceLine>(
  lines: readonly Line[],
  y: number,
  priceToY: (price: number) => number,
  tolerancePx = DEFAULT_LINE_TOLERANCE_PX,
): Line | undefined {
  let nearest: Line | undefined;
  let nearestDistance = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const distance = Math.abs(priceToY(line.price) - y);
    if (distance <= tolerancePx && distance <= nearestDistance) {
      nearest = line;
      nearestDistance = distance;
    }
  }
  return nearest;
}

/**
 * Index of the candle under pixel `x` (nearest centre), or undefined when `x` is beyond the
 * series: there is no candle to read out there, and the caller may choose to clamp.
 */
export function candleIndexAtX(
  x: number,
  indexScale: Invertible,
  candleCount: number,
): number | undefined {
  const index = Math.round(indexScale.invert(x));
  return index >= 0 && index < candleCount ? index : undefined;
}

/**
 * Price under pixel `y`, rounded to `tickSize` when given so that clicked lines land on prices a
 * learner can read (4321.25, not 4321.2471).
 */
export function priceAtY(y: number, priceScale: Invertible, tickSize?: number): number {
  const price = priceScale.invert(y);
  return tickSize === undefined ? price : roundToTick(price, tickSize);
}

export type OhlcField = 'open' | 'high' | 'low' | 'close';

export interface SnapResult {
  price: number;
  /** The candle price the line snapped to, or undefined when it was too far from all of them. */
  snappedTo: OhlcField | undefined;
}

// Wicks first: on a tie (a doji's open equals its close, a marubozu's close its high) the extreme is
// what a zone is drawn to.
const SNAP_ORDER: readonly OhlcField[] = ['high', 'low', 'open', 'close'];

/**
 * The magnet: moves `price` onto the candle's nearest open, high, low or close when that is within
 * `magnetPx` on screen. Measured in pixels, not price, so the pull feels the same at every zoom.
 */
export function snapToCandle(
  price: number,
  candle: Candle,
  magnetPx: number,
  priceToY: (price: number) => number,
): SnapResult {
  const y = priceToY(price);
  let best: SnapResult = { price, snappedTo: undefined };
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const field of SNAP_ORDER) {
    const distance = Math.abs(priceToY(candle[field]) - y);
    if (distance <= magnetPx && distance < bestDistance) {
      best = { price: candle[field], snappedTo: field };
      bestDistance = distance;
    }
  }
  return best;
}
