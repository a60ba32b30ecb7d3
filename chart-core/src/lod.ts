import type { Candle } from './candle.js';
import { visibleIndexRange, type PriceDomain } from './scales.js';

/**
 * One level of the pyramid: column `c` merges candles `c * candlesPerColumn` to `(c + 1) *
 * candlesPerColumn - 1` (the last column may hold fewer). Columns are stored as parallel typed
 * arrays rather than objects, so a million candles cost a few flat buffers instead of a million
 * objects, and a renderer can read a visible slice without allocating.
 */
export interface LodLevel {
  readonly level: number;
  readonly candlesPerColumn: number;
  readonly length: number;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/** The prices of a series as parallel arrays (e.g. from `packSeries`): level 0 of a pyramid. */
export interface PriceColumns {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/** The columns of one level that cover a viewport: views into the pyramid, not copies. */
export interface VisibleColumns {
  readonly level: number;
  readonly candlesPerColumn: number;
  /** Column number (within the level) of the first entry. */
  readonly firstColumn: number;
  /** Index of the first candle merged into the first entry (`firstColumn * candlesPerColumn`). */
  readonly firstCandle: number;
  readonly count: number;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * The min/max level-of-detail pyramid of a series: level 0 holds the candles, level `n` merges
 * `2 ** n` of them per column, so each frame draws a bounded number of columns whatever the zoom.
 * Every level keeps the true extremes (a column's high is the max of the merged highs, its low the
 * min of the lows), so zooming out never hides a spike. Prices stay in Float64Array: exact extremes
 * matter more than the memory Float32Array would save.
 *
 * Levels above 0 are built when first asked for, or ahead of time in slices with
 * {@link LodPyramid.buildStep} (a chart does that while the page is idle): loading a million
 * candles does not wait for them.
 * Assumes a valid series (see validateSeries).
 */
export class LodPyramid {
  readonly candleCount: number;
  /** How many levels the series has: the top one is a single column (level 0 only when <= 1). */
  readonly levelCount: number;
  /** Built levels; never empty (level 0 is the prices given). */
  private readonly built: [LodLevel, ...LodLevel[]];
  /** The level being built by {@link buildStep}, and how many of its columns are done. */
  private pending: { level: LodLevel; done: number } | undefined;
  /** One buffer for every level above 0, allocated at the first build: one allocation, not 80. */
  private storage: Float64Array | undefined;

  /** Level 0 is `prices` itself: the arrays are kept, not copied. */
  constructor(prices: PriceColumns) {
    const count = prices.open.length;
    if (count > 0xffff_ffff) throw new RangeError(`too many candles for a pyramid (${count})`);
    for (const array of [prices.high, prices.low, prices.close]) {
      if (array.length !== count) throw new RangeError('price columns differ in length');
    }
    this.candleCount = count;
    let levels = 1;
    for (let length = count; length > 1; length = Math.ceil(length / 2)) levels++;
    this.levelCount = levels;
    this.built = [{ level: 0, candlesPerColumn: 1, length: count, ...pick(prices) }];
  }

  /** Levels completely built so far (level 0 always is). */
  get builtLevels(): number {
    return this.built.length;
  }

  /** Every level, building those not built yet. */
  get levels(): readonly LodLevel[] {
    return [...Array(this.levelCount).keys()].map((level) => this.level(level));
  }

  /** Level `level`, clamped to the pyramid, built first if it is not yet. */
  level(level: number): LodLevel {
    const wanted = Math.min(Math.max(0, Math.floor(level)), this.levelCount - 1);
    while (this.built.length <= wanted) this.buildStep();
    return this.built[wanted] ?? this.built[0];
  }

  /**
   * Merges up to `maxColumns` more columns of the lowest missing level (all of it by default), so
   * the pyramid can be built in slices small enough not to delay a frame. Returns whether any
   * level is still missing.
   */
  buildStep(maxColumns = Number.POSITIVE_INFINITY): boolean {
    if (this.built.length >= this.levelCount) return false;
    const source = this.built[this.built.length - 1] ?? this.built[0];
    const pending = (this.pending ??= { level: this.allocate(source.level + 1), done: 0 });
    const end = Math.min(pending.level.length, pending.done + Math.max(1, maxColumns));
    mergePairs(source, pending.level, pending.done, end);
    pending.done = end;
    if (end === pending.level.length) {
      this.built.push(pending.level);
      this.pending = undefined;
    }
    return this.built.length < this.levelCount;
  }

