import { type Candle, packSeries } from './candle.js';
import {
  chooseLevel,
  columnsPriceRange,
  type LodLevel,
  LodPyramid,
  visibleColumns,
  type VisibleColumns,
} from './lod.js';

/** Most decimals a price is shown with when the series does not say otherwise. */
const MAX_INFERRED_DECIMALS = 8;
/** Candles sampled to infer how many decimals prices have. */
const DECIMALS_SAMPLE = 500;

/**
 * A validated series kept as typed arrays and the core's level-of-detail pyramid: level 0 is the
 * candles' prices, so no second copy of them is kept. Coarser levels are built on first use, or
 * ahead of it with `buildLevels` while the page is idle.
 */
export class SeriesStore {
  readonly count: number;
  readonly times: Float64Array;
  /** Decimals the series' prices are written with (2 for 4321.25), inferred from a sample. */
  readonly priceDecimals: number;
  /** Lowest low and highest high of the whole series, or undefined when empty. */
  readonly priceRange: readonly [number, number] | undefined;
  /** Each candle's volume (0 where a candle has none). */
  readonly volumes: Float64Array;
  /** Whether any candle carries a volume. */
  readonly hasVolume: boolean;
  private readonly pyramid: LodPyramid;
  /** Level `n` holds the largest volume of each `2 ** n` candles; built on first use. */
  private readonly volumeLevels: Float64Array[];
  private volumeScratch: Float64Array | undefined;
  /** Scratch arrays for a view cut short by a replay (see `columns`). */
  private scratch: MutableColumns | undefined;

  constructor(candles: readonly Candle[]) {
    const packed = packSeries(candles);
    this.count = packed.count;
    this.times = packed.time;
    this.pyramid = new LodPyramid(packed);
    this.priceDecimals = inferDecimals(candles);
    this.priceRange = columnsPriceRange(packed);
    this.volumes = packed.volume;
    this.hasVolume = packed.hasVolume;
    this.volumeLevels = [packed.volume];
  }

  /** The candles themselves (level 0 of the pyramid), as parallel arrays. */
  get base(): LodLevel {
    return this.pyramid.level(0);
  }

  /** Builds up to `maxColumns` more of the coarser levels ahead of use; false once all are built. */
  buildLevels(maxColumns: number): boolean {
    return this.pyramid.buildStep(maxColumns);
  }

  candle(index: number): Candle | undefined {
    if (!(index >= 0 && index < this.count)) return undefined;
    const base = this.base;
    return {
      time: this.times[index] ?? 0,
      open: base.open[index] ?? 0,
      high: base.high[index] ?? 0,
      low: base.low[index] ?? 0,
      close: base.close[index] ?? 0,
      ...(this.hasVolume ? { volume: this.volumes[index] ?? 0 } : {}),
    };
  }

  /**
   * The volume of each of `columns` (from {@link columns}): the largest volume among the candles
   * a column merges, which is what drawing every one of those bars into the column would show,
   * so zooming out never hides a spike. `shownCount` cuts a column straddling a replay's end as
   * `columns` does.
   */
  volumeColumns(columns: VisibleColumns, shownCount = this.count): Float64Array {
    const level = this.volumeLevel(columns.level);
    const visible = level.subarray(columns.firstColumn, columns.firstColumn + columns.count);
    const lastColumn = columns.count - 1;
    const lastFirstIndex = columns.firstCandle + lastColumn * columns.candlesPerColumn;
    if (columns.count === 0 || lastFirstIndex + columns.candlesPerColumn <= shownCount) {
      return visible;
    }
    if (!this.volumeScratch || this.volumeScratch.length < columns.count) {
      this.volumeScratch = new Float64Array(Math.max(columns.count, 2048));
    }
    const copy = this.volumeScratch.subarray(0, columns.count);
    copy.set(visible);
    let largest = 0;
    for (let index = lastFirstIndex; index < Math.min(shownCount, this.count); index++) {
      largest = Math.max(largest, this.volumes[index] ?? 0);
    }
    copy[lastColumn] = largest;
    return copy;
  }

