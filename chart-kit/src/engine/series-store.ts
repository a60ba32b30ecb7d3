import { type Candle, validateSeries } from '../core/candle.js';
import {
  buildLodPyramid,
  chooseLevel,
  type LodPyramid,
  visibleColumns,
  type VisibleColumns,
} from '../core/lod.js';

/**
 * A validated series kept as the core's level-of-detail pyramid, built once at load: level 0 holds
 * the candles themselves, so no second copy of the prices is kept.
 */
export class SeriesStore {
  readonly count: number;
  private readonly pyramid: LodPyramid;

  constructor(candles: readonly Candle[]) {
    validateSeries(candles);
    this.count = candles.length;
    this.pyramid = buildLodPyramid(candles);
  }

  /**
   * The columns to draw for fractional indices `fromIndex..toIndex` across `widthDevicePx`: the
   * finest level giving each column at least one device pixel, as views into the pyramid.
   */
  columns(fromIndex: number, toIndex: number, widthDevicePx: number): VisibleColumns {
    const level = chooseLevel(toIndex - fromIndex, widthDevicePx, {
      maxLevel: this.pyramid.levels.length - 1,
    });
    return visibleColumns(this.pyramid, level, fromIndex, toIndex);
  }
}