  private allocate(level: number): LodLevel {
    let offset = 0;
    let length = this.candleCount;
    for (let below = 1; below < level; below++) {
      length = Math.ceil(length / 2);
      offset += 4 * length;
    }
    length = Math.ceil(length / 2);
    let storage = this.storage;
    if (!storage) {
      let columns = 0;
      for (let size = Math.ceil(this.candleCount / 2); ; size = Math.ceil(size / 2)) {
        columns += size;
        if (size <= 1) break;
      }
      storage = this.storage = new Float64Array(4 * columns);
    }
    const slice = (part: number) =>
      storage.subarray(offset + part * length, offset + (part + 1) * length);
    return {
      level,
      candlesPerColumn: 2 ** level,
      length,
      open: slice(0),
      high: slice(1),
      low: slice(2),
      close: slice(3),
    };
  }
}

function pick({ open, high, low, close }: PriceColumns): PriceColumns {
  return { open, high, low, close };
}

/** A fully built pyramid of `candles` (the chart builds its levels lazily instead). */
export function buildLodPyramid(candles: readonly Candle[]): LodPyramid {
  const count = candles.length;
  const prices = {
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
  };
  candles.forEach((candle, index) => {
    prices.open[index] = candle.open;
    prices.high[index] = candle.high;
    prices.low[index] = candle.low;
    prices.close[index] = candle.close;
  });
  const pyramid = new LodPyramid(prices);
  while (pyramid.buildStep());
  return pyramid;
}

/** Columns `from` to `end - 1` of `target`, each merging two neighbouring columns of `source`. */
function mergePairs(source: LodLevel, target: LodLevel, from: number, end: number): void {
  const last = source.length - 1;
  const { open: sourceOpen, high: sourceHigh, low: sourceLow, close: sourceClose } = source;
  const { open, high, low, close } = target;
  for (let column = from; column < end; column++) {
    const left = 2 * column;
    // An odd last column has no partner: it carries over alone.
    const right = left < last ? left + 1 : last;
    const leftHigh = sourceHigh[left] ?? 0;
    const rightHigh = sourceHigh[right] ?? 0;
    const leftLow = sourceLow[left] ?? 0;
    const rightLow = sourceLow[right] ?? 0;
    open[column] = sourceOpen[left] ?? 0;
    close[column] = sourceClose[right] ?? 0;
    high[column] = leftHigh > rightHigh ? leftHigh : rightHigh;
    low[column] = leftLow < rightLow ? leftLow : rightLow;
  }
}

export interface ChooseLevelOptions {
  /**
   * Device pixels each drawn column must get at least. Default 1: at most one column per device
   * pixel. 0.5 (two columns a pixel) still looks solid and was measured smooth in the browser.
   */
  minDevicePxPerColumn?: number;
  /** Highest level available, usually `pyramid.levels.length - 1`. */
  maxLevel?: number;
}

/**
 * The finest level whose columns, for `candlesVisible` candles across `widthDevicePx` device
 * pixels, get at least `minDevicePxPerColumn` each. Finest, because coarser levels lose detail.
 */
export function chooseLevel(
  candlesVisible: number,
  widthDevicePx: number,
  options: ChooseLevelOptions = {},
): number {
  const minPx = options.minDevicePxPerColumn ?? 1;
  const maxLevel = options.maxLevel ?? Number.POSITIVE_INFINITY;
  if (!(Number.isFinite(minPx) && minPx > 0)) {
    throw new RangeError(`minDevicePxPerColumn must be a finite number > 0 (${String(minPx)})`);
  }
  if (!Number.isFinite(candlesVisible) || !Number.isFinite(widthDevicePx)) {
    throw new RangeError(
      `candlesVisible and widthDevicePx must be finite (${candlesVisible}, ${widthDevicePx})`,
    );
  }
  // Nothing visible or no room: no decimation is needed (or possible) to stay within budget.
  if (!(candlesVisible > 0 && widthDevicePx > 0)) return 0;
  const columnBudget = widthDevicePx / minPx;
  let level = 0;
  while (candlesVisible / 2 ** level > columnBudget && level < maxLevel) level++;
  return level;
}

const EMPTY_PRICES = new Float64Array(0);

/**
 * The columns of `level` (clamped to the pyramid) that overlap the candle indices `fromIndex ..
 * toIndex` (fractional, as in the viewport).
 */
export function visibleColumns(
  pyramid: LodPyramid,
  level: number,
  fromIndex: number,
  toIndex: number,
): VisibleColumns {
  const lod = pyramid.level(level);
  const visible = visibleIndexRange(fromIndex, toIndex, pyramid.candleCount);
  if (visible === undefined) {
    return {
      level: lod.level,
      candlesPerColumn: lod.candlesPerColumn,
      firstColumn: 0,
      firstCandle: 0,
      count: 0,
      open: EMPTY_PRICES,
      high: EMPTY_PRICES,
      low: EMPTY_PRICES,
      close: EMPTY_PRICES,
    };
  }
  const firstColumn = Math.floor(visible.first / lod.candlesPerColumn);
  const end = Math.floor(visible.last / lod.candlesPerColumn) + 1;
  return {
    level: lod.level,
    candlesPerColumn: lod.candlesPerColumn,
    firstColumn,
    firstCandle: firstColumn * lod.candlesPerColumn,
    count: end - firstColumn,
    open: lod.open.subarray(firstColumn, end),
    high: lod.high.subarray(firstColumn, end),
    low: lod.low.subarray(firstColumn, end),
    close: lod.close.subarray(firstColumn, end),
  };
}

/**
 * Lowest low and highest high of some columns: autoscaling the price axis from the drawn columns
 * costs as much as drawing them, instead of a pass over every visible candle. At coarse levels the
 * edge columns may add a few candles just outside the view, which only widens the range slightly.
 */
export function columnsPriceRange(
  columns: Pick<VisibleColumns, 'count' | 'low' | 'high'>,
): PriceDomain | undefined {
  if (columns.count === 0) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let column = 0; column < columns.count; column++) {
    const low = columns.low[column] ?? min;
    const high = columns.high[column] ?? max;
    if (low < min) min = low;
    if (high > max) max = high;
  }
  return [min, max];
}