  private volumeLevel(level: number): Float64Array {
    const levels = this.volumeLevels;
    while (levels.length <= level) {
      const source = levels[levels.length - 1] ?? this.volumes;
      const merged = new Float64Array(Math.ceil(source.length / 2));
      for (let column = 0; column < merged.length; column++) {
        const left = source[2 * column] ?? 0;
        const right = source[2 * column + 1] ?? 0;
        merged[column] = left > right ? left : right;
      }
      levels.push(merged);
    }
    return levels[level] ?? this.volumes;
  }

  /**
   * The columns to draw for fractional indices `fromIndex..toIndex` across `widthDevicePx`: the
   * finest level giving each column at least one device pixel, as views into the pyramid.
   * `shownCount` hides candles from that index on (a replay): a merged column that straddles the
   * cut is rebuilt from the shown candles only, so a zoomed-out replay never leaks a hidden high.
   */
  columns(
    fromIndex: number,
    toIndex: number,
    widthDevicePx: number,
    shownCount = this.count,
  ): VisibleColumns {
    const lastShown = Math.min(toIndex, shownCount - 0.5);
    const level = chooseLevel(toIndex - fromIndex, widthDevicePx, {
      maxLevel: this.pyramid.levelCount - 1,
    });
    const columns = visibleColumns(this.pyramid, level, fromIndex, lastShown);
    if (shownCount >= this.count || columns.count === 0) return columns;
    const lastColumn = columns.count - 1;
    const lastFirstIndex = columns.firstCandle + lastColumn * columns.candlesPerColumn;
    const columnEnd = lastFirstIndex + columns.candlesPerColumn;
    if (columnEnd <= shownCount) return columns;
    // The straddling column: copy the views (at most a few thousand entries) and fix its end.
    const copy = this.scratchColumns(columns.count);
    copy.open.set(columns.open);
    copy.high.set(columns.high);
    copy.low.set(columns.low);
    copy.close.set(columns.close);
    const base = this.base;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let index = lastFirstIndex; index < shownCount; index++) {
      high = Math.max(high, base.high[index] ?? high);
      low = Math.min(low, base.low[index] ?? low);
    }
    copy.high[lastColumn] = high;
    copy.low[lastColumn] = low;
    copy.close[lastColumn] = base.close[shownCount - 1] ?? 0;
    return {
      ...columns,
      open: copy.open.subarray(0, columns.count),
      high: copy.high.subarray(0, columns.count),
      low: copy.low.subarray(0, columns.count),
      close: copy.close.subarray(0, columns.count),
    };
  }

  private scratchColumns(count: number): MutableColumns {
    if (!this.scratch || this.scratch.open.length < count) {
      const size = Math.max(count, 2048);
      this.scratch = {
        open: new Float64Array(size),
        high: new Float64Array(size),
        low: new Float64Array(size),
        close: new Float64Array(size),
      };
    }
    return this.scratch;
  }
}

interface MutableColumns {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
}

function inferDecimals(candles: readonly Candle[]): number {
  let decimals = 0;
  const step = Math.max(1, Math.floor(candles.length / DECIMALS_SAMPLE));
  for (let index = 0; index < candles.length; index += step) {
    const candle = candles[index];
    if (!candle) continue;
    for (const price of [candle.open, candle.high, candle.low, candle.close]) {
      decimals = Math.max(decimals, decimalsOf(price));
    }
    if (decimals >= MAX_INFERRED_DECIMALS) return MAX_INFERRED_DECIMALS;
  }
  return decimals;
}

const SCALES = Array.from({ length: MAX_INFERRED_DECIMALS }, (_, decimals) => 10 ** decimals);

// Rounded by arithmetic, not through toFixed and back: a price within 1e-9 of a rounding is
// that rounding either way, and the exercise generator fits thousands of views a chart.
function decimalsOf(price: number): number {
  const tolerance = 1e-9 * Math.max(1, Math.abs(price));
  for (let decimals = 0; decimals < MAX_INFERRED_DECIMALS; decimals++) {
    const scale = SCALES[decimals] ?? 1;
    if (Math.abs(Math.round(price * scale) / scale - price) < tolerance) return decimals;
  }
  return MAX_INFERRED_DECIMALS;
}
