import { snapToDevicePixel as snap } from './layout.js';

/**
 * Where a candle's wick and body go on the device pixel grid, shared by every renderer (the
 * WebGL mesh and the Canvas 2D painter), so that both draw the same pixels.
 */

/** Share of a candle's slot its body takes. */
export const BODY_WIDTH_FRACTION = 0.7;

/** Half the body width of a candle whose slot is `slot` CSS px wide: at least half a device pixel. */
export function bodyHalfWidth(slot: number, devicePixelRatio: number): number {
  return Math.max(snap((slot * BODY_WIDTH_FRACTION) / 2, devicePixelRatio), 0.5 / devicePixelRatio);
}

/** A wick is a CSS pixel wide once slots are wide enough to show it, else one device pixel. */
export function wickWidthFor(slot: number, devicePixelRatio: number): number {
  const devicePixel = 1 / devicePixelRatio;
  return slot >= 3 ? Math.max(devicePixel, snap(1, devicePixelRatio)) : devicePixel;
}

/** Receives a rectangle in CSS pixels: left, top, right, bottom. */
export type RectSink = (left: number, top: number, right: number, bottom: number) => void;

/**
 * The wick, then the body (when it shows beside the wick), of one candle, in CSS pixels snapped
 * to device pixels. Works in device pixels: the wick takes the pixel column that holds the true
 * centre and the body extends the same number of whole pixels either side, so every candle is
 * symmetric; a doji still shows a one-pixel body. Positional arguments: the chart's hot loop
 * calls this for every candle column and creates no object per candle.
 */
export function candleRects(
  centerX: number,
  bodyHalf: number,
  wickWidth: number,
  o: number,
  h: number,
  l: number,
  c: number,
  priceToY: (price: number) => number,
  devicePixelRatio: number,
  rect: RectSink,
): void {
  const devicePixel = 1 / devicePixelRatio;
  const column = Math.floor(centerX * devicePixelRatio);
  const wickPixels = Math.max(1, Math.round(wickWidth * devicePixelRatio));
  const wickLeft = (column - Math.floor((wickPixels - 1) / 2)) / devicePixelRatio;
  const bodySide = Math.max(0, Math.round(bodyHalf * devicePixelRatio - 0.5));
  const highY = snap(priceToY(h), devicePixelRatio);
  const lowY = snap(priceToY(l), devicePixelRatio);
  const bodyTop = snap(priceToY(Math.max(o, c)), devicePixelRatio);
  let bodyBottom = snap(priceToY(Math.min(o, c)), devicePixelRatio);
  if (bodyBottom - bodyTop < devicePixel) bodyBottom = bodyTop + devicePixel;
  const wickBottom = Math.max(lowY, highY + devicePixel);
  rect(wickLeft, highY, wickLeft + wickPixels / devicePixelRatio, wickBottom);
  // Zoomed out, a body one pixel wide lies inside its wick: one rectangle draws the candle (for
  // the mesh, half the triangles to set up).
  if (bodySide === 0 && wickPixels === 1 && bodyBottom <= wickBottom) return;
  rect(
    (column - bodySide) / devicePixelRatio,
    bodyTop,
    (column + 1 + bodySide) / devicePixelRatio,
    bodyBottom,
  );
}
