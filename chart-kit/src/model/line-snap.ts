import {
  type PlotFrame,
  candleIndexAtX,
  snapToCandle,
  roundToTick,
  type SeriesStore,
} from '@chart-kit/core';
import type { LinePlacement } from './events.js';

/** How close (CSS px) a candle's open, high, low or close must be for the magnet to take it. */
export const MAGNET_PX = 8;

export interface LineSnapContext {
  frame: PlotFrame;
  series: SeriesStore;
  /** Candles from this index on are hidden (a replay): the magnet never snaps to them. */
  shownCount: number;
  magnet: boolean;
  /** The instrument's price increment, if known. */
  tickSize: number | undefined;
}

/**
 * Where a line placed or dragged through the point (x, y) lands. The price under `y` is rounded
 * to the instrument's tick, or else to the finest power of ten under a pixel (so the line maps
 * back to the same pixel). With the magnet on, the candle under `x` (the point's own x, whatever
 * the pointer type) pulls the line onto its nearest open, high, low or close within
 * {@link MAGNET_PX}.
 */
export function linePlacement(
  point: { x: number; y: number },
  context: LineSnapContext,
): LinePlacement {
  const { frame, series, shownCount, magnet, tickSize } = context;
  const raw = frame.priceOfY(point.y);
  const pricePerPx = Math.abs(frame.priceOfY(0) - frame.priceOfY(1)) || 1;
  const rounded = roundToTick(raw, tickSize ?? 10 ** Math.floor(Math.log10(pricePerPx)));
  if (!magnet) return { price: rounded, snap: undefined };
  const index = candleIndexAtX(point.x, { invert: frame.indexOfX }, shownCount);
  const candle = index === undefined ? undefined : series.candle(index);
  if (index === undefined || !candle) return { price: rounded, snap: undefined };
  const snapped = snapToCandle(raw, candle, MAGNET_PX, frame.yOfPrice);
  return snapped.snappedTo === undefined
    ? { price: rounded, snap: undefined }
    : { price: snapped.price, snap: { index, field: snapped.snappedTo } };
}
