import { bodyHalfWidth } from './candle-geometry.js';
import { snapToDevicePixel as snap } from './layout.js';

/**
 * Where the volume histogram's bars go, shared by every renderer: each bar is as wide as its
 * candle's body and on the same device pixel columns, from the strip's bottom up to its volume.
 */

interface VolumeBarValues {
  count: number;
  open: ArrayLike<number>;
  close: ArrayLike<number>;
  volume: ArrayLike<number>;
  bottom: number;
  yOfVolume: (volume: number) => number;
}

/** What {@link volumeRects} reads: evenly spaced columns, or bars at free places mid-morph. */
export type VolumeBars =
  | (VolumeBarValues & { kind: 'columns'; firstCenterX: number; columnStep: number })
  | (VolumeBarValues & {
      kind: 'free';
      /** Each bar's centre and slot width in CSS pixels, as its candle's (see MorphFrame). */
      centers: ArrayLike<number>;
      slotWidths: ArrayLike<number>;
    });

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
  const { count, open, close, volume, bottom, yOfVolume } = bars;
  const barBottom = snap(bottom, devicePixelRatio);
  const bar = (i: number, centerX: number, side: number) => {
    const value = volume[i] ?? 0;
    if (!(value > 0)) return;
    const column = Math.floor(centerX * devicePixelRatio);
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
  };
  if (bars.kind === 'columns') {
    const { firstCenterX, columnStep } = bars;
    const side = bodySidePixels(columnStep, devicePixelRatio);
    for (let i = 0; i < count; i++) bar(i, firstCenterX + i * columnStep, side);
  } else {
    const { centers, slotWidths } = bars;
    for (let i = 0; i < count; i++) {
      bar(i, centers[i] ?? 0, bodySidePixels(slotWidths[i] ?? 1, devicePixelRatio));
    }
  }
}

/** Device pixels either side of a body's centre column, as candleRects draws it. */
function bodySidePixels(slot: number, devicePixelRatio: number): number {
  return Math.max(0, Math.round(bodyHalfWidth(slot, devicePixelRatio) * devicePixelRatio - 0.5));
}
