import type { Candle } from './candle.js';
import { visibleIndexRange, type PriceDomain } from './scales.js';

/**
 * One level of the pyramid: column `c` merges candles `firstIndex[c] .. firstIndex[c] +
 * candlesPerColumn - 1` (the last column may hold fewer). Columns are stored as parallel typed arrays
 * rather than objects, so a million candles cost a few flat buffers instead of a million objects,
 * and a renderer can read a visible slice without allocating.
 */
export interface LodLevel {
  readonly level: number;
  readonly candlesPerColumn: number;
  readonly length: number;
  readonly firstIndex: Uint32Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/** Level 0 holds the candles themselves; level `n` merges `2 ** n` of them per column. */
export interface LodPyramid {
  readonly candleCount: number;
  readonly levels: readonly LodLevel[];
}

/** The columns of one level that cover a viewport: views into the pyramid, not copies. */
export interface VisibleColumns {
  readonly level: number;
  readonly candlesPerColumn: number;
  /** Column number (within the level) of the first entry. */
  readonly firstColumn: number;
  readonly count: number;
  readonly firstIndex: Uint32Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * Builds the min/max pyramid once per series, so each frame draws a fixed number of columns
 * whatever the zoom. Every level keeps the true extremes (its column high is the max of the merged
 * highs, its low the min of the lows), so zooming out never hides a spike. Prices stay in
 * Float64Array: exact extremes matter more than the 50% memory Float32Array would save.
 * Assumes a valid series (see validateSeries).
 */
export function buildLodPyramid(candles: readonly Candle[]): LodPyramid {
  const count = candles.length;
  if (count > 0xffff_ffff) throw new RangeError(`too many candles for a pyramid (${count})`);
  const base = allocateLevel(0, count);
  for (let index = 0; index < count; index++) {
    const candle = candles[index];
    if (candle === undefined) continue;
    base.firstIndex[index] = index;
    base.open[index] = candle.open;
    base.high[index] = candle.high;
    base.low[index] = candle.low;
    base.close[index] = candle.close;
  }
  const levels: LodLevel[] = [base];
  let previous = base;
  while (previous.length > 1) {
    previous = mergePairs(previous);
    levels.push(previous);
  }
  return { candleCount: count, levels };
}

function allocateLevel(level: number, length: number): LodLevel {
  return {
    level,
    candlesPerColumn: 2 ** level,
    length,
    firstIndex: new Uint32Array(length),
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
  };
}

function mergePairs(source: LodLevel): LodLevel {
  const merged = allocateLevel(source.level + 1, Math.ceil(source.length / 2));
  const { firstIndex, open, high, low, close } = source;
  for (let column = 0; column < merged.length; column++) {
    const left = 2 * column;
    // An odd last column has no partner: it carries over alone.
    const right = Math.min(left + 1, source.length - 1);
    // Typed arrays read out of range give undefined only in theory: left and right are in range.
    const leftHigh = high[left] ?? 0;
    const rightHigh = high[right] ?? 0;
    const leftLow = low[left] ?? 0;
    const rightLow = low[right] ?? 0;
    merged.firstIndex[column] = firstIndex[left] ?? 0;
    merged.open[column] = open[left] ?? 0;
    merged.close[column] = close[right] ?? 0;
    merged.high[column] = leftHigh > rightHigh ? leftHigh : rightHigh;
    merged.low[column] = leftLow < rightLow ? leftLow : rightLow;
  }
  return merged;
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

const EMPTY_INDICES = new Uint32Array(0);
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
  const levelIndex = Math.min(Math.max(0, Math.floor(level)), pyramid.levels.length - 1);
  const lod = pyramid.levels[levelIndex];
  const visible = visibleIndexRange(fromIndex, toIndex, pyramid.candleCount);
  if (lod === undefined || visible === undefined) {
    return {
      level: lod?.level ?? 0,
      candlesPerColumn: lod?.candlesPerColumn ?? 1,
      firstColumn: 0,
      count: 0,
      firstIndex: EMPTY_INDICES,
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
    count: end - firstColumn,
    firstIndex: lod.firstIndex.subarray(firstColumn, end),
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
export function columnsPriceRange(columns: VisibleColumns): PriceDomain | undefined {
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
