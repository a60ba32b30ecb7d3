import { bisectRight } from 'd3-array';
import {
  type IndexViewport,
  type SeriesStore,
  indexAtTime,
  maxViewportBars,
  timeAtIndex,
} from '@chart-kit/core';

/** Fewest candles a switch to a longer timeframe shows, unless the previous view had fewer. */
const MIN_MORPH_TARGET_BARS = 40;

/**
 * The view after a timeframe switch: the same stretch of time when that leaves enough candles to
 * read (switching 1hr -> 5min splits each hour in place), otherwise as many candles as before up
 * to {@link MIN_MORPH_TARGET_BARS}, ending at the same time (the latest prices stay in view).
 */
export function viewAfterSwitch(
  from: { times: ArrayLike<number>; periodSeconds: number; view: IndexViewport },
  to: { times: ArrayLike<number>; periodSeconds: number },
): IndexViewport {
  const startTime = timeAtIndex(from.times, from.view.fromIndex, from.periodSeconds);
  const endTime = timeAtIndex(from.times, from.view.toIndex, from.periodSeconds);
  // Empty room after the last candle is kept as the same number of bars, not the same time
  // (two 5-min bars of margin would be a sliver of an hourly bar).
  const margin = from.view.toIndex - (from.times.length - 1);
  const toIndex =
    margin > 0 ? to.times.length - 1 + margin : indexAtTime(to.times, endTime, to.periodSeconds);
  const sameTimeFrom = indexAtTime(to.times, startTime, to.periodSeconds);
  const previousBars = from.view.toIndex - from.view.fromIndex;
  const minBars = Math.min(previousBars, MIN_MORPH_TARGET_BARS);
  // No wider than the target series allows, so a short one (a few daily candles after 1min)
  // still ends at the same time instead of being re-centred by the clamp.
  const bars = Math.min(
    Math.max(toIndex - sameTimeFrom, minBars),
    maxViewportBars({ candleCount: to.times.length }),
  );
  return { fromIndex: toIndex - bars, toIndex };
}

/** Candles drawn by one morph frame, at free positions; arrays are reused between frames. */
export interface MorphFrame {
  count: number;
  centers: Float64Array;
  slotWidths: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** Each candle's volume (0 where the series has none), for the volume strip. */
  volume: Float64Array;
  /** Lowest low and highest high drawn, to fit the price axis. */
  min: number;
  max: number;
  /** Largest volume drawn, to fit the volume strip. */
  maxVolume: number;
}

/** More candles than this in a switch and the chart cuts instead of morphing. */
export const MAX_MORPH_CANDLES = 20_000;

/**
 * The animation between a short timeframe (fine, e.g. 5min) and a longer one (coarse, e.g. 1hr),
 * any two of them (1min and 1D too): each fine candle slides and stretches onto the coarse candle
 * that contains it (the last one opening at or before it) while its prices move to the coarse
 * candle's, so twelve 5-min candles become their hour. Run backwards it splits an hour into its
 * 5-min candles. Coarse candles with no fine candle animated (history before the fine series
 * starts, or beyond the fine view when the two are several levels apart) grow from nothing in place.
 * Volumes move the same way: a fine candle's volume becomes its coarse candle's (their sum, as
 * aggregation makes it), and a candle growing in place grows its volume from nothing.
 */
export class TimeframeMorph {
  private readonly frame: MorphFrame;
  private readonly fineFirst: number;
  private readonly fineLast: number;
  private readonly groupOf: Uint32Array;
  private readonly coarseOnly: number[] = [];

