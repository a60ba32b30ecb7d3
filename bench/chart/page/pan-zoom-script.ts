import type { IndexRange } from '../protocol.js';

/** Bars in view before the script starts: the latest ones, as a chart opens. */
export const INITIAL_BARS = 120;
/** Empty bar slots right of the last candle, as both libraries leave by default. */
const RIGHT_MARGIN_BARS = 2;

const ZOOM_OUT_STEPS = 40;
const ZOOM_TO_PAN_STEPS = 10;
const PAN_STEPS = 40;
const ZOOM_IN_STEPS = 30;
/** Narrowest view at the end of the final zoom-in. */
const FINAL_BARS = 60;

/** `from` to `to` in `steps` steps by a constant factor (zooming feels linear that way). */
function geometric(from: number, to: number, step: number, steps: number): number {
  return from * (to / from) ** (step / steps);
}

/** The view a chart of `candleCount` candles opens with. */
export function initialRange(candleCount: number): IndexRange {
  const to = candleCount - 0.5 + RIGHT_MARGIN_BARS;
  return { from: to - INITIAL_BARS, to };
}

/**
 * The 120 views of the stress script, identical for both libraries: zoom out from the opening
 * view to the whole series, zoom into a tenth of it, pan that window to the oldest candles, then
 * zoom into a few dozen bars. At 1M candles it crosses every level of detail twice.
 */
export function panZoomScript(candleCount: number): IndexRange[] {
  const { to: end } = initialRange(candleCount);
  const start = -0.5;
  const wholeSeries = end - start;
  const panWidth = Math.min(wholeSeries, Math.max(4 * INITIAL_BARS, candleCount / 10));
  const views: IndexRange[] = [];
  for (let step = 1; step <= ZOOM_OUT_STEPS; step++) {
    const width = geometric(INITIAL_BARS, wholeSeries, step, ZOOM_OUT_STEPS);
    views.push({ from: end - width, to: end });
  }
  for (let step = 1; step <= ZOOM_TO_PAN_STEPS; step++) {
    const width = geometric(wholeSeries, panWidth, step, ZOOM_TO_PAN_STEPS);
    views.push({ from: end - width, to: end });
  }
  for (let step = 1; step <= PAN_STEPS; step++) {
    const to = end - ((end - start - panWidth) * step) / PAN_STEPS;
    views.push({ from: to - panWidth, to });
  }
  const centre = start + panWidth / 2;
  for (let step = 1; step <= ZOOM_IN_STEPS; step++) {
    const width = geometric(panWidth, FINAL_BARS, step, ZOOM_IN_STEPS);
    views.push({ from: centre - width / 2, to: centre + width / 2 });
  }
  return views;
}
