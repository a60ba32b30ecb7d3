import { bisectLeft, bisectRight } from 'd3-array';
import { chooseLevel, LodPyramid } from './lod.js';
import type { PriceDomain } from './scales.js';

/** One point of a line series (a moving average): `time` in unix seconds, `value` a price. */
export interface LinePoint {
  time: number;
  value: number;
}

/** Thrown by {@link LineSeriesData}; names the first offending point. */
export class LinePointError extends Error {
  /** The point's `time` when it is a finite number. */
  readonly time: number | undefined;

  constructor(
    readonly index: number,
    readonly problem: string,
    time?: number,
  ) {
    super(`point ${index}: ${problem}`);
    this.name = 'LinePointError';
    this.time = time;
  }
}

/** Points at most this far apart are drawn one by one; more per device pixel are decimated. */
const RAW_POINTS_PER_DEVICE_PX = 2;
/** Blocks of the pyramid read per device pixel column when decimating. */
const BLOCKS_PER_DEVICE_PX = 4;
/** Ranges shorter than this are scanned point by point for their extent. */
const RAW_EXTENT_POINTS = 4096;

/** Where a line's points go on screen: an x and a y for each vertex, in CSS pixels. */
export interface LineVertices {
  /** x0, y0, x1, y1, ... */
  readonly xy: Float64Array;
  readonly count: number;
}

/** What {@link LineSeriesData.vertices} needs of a frame. */
export interface LineFrame {
  /** The visible candle indices (fractional). */
  fromIndex: number;
  toIndex: number;
  xOfIndex: (index: number) => number;
  yOfPrice: (price: number) => number;
  /** Device pixels across the plot. */
  widthDevicePx: number;
  devicePixelRatio: number;
  /** Points at this candle index or later are not drawn (a replay hiding candles). */
  endIndex?: number;
}

/**
 * A line series' points as typed arrays and a min/max level-of-detail pyramid over them, so a
 * frame draws at most a few vertices per device pixel column whatever the zoom: the points of a
 * column are drawn as their first value, their lowest and highest, and their last (the pixels a
 * polyline through all of them would cover). Validates the points: times strictly ascending,
 * times and values finite.
 */
export class LineSeriesData {
  readonly count: number;
  readonly times: Float64Array;
  readonly values: Float64Array;
  private readonly pyramid: LodPyramid;
  /**
   * Each point's fractional candle index by the candle times it was placed on: the two latest
   * placements, so a timeframe morph between two series reads both every frame without redoing
   * either.
   */
  private placements: { times: ArrayLike<number>; periodSeconds: number; indices: Float64Array }[] =
    [];