  /**
   * `fineView` and `coarseView` are the views at each end of the animation; only the candles
   * visible in either are animated. Throws a RangeError when more than
   * {@link MAX_MORPH_CANDLES} would be (the caller then switches without animating).
   */
  constructor(
    private readonly fine: SeriesStore,
    private readonly coarse: SeriesStore,
    fineView: IndexViewport,
    coarseView: IndexViewport,
    coarsePeriodSeconds: number,
  ) {
    // The fine candles to animate: those in the fine view, and those belonging to coarse candles in
    // the coarse view.
    const coarseFirstTime = timeAtIndex(
      coarse.times,
      Math.floor(coarseView.fromIndex),
      coarsePeriodSeconds,
    );
    const coarseEndTime = timeAtIndex(
      coarse.times,
      Math.ceil(coarseView.toIndex) + 1,
      coarsePeriodSeconds,
    );
    const viewFirst = Math.max(0, Math.floor(fineView.fromIndex));
    const viewLast = Math.min(fine.count - 1, Math.ceil(fineView.toIndex));
    this.fineFirst = Math.max(0, Math.min(viewFirst, bisectRight(fine.times, coarseFirstTime) - 1));
    this.fineLast = Math.min(
      fine.count - 1,
      Math.max(viewLast, bisectRight(fine.times, coarseEndTime)),
    );
    if (this.fineLast - this.fineFirst + 1 > MAX_MORPH_CANDLES) {
      // Several levels apart (1min -> 1D) the coarse view holds far more fine candles than the
      // fine view: only those on screen move, and the other coarse candles grow in place.
      this.fineFirst = viewFirst;
      this.fineLast = viewLast;
    }
    const fineCount = Math.max(0, this.fineLast - this.fineFirst + 1);
    if (fineCount > MAX_MORPH_CANDLES) {
      throw new RangeError(`too many candles to morph (${fineCount})`);
    }
    this.groupOf = new Uint32Array(fineCount);
    const covered = new Set<number>();
    for (let i = 0; i < fineCount; i++) {
      const group = Math.max(0, bisectRight(coarse.times, fine.times[this.fineFirst + i] ?? 0) - 1);
      this.groupOf[i] = group;
      covered.add(group);
    }
    const coarseFrom = Math.max(0, Math.floor(coarseView.fromIndex));
    const coarseTo = Math.min(coarse.count - 1, Math.ceil(coarseView.toIndex));
    for (let j = coarseFrom; j <= coarseTo; j++) if (!covered.has(j)) this.coarseOnly.push(j);
    const size = fineCount + this.coarseOnly.length;
    this.frame = {
      count: 0,
      centers: new Float64Array(size),
      slotWidths: new Float64Array(size),
      open: new Float64Array(size),
      high: new Float64Array(size),
      low: new Float64Array(size),
      close: new Float64Array(size),
      volume: new Float64Array(size),
      min: 0,
      max: 0,
      maxVolume: 0,
    };
  }

  /**
   * The candles at `progress` (0 = fine, 1 = coarse, eased by the caller), placed with each
   * timeframe's index-to-x mapping and bar spacing.
   */
  at(
    progress: number,
    fineX: (index: number) => number,
    fineSpacing: number,
    coarseX: (index: number) => number,
    coarseSpacing: number,
  ): MorphFrame {
    const p = Math.min(Math.max(progress, 0), 1);
    const out = this.frame;
    const fine = this.fine.base;
    const coarse = this.coarse.base;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let maxVolume = 0;
    // SeriesStore keeps 0 for a candle without volume, so a coarse candle with none shrinks to 0.
    const fineVolumes = this.fine.volumes;
    const coarseVolumes = this.coarse.volumes;
    let n = 0;
    const lerp = (a: number, b: number) => a + (b - a) * p;
    for (let i = 0; i < this.groupOf.length; i++) {
      const index = this.fineFirst + i;
      const group = this.groupOf[i] ?? 0;
      out.centers[n] = lerp(fineX(index), coarseX(group));
      out.slotWidths[n] = lerp(fineSpacing, coarseSpacing);
      out.open[n] = lerp(fine.open[index] ?? 0, coarse.open[group] ?? 0);
      out.close[n] = lerp(fine.close[index] ?? 0, coarse.close[group] ?? 0);
      const high = lerp(fine.high[index] ?? 0, coarse.high[group] ?? 0);
      const low = lerp(fine.low[index] ?? 0, coarse.low[group] ?? 0);
      out.high[n] = high;
      out.low[n] = low;
      const volume = lerp(fineVolumes[index] ?? 0, coarseVolumes[group] ?? 0);
      out.volume[n] = volume;
      if (low < min) min = low;
      if (high > max) max = high;
      if (volume > maxVolume) maxVolume = volume;
      n++;
    }
    for (const group of this.coarseOnly) {
      out.centers[n] = coarseX(group);
      out.slotWidths[n] = coarseSpacing * p;
      const high = coarse.high[group] ?? 0;
      const low = coarse.low[group] ?? 0;
      out.open[n] = coarse.open[group] ?? 0;
      out.close[n] = coarse.close[group] ?? 0;
      out.high[n] = high;
      out.low[n] = low;
      const volume = (coarseVolumes[group] ?? 0) * p;
      out.volume[n] = volume;
      if (volume > maxVolume) maxVolume = volume;
      if (p > 0.5) {
        if (low < min) min = low;
        if (high > max) max = high;
      }
      n++;
    }
    out.count = n;
    out.min = min;
    out.max = max;
    out.maxVolume = maxVolume;
    return out;
  }
}
