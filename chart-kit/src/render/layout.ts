import type { PlotFrame } from '@chart-kit/core';

/** Everything a layer needs to place a price or a candle on screen this frame. */
export type FrameGeometry = PlotFrame;

/** Rounds to the device pixel grid, so one-pixel lines stay one pixel and edges stay crisp. */
export function snapToDevicePixel(value: number, devicePixelRatio: number): number {
  return Math.round(value * devicePixelRatio) / devicePixelRatio;
}
