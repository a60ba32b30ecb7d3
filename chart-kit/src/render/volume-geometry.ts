import { bodyHalfWidth } from './candle-geometry.js';
import { snapToDevicePixel as snap } from './layout.js';

/**
 * Where the volume histogram's bars go, shared by every renderer: each bar is as wide as its
 * candle's body and on the same device pixel columns, from the strip's bottom up to its volume.
 */

/** What {@link volumeRects} reads: the volume view's columns and scale. */
export interface VolumeBars {
  count: number;
  open: ArrayLike<number>;
  close: ArrayLike<number>;
  volume: ArrayLike<number>;
  firstCenterX: number;
  columnStep: number;
  bottom: number;
  yOfVolume: (volume: number) => number;
}

/** Receives a bar in CSS pixels and whether its candle rose (close >= open). */
export type VolumeBarSink = (
  left: number,
  top: number,
  right: number,
  bottom: number,
  rising: boolean,
) => void;

/** The bars of `bars`, snapped to device pixels; a bar of no volume is not drawn. */
export function volumeRects(bars: VolumeBars, devicePixelRatio: number, sink: VolumeBarSink): void {
  const { count, open, close, volume, firstCenterX, columnStep, bottom, yOfVolume } = bars;
  const side = Math.max(
    0,
    Math.round(bodyHalfWidth(columnStep, devicePixelRatio) * devicePixelRatio - 0.5),
  );
  const barBottom = snap(bottom, devicePixelRatio);
  for (let i = 0; i < count; i++) {
    const value = volume[i] ?? 0;
    if (!(value > 0)) continue;
    const column = Math.floor((firstCenterX + i * columnStep) * devicePixelRatio);
    // At least a device pixel tall, so a quiet candle still shows a bar.
    const top = Math.min(
      snap(yOfVolume(value), devicePixelRatio),
      barBottom - 1 / devicePixelRatio,
    );
    sink(
      (column - side) / devicePixelRatio,
      top,
      (column + 1 + side) / devicePixelRatio,
      barBottom,
      (close[i] ?? 0) >= (open[i] ?? 0),
    );
  }
}
