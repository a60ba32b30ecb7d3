import { packColor, type QuadLayer } from './frame-mesh.js';
import { snapToDevicePixel as snap } from './layout.js';

/**
 * The candles to draw this frame, one entry per screen column: either single candles or, zoomed
 * out, min/max merges of several (level of detail). Columns are evenly spaced.
 */
export interface CandleColumns {
  count: number;
  open: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
}

export interface CandleLayout {
  /** x of the first column's centre, in CSS pixels. */
  firstCenterX: number;
  /** Distance between two column centres, in CSS pixels. */
  columnStep: number;
  priceToY: (price: number) => number;
  devicePixelRatio: number;
}

/** Per-column positions for {@link CandleLayer.updateFree}. */
export interface FreeColumns {
  centers: ArrayLike<number>;
  /** Width of each candle's slot; the body takes 70% of it. */
  slotWidths: ArrayLike<number>;
}

export interface FreeLayout {
  priceToY: (price: number) => number;
  devicePixelRatio: number;
}

export interface CandleColors {
  up: number;
  down: number;
}

const BODY_WIDTH_FRACTION = 0.7;

/** Candle bodies and wicks, a quad or two per candle, rewritten only when the view changes. */
export class CandleLayer {
  private up = 0;
  private down = 0;

  constructor(
    private readonly layer: QuadLayer,
    colors: CandleColors,
  ) {
    this.setColors(colors);
  }

  /** New colours; they show from the next update. */
  setColors(colors: CandleColors): void {
    this.up = packColor(colors.up);
    this.down = packColor(colors.down);
  }

  update(columns: CandleColumns, layout: CandleLayout): void {
    const { count, open, high, low, close } = columns;
    const { firstCenterX, columnStep, priceToY, devicePixelRatio } = layout;
    const bodyHalf = bodyHalfWidth(columnStep, devicePixelRatio);
    const wickWidth = wickWidthFor(columnStep, devicePixelRatio);
    this.layer.begin(2 * count);
    for (let i = 0; i < count; i++) {
      this.candle(
        firstCenterX + i * columnStep,
        bodyHalf,
        wickWidth,
        open[i] ?? 0,
        high[i] ?? 0,
        low[i] ?? 0,
        close[i] ?? 0,
        priceToY,
        devicePixelRatio,
      );
    }
  }

  /**
   * Draws candles at arbitrary centres and widths (`centers` and `slotWidths` in CSS pixels), for
   * animations such as the timeframe morph where candles are not evenly spaced.
   */
  updateFree(columns: CandleColumns & FreeColumns, layout: FreeLayout): void {
    const { count, open, high, low, close, centers, slotWidths } = columns;
    const { priceToY, devicePixelRatio } = layout;
    this.layer.begin(2 * count);
    for (let i = 0; i < count; i++) {
      const slot = slotWidths[i] ?? 1;
      this.candle(
        centers[i] ?? 0,
        bodyHalfWidth(slot, devicePixelRatio),
        wickWidthFor(slot, devicePixelRatio),
        open[i] ?? 0,
        high[i] ?? 0,
        low[i] ?? 0,
        close[i] ?? 0,
        priceToY,
        devicePixelRatio,
      );
    }
  }

  private candle(
    centerX: number,
    bodyHalf: number,
    wickWidth: number,
    o: number,
    h: number,
    l: number,
    c: number,
    priceToY: (price: number) => number,
    devicePixelRatio: number,
  ): void {
    const devicePixel = 1 / devicePixelRatio;
    const color = c >= o ? this.up : this.down;
    // Work in device pixels: the wick takes the pixel column that holds the true centre and the
    // body extends the same number of whole pixels either side, so every candle is symmetric.
    const column = Math.floor(centerX * devicePixelRatio);
    const wickPixels = Math.max(1, Math.round(wickWidth * devicePixelRatio));
    const wickLeft = (column - Math.floor((wickPixels - 1) / 2)) / devicePixelRatio;
    const bodySide = Math.max(0, Math.round(bodyHalf * devicePixelRatio - 0.5));
    // Snapped to device pixels so bodies have crisp edges and one-pixel wicks stay one pixel.
    const highY = snap(priceToY(h), devicePixelRatio);
    const lowY = snap(priceToY(l), devicePixelRatio);
    const bodyTop = snap(priceToY(Math.max(o, c)), devicePixelRatio);
    let bodyBottom = snap(priceToY(Math.min(o, c)), devicePixelRatio);
    // A doji still shows a one-pixel body.
    if (bodyBottom - bodyTop < devicePixel) bodyBottom = bodyTop + devicePixel;
    const wickBottom = Math.max(lowY, highY + devicePixel);
    this.layer.rect(wickLeft, highY, wickLeft + wickPixels / devicePixelRatio, wickBottom, color);
    // Zoomed out, a body one pixel wide lies inside its wick: one quad draws the candle, and the
    // rasteriser sets up half the triangles.
    if (bodySide === 0 && wickPixels === 1 && bodyBottom <= wickBottom) return;
    this.layer.rect(
      (column - bodySide) / devicePixelRatio,
      bodyTop,
      (column + 1 + bodySide) / devicePixelRatio,
      bodyBottom,
      color,
    );
  }
}

/** Half the body width of a candle whose slot is `slot` CSS px wide: at least half a device pixel. */
function bodyHalfWidth(slot: number, devicePixelRatio: number): number {
  return Math.max(snap((slot * BODY_WIDTH_FRACTION) / 2, devicePixelRatio), 0.5 / devicePixelRatio);
}

/** A wick is a CSS pixel wide once slots are wide enough to show it, else one device pixel. */
function wickWidthFor(slot: number, devicePixelRatio: number): number {
  const devicePixel = 1 / devicePixelRatio;
  return slot >= 3 ? Math.max(devicePixel, snap(1, devicePixelRatio)) : devicePixel;
}
