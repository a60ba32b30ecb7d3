import { type Candle, validateSeries } from '../core/index.js';
import type { CandleColumns } from '../render/candle-layer.js';

/**
 * A series kept as parallel typed arrays: compact at 1,000,000 candles, and a visible stretch can
 * be handed to the renderer as `subarray` views without copying.
 */
export class SeriesStore {
  readonly count: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  /** Scratch columns for merged (zoomed-out) views, reused across frames. */
  private merged: {
    open: Float64Array;
    high: Float64Array;
    low: Float64Array;
    close: Float64Array;
  };

  constructor(candles: readonly Candle[]) {
    validateSeries(candles);
    const n = candles.length;
    this.count = n;
    this.time = new Float64Array(n);
    this.open = new Float64Array(n);
    this.high = new Float64Array(n);
    this.low = new Float64Array(n);
    this.close = new Float64Array(n);
    candles.forEach((candle, i) => {
      this.time[i] = candle.time;
      this.open[i] = candle.open;
      this.high[i] = candle.high;
      this.low[i] = candle.low;
      this.close[i] = candle.close;
    });
    this.merged = allocateColumns(0);
  }

  candleAt(index: number): Candle | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    return {
      time: this.time[index] ?? 0,
      open: this.open[index] ?? 0,
      high: this.high[index] ?? 0,
      low: this.low[index] ?? 0,
      close: this.close[index] ?? 0,
    };
  }

  /**
   * Columns for candles `first..last`, merging `perColumn` candles into one (open of the first,
   * close of the last, extremes of all) when zoomed out. Groups are aligned to multiples of
   * `perColumn` from the series start, so columns do not shimmer while panning.
   * Returns the columns and the index of the first candle of the first column.
   */
  columns(
    first: number,
    last: number,
    perColumn: number,
  ): { columns: CandleColumns; firstIndex: number } {
    if (perColumn <= 1) {
      const end = last + 1;
      return {
        columns: {
          count: Math.max(0, end - first),
          open: this.open.subarray(first, end),
          high: this.high.subarray(first, end),
          low: this.low.subarray(first, end),
          close: this.close.subarray(first, end),
        },
        firstIndex: first,
      };
    }
    const start = Math.floor(first / perColumn) * perColumn;
    const count = Math.floor(last / perColumn) - start / perColumn + 1;
    if (this.merged.open.length < count) this.merged = allocateColumns(count * 2);
    const { open, high, low, close } = this.merged;
    for (let column = 0; column < count; column++) {
      const from = start + column * perColumn;
      const to = Math.min(from + perColumn, this.count) - 1;
      let max = Number.NEGATIVE_INFINITY;
      let min = Number.POSITIVE_INFINITY;
      for (let i = from; i <= to; i++) {
        const h = this.high[i] ?? max;
        const l = this.low[i] ?? min;
        if (h > max) max = h;
        if (l < min) min = l;
      }
      open[column] = this.open[from] ?? 0;
      close[column] = this.close[to] ?? 0;
      high[column] = max;
      low[column] = min;
    }
    return { columns: { count, open, high, low, close }, firstIndex: start };
  }

  /** Lowest low and highest high of candles `first..last`. */
  priceExtent(first: number, last: number): readonly [number, number] | undefined {
    if (last < first) return undefined;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = first; i <= last; i++) {
      const h = this.high[i] ?? max;
      const l = this.low[i] ?? min;
      if (h > max) max = h;
      if (l < min) min = l;
    }
    return [min, max];
  }
}

function allocateColumns(size: number) {
  return {
    open: new Float64Array(size),
    high: new Float64Array(size),
    low: new Float64Array(size),
    close: new Float64Array(size),
  };
}