  /** Throws a {@link LinePointError} naming the first point that cannot be drawn. */
  constructor(points: readonly LinePoint[]) {
    const count = points.length;
    this.count = count;
    this.times = new Float64Array(count);
    this.values = new Float64Array(count);
    let previous = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < count; index++) {
      const point = points[index];
      if (typeof point !== 'object' || (point as LinePoint | null) === null) {
        const found: unknown = point;
        const shown = found === undefined ? 'undefined' : JSON.stringify(found);
        throw new LinePointError(index, `is not a { time, value } object (${shown})`);
      }
      const { time, value } = point;
      if (!(typeof time === 'number' && Number.isFinite(time))) {
        throw new LinePointError(index, `time is not a finite number (${String(time)})`);
      }
      if (!(typeof value === 'number' && Number.isFinite(value))) {
        throw new LinePointError(index, `value is not a finite number (${String(value)})`, time);
      }
      if (time === previous) throw new LinePointError(index, `duplicate time ${time}`, time);
      if (time < previous) {
        throw new LinePointError(
          index,
          `time ${time} is before the previous point's ${previous} (points must ascend)`,
          time,
        );
      }
      previous = time;
      this.times[index] = time;
      this.values[index] = value;
    }
    const { values } = this;
    this.pyramid = new LodPyramid({ open: values, high: values, low: values, close: values });
  }

  /**
   * Builds up to `maxColumns` more of the pyramid's coarser levels ahead of use (a chart does
   * this while the page is idle); false once all are built.
   */
  buildLevels(maxColumns: number): boolean {
    return this.pyramid.buildStep(maxColumns);
  }

  /**
   * Each point's fractional candle index on a series with these candle `times`: a point at a
   * candle's time is on that candle, one between candles is `periodSeconds` per slot past the
   * candle before it (so a 5min line on 1hr candles runs across each hour's slot), and one
   * beyond either end continues at that rate. Cached for the two latest `times` given.
   */
  indicesOn(times: ArrayLike<number>, periodSeconds: number): Float64Array {
    const placed = this.placements.find(
      (placement) => placement.times === times && placement.periodSeconds === periodSeconds,
    );
    if (placed) return placed.indices;
    const indices = new Float64Array(this.count);
    const candles = times.length;
    const first = times[0] ?? 0;
    const period = periodSeconds > 0 ? periodSeconds : 1;
    let candle = 0;
    for (let index = 0; index < this.count; index++) {
      const time = this.times[index] ?? 0;
      if (candles === 0) {
        indices[index] = index;
        continue;
      }
      if (time < first) {
        indices[index] = (time - first) / period;
        continue;
      }
      // Points ascend, so the candle before each point only moves forward.
      while (candle + 1 < candles && (times[candle + 1] ?? Infinity) <= time) candle++;
      const offset = (time - (times[candle] ?? 0)) / period;
      indices[index] = candle + (candle + 1 < candles ? Math.min(offset, 1) : offset);
    }
    this.placements = [{ times, periodSeconds, indices }, ...this.placements.slice(0, 1)];
    return indices;
  }

  /**
   * The points `first..last` (inclusive) that a view of indices `fromIndex..toIndex` needs: those
   * inside it and one either side, so the line runs to the plot's edges. Undefined when none.
   */
  visibleRange(
    indices: Float64Array,
    fromIndex: number,
    toIndex: number,
  ): { first: number; last: number } | undefined {
    if (this.count === 0) return undefined;
    const first = Math.max(0, bisectLeft(indices, fromIndex) - 1);
    const last = Math.min(this.count - 1, bisectRight(indices, toIndex));
    if (last < first) return undefined;
    // Entirely before or after the view: nothing of the line shows.
    if ((indices[last] ?? 0) < fromIndex || (indices[first] ?? 0) > toIndex) return undefined;
    return { first, last };
  }

  /** Lowest and highest value of points `first..last`, from the pyramid for long ranges. */
  extent(first: number, last: number): PriceDomain | undefined {
    if (last < first || this.count === 0) return undefined;
    const values = this.values;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    const scan = (from: number, to: number) => {
      for (let index = from; index <= to; index++) {
        const value = values[index] ?? 0;
        if (value < min) min = value;
        if (value > max) max = value;
      }
    };
    const span = last - first + 1;
    if (span <= RAW_EXTENT_POINTS) {
      scan(first, last);
      return [min, max];
    }
    const level = this.pyramid.level(Math.floor(Math.log2(span / RAW_EXTENT_POINTS)) + 1);
    const size = level.candlesPerColumn;
    const firstBlock = Math.ceil(first / size);
    const endBlock = Math.floor((last + 1) / size);
    scan(first, firstBlock * size - 1);
    for (let block = firstBlock; block < endBlock; block++) {
      const low = level.low[block] ?? min;
      const high = level.high[block] ?? max;
      if (low < min) min = low;
      if (high > max) max = high;
    }
    scan(endBlock * size, last);
    return [min, max];
  }

  /**
   * The vertices to draw the line with across a frame: the visible points themselves when there
   * are at most about two per device pixel, else four per device pixel column (the first,
   * lowest, highest and last value of the points in it, read from the pyramid), so a million
   * points cost a few thousand vertices.
   */
  vertices(indices: Float64Array, frame: LineFrame): LineVertices {
    const range = this.visibleRange(indices, frame.fromIndex, frame.toIndex);
    if (!range) return { xy: new Float64Array(0), count: 0 };
    const { first } = range;
    let { last } = range;
    const end = frame.endIndex ?? Number.POSITIVE_INFINITY;
    while (last >= first && (indices[last] ?? 0) >= end) last--;
    if (last < first) return { xy: new Float64Array(0), count: 0 };
    const { xOfIndex, yOfPrice, widthDevicePx } = frame;
    const span = last - first + 1;
    if (span <= RAW_POINTS_PER_DEVICE_PX * Math.max(1, widthDevicePx)) {
      const xy = new Float64Array(2 * span);
      for (let k = 0; k < span; k++) {
        xy[2 * k] = xOfIndex(indices[first + k] ?? 0);
        xy[2 * k + 1] = yOfPrice(this.values[first + k] ?? 0);
      }
      return { xy, count: span };
    }
    return this.decimated(indices, first, last, frame);
  }

  private decimated(
    indices: Float64Array,
    first: number,
    last: number,
    frame: LineFrame,
  ): LineVertices {
    const { xOfIndex, yOfPrice, widthDevicePx, devicePixelRatio: dpr } = frame;
    const span = last - first + 1;
    const level = this.pyramid.level(
      chooseLevel(span, widthDevicePx, {
        minDevicePxPerColumn: 1 / BLOCKS_PER_DEVICE_PX,
        maxLevel: this.pyramid.levelCount - 1,
      }),
    );
    const size = level.candlesPerColumn;
    const firstBlock = Math.floor(first / size);
    const lastBlock = Math.floor(last / size);
    // Columns beyond the plot's edges (the points either side) add a few vertices at most.
    const xy = new Float64Array(8 * (Math.ceil(widthDevicePx) + 8) + 16);
    let count = 0;
    let column = Number.NaN;
    let open = 0;
    let low = 0;
    let high = 0;
    let close = 0;
    const emit = (x: number, value: number) => {
      if (2 * count + 1 >= xy.length) return;
      xy[2 * count] = x;
      xy[2 * count + 1] = yOfPrice(value);
      count++;
    };
    const flush = () => {
      if (Number.isNaN(column)) return;
      const x = (column + 0.5) / dpr;
      emit(x, open);
      // Towards the nearer extreme first: a column of a rising line goes low, then high.
      if (Math.abs(open - low) <= Math.abs(open - high)) {
        emit(x, low);
        emit(x, high);
      } else {
        emit(x, high);
        emit(x, low);
      }
      emit(x, close);
    };
    for (let block = firstBlock; block <= lastBlock; block++) {
      const x = xOfIndex(indices[block * size] ?? 0);
      const blockColumn = Math.floor(x * dpr);
      const blockOpen = level.open[block] ?? 0;
      const blockHigh = level.high[block] ?? 0;
      const blockLow = level.low[block] ?? 0;
      if (blockColumn !== column) {
        flush();
        column = blockColumn;
        open = blockOpen;
        low = blockLow;
        high = blockHigh;
      } else {
        if (blockLow < low) low = blockLow;
        if (blockHigh > high) high = blockHigh;
      }
      close = level.close[block] ?? 0;
    }
    flush();
    return { xy, count };
  }
}
