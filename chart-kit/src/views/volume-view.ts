import { formatVolume } from '@chart-kit/core';
import type { ChartModel } from '../model/chart-model.js';

/** Space between the candles' pane and the tallest volume bar, in CSS pixels. */
const STRIP_GAP = 4;
/** Half the height of an axis label's line (as axes-view's HALF_PRICE_LABEL_HEIGHT). */
const HALF_LABEL_HEIGHT = 7;

/** The volume histogram as drawn this frame: one bar per candle column, in the strip's scale. */
export interface VolumeInput {
  count: number;
  /** Each column's open and close (the bar is up-coloured when close >= open) and volume. */
  open: ArrayLike<number>;
  close: ArrayLike<number>;
  volume: ArrayLike<number>;
  /** x of the first column's centre and the distance between centres, as the candles'. */
  firstCenterX: number;
  columnStep: number;
  /** The strip's top (the candles' pane's bottom) and bottom (the plot's), in CSS pixels. */
  top: number;
  bottom: number;
  /** y of a volume in the strip. */
  yOfVolume: (volume: number) => number;
  /** The largest volume in view, written on the price axis at its bar's height. */
  scaleLabel: { text: string; y: number } | undefined;
}

/**
 * The volume strip below the candles, on a scale of its own fitted to the largest volume in view
 * (each column's volume is the largest of the candles it merges, see SeriesStore.volumeColumns).
 * Undefined when volume is off, the candles carry none, or mid-morph.
 */
export function volumeView(model: ChartModel): VolumeInput | undefined {
  const { frame, drawn, series } = model;
  if (model.volumeShare <= 0 || !series.hasVolume || drawn.kind !== 'columns') return undefined;
  const { columns } = drawn;
  const volume = series.volumeColumns(columns, model.shownCount);
  let largest = 0;
  for (let i = 0; i < columns.count; i++) largest = Math.max(largest, volume[i] ?? 0);
  const top = frame.priceHeight;
  const bottom = frame.layout.plotHeight;
  const barsTop = Math.min(bottom, top + STRIP_GAP);
  const perVolume = largest > 0 ? (bottom - barsTop) / largest : 0;
  const perColumn = columns.candlesPerColumn;
  return {
    count: columns.count,
    open: columns.open,
    close: columns.close,
    volume,
    firstCenterX: frame.xOfIndex(columns.firstCandle + (perColumn - 1) / 2),
    columnStep: perColumn * frame.barSpacing,
    top,
    bottom,
    yOfVolume: (value) => bottom - value * perVolume,
    // Centred half a label below the tallest bar's top, so it stays inside the strip.
    scaleLabel:
      largest > 0 ? { text: formatVolume(largest), y: barsTop + HALF_LABEL_HEIGHT } : undefined,
  };
}
