/** Width of the price axis on the right, in CSS pixels. */
export const PRICE_AXIS_WIDTH = 68;
/** Height of the time axis at the bottom, in CSS pixels. */
export const TIME_AXIS_HEIGHT = 24;

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
  return {
    width,
    height,
    plotWidth: Math.max(1, width - PRICE_AXIS_WIDTH),
    plotHeight: Math.max(1, height - TIME_AXIS_HEIGHT),
  };
}

/** Everything a layer needs to place a price or a candle on screen this frame. */
export interface FrameGeometry {
  layout: PlotLayout;
  /** Candle index (fractional) to x, in CSS pixels. */
  xOfIndex: (index: number) => number;
  /** x in CSS pixels to a fractional candle index. */
  indexOfX: (x: number) => number;
  yOfPrice: (price: number) => number;
  /** Screen width of one candle slot. */
  barSpacing: number;
  /** Axis tick values and their step; the step drives label decimals. */
  priceTicks: { values: readonly number[]; step: number };
  devicePixelRatio: number;
}

/** Rounds to the device pixel grid, so one-pixel lines stay one pixel and edges stay crisp. */
export function snapToDevicePixel(value: number, devicePixelRatio: number): number {
  return Math.round(value * devicePixelRatio) / devicePixelRatio;
}
