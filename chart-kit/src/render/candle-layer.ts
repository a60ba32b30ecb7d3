import { packColor, type QuadLayer } from './frame-mesh.js';
import { bodyHalfWidth, candleRects, type RectSink, wickWidthFor } from './candle-geometry.js';

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

/** Candle bodies and wicks, a quad or two per candle, rewritten only when the view changes. */
export class CandleLayer {
  private up = 0;
  private down = 0;
  /** The colour of the candle being written. */
  private color = 0;
  private readonly writeRect: RectSink = (left, top, right, bottom) => {
    this.layer.rect(left, top, right, bottom, this.color);
  };

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
    this.color = c >= o ? this.up : this.down;
    candleRects(
      centerX,
      bodyHalf,
      wickWidth,
      o,
      h,
      l,
      c,
      priceToY,
      devicePixelRatio,
      this.writeRect,
    );
  }
}
