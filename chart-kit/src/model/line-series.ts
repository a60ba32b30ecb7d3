import { LineSeriesData, type LinePoint } from '@chart-kit/core';
import { loadingLinePoints } from './chart-data-error.js';

/** A line drawn over the candles on their price scale, e.g. a moving average. */
export interface LineSeriesOptions {
  /** Names the series: `setLineSeries` with the same id replaces it, `removeLineSeries` removes it. */
  id: string;
  /** The points, times ascending (unix seconds, as candles' times); values are prices. */
  points: readonly LinePoint[];
  /**
   * A CSS colour string or a 0xRRGGBB number. Default: the next of a few distinct colours
   * (blue, purple, amber, ...) by the series' place among the chart's line series.
   */
  color?: string | number;
  /** Thickness in CSS pixels, from 0.5 to 10. Default 2. */
  width?: number;
  /** The name in the crosshair's readout and the screen reader's description. Default the id. */
  label?: string;
  /** Whether the price scale keeps the line's visible points in view. Default true. */
  fitPriceScale?: boolean;
}

/** A line series as the chart holds it: options checked and points packed. */
export interface ChartLineSeries {
  readonly id: string;
  readonly label: string;
  readonly color: string | number | undefined;
  readonly width: number;
  readonly fitPriceScale: boolean;
  readonly data: LineSeriesData;
}

/** The volume histogram's options. */
export interface VolumeOptions {
  /** Share of the plot's height the volume strip below the candles takes, 0.05 to 0.5. Default 0.2. */
  heightShare?: number;
}

/** Share of the plot's height the volume strip takes unless told otherwise. */
export const DEFAULT_VOLUME_SHARE = 0.2;
const DEFAULT_LINE_WIDTH = 2;

/**
 * The line series' options checked and their points packed. Throws a ChartDataError naming the
 * first bad point, or a TypeError / RangeError naming a bad option.
 */
export function loadLineSeries(options: LineSeriesOptions): ChartLineSeries {
  const { id } = options;
  if (typeof id !== 'string' || id.length === 0) {
    throw new TypeError(`a line series needs a non-empty string id (${JSON.stringify(id)})`);
  }
  if (!Array.isArray(options.points)) {
    throw new TypeError(`line series ${JSON.stringify(id)}: points must be an array`);
  }
  const width = options.width ?? DEFAULT_LINE_WIDTH;
  if (!(typeof width === 'number' && width >= 0.5 && width <= 10)) {
    throw new RangeError(
      `line series ${JSON.stringify(id)}: width must be a number from 0.5 to 10 (${String(width)})`,
    );
  }
  const data = loadingLinePoints(id, () => new LineSeriesData(options.points));
  return {
    id,
    label: options.label ?? id,
    color: options.color,
    width,
    fitPriceScale: options.fitPriceScale ?? true,
    data,
  };
}

/** The strip's share of the plot's height for `volume` (0 when it is off). */
export function volumeShare(volume: boolean | VolumeOptions | undefined): number {
  if (volume === undefined || volume === false) return 0;
  if (volume === true) return DEFAULT_VOLUME_SHARE;
  const share = volume.heightShare ?? DEFAULT_VOLUME_SHARE;
  if (!(typeof share === 'number' && share >= 0.05 && share <= 0.5)) {
    throw new RangeError(`volume.heightShare must be a number from 0.05 to 0.5 (${String(share)})`);
  }
  return share;
}
