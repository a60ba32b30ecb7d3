import { formatVolume } from '@chart-kit/core';
import type { ChartModel } from '../model/chart-model.js';
import type { VolumeBars } from '../render/volume-geometry.js';

/** Space between the candles' pane and the tallest volume bar, in CSS pixels. */
const STRIP_GAP = 4;
/** Half the height of an axis label's line (as axes-view's HALF_PRICE_LABEL_HEIGHT). */
const HALF_LABEL_HEIGHT = 7;

/**
 * The volume histogram as drawn this frame, in the strip's scale: one bar per candle column
 * (`kind: 'columns'`, each column's open and close colour it up when close >= open), or mid-morph
 * one bar per moving candle at its centre and slot width (`kind: 'free'`).
 */
export type VolumeInput = VolumeBars & {
  /** The strip's top (the candles' pane's bottom); `bottom` is the plot's, in CSS pixels. */
  top: number;
  /** The largest volume in view, written on the price axis at its bar's height. */
  scaleLabel: { text: string; y: number } | undefined;
};

/**
 * The volume strip below the candles, on a scale of its own fitted to the largest volume in view
 * (each column's volume is the largest of the candles it merges, see SeriesStore.volumeColumns;
 * mid-morph, the largest of the moving candles' volumes, see TimeframeMorph). Undefined when
 * volume is off or the candles carry none.
 */
export function volumeView(model: ChartModel): VolumeInput | undefined {
  const { frame, drawn, series } = model;
  if (model.volumeShare <= 0 || !series.hasVolume) return undefined;
  const top = frame.priceHeight;
  const bottom = frame.layout.plotHeight;
  const barsTop = Math.min(bottom, top + STRIP_GAP);
  const scale = (largest: number) => {
    const perVolume = largest > 0 ? (bottom - barsTop) / largest : 0;
    return {
      top,
      bottom,
      yOfVolume: (value: number) => bottom - value * perVolume,
      // Centred half a label below the tallest bar's top, so it stays inside the strip.
      scaleLabel:
        largest > 0 ? { text: formatVolume(largest), y: barsTop + HALF_LABEL_HEIGHT } : undefined,
    };
  };
  if (drawn.kind === 'morph') {
    const { candles } = drawn;
    return {
      kind: 'free',
      count: candles.count,
      open: candles.open,
      close: candles.close,
      volume: candles.volume,
      centers: candles.centers,
      slotWidths: candles.slotWidths,
      ...scale(candles.maxVolume),
    };
  }
  const { columns } = drawn;
  const volume = series.volumeColumns(columns, model.shownCount);
  let largest = 0;
  for (let i = 0; i < columns.count; i++) largest = Math.max(largest, volume[i] ?? 0);
  const perColumn = columns.candlesPerColumn;
  return {
    kind: 'columns',
    count: columns.count,
    open: columns.open,
    close: columns.close,
    volume,
    firstCenterX: frame.xOfIndex(columns.firstCandle + (perColumn - 1) / 2),
    columnStep: perColumn * frame.barSpacing,
    ...scale(largest),
  };
}
