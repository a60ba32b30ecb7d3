import { VOLUME_ALPHA } from './chart-style.js';
import type { ChartMesh } from './draw-order.js';
import { packColor, type QuadLayer } from './frame-mesh.js';
import { lineSegmentQuads } from './line-series-geometry.js';
import { lineSeriesColor } from './series-colors.js';
import type { ChartTheme } from './themes.js';
import { type VolumeBars, volumeRects } from './volume-geometry.js';

/** A line series as the views give it (see views/line-series-view.ts). */
export interface LineSeriesState {
  color: string | number | undefined;
  place: number;
  width: number;
  xy: ArrayLike<number>;
  count: number;
}

/** The volume strip as the views give it (see views/volume-view.ts). */
export type VolumeState = VolumeBars & {
  /** The strip's top, where a hairline parts it from the candles' pane. */
  top: number;
};

/** The line series over the candles, as quads along each segment (line-series-geometry.ts). */
export class LineSeriesLayer {
  private readonly layer: QuadLayer;

  constructor(mesh: ChartMesh) {
    this.layer = mesh.layer('line-series');
  }

  update(lines: readonly LineSeriesState[], devicePixelRatio: number): void {
    const layer = this.layer;
    layer.begin(lines.reduce((sum, line) => sum + line.count, 0));
    for (const line of lines) {
      const color = packColor(lineSeriesColor(line.color, line.place));
      lineSegmentQuads(line.xy, line.count, line.width, devicePixelRatio, (...corners) => {
        layer.corners(...corners, color);
      });
    }
  }
}

/** The volume histogram in its strip below the candles, and the hairline above it. */
export class VolumeLayer {
  private readonly layer: QuadLayer;

  constructor(mesh: ChartMesh) {
    this.layer = mesh.layer('volume');
  }

  update(
    volume: VolumeState | undefined,
    plotWidth: number,
    devicePixelRatio: number,
    theme: ChartTheme,
  ): void {
    const layer = this.layer;
    layer.begin(volume ? volume.count + 1 : 0);
    if (!volume) return;
    const up = packColor(theme.up, VOLUME_ALPHA);
    const down = packColor(theme.down, VOLUME_ALPHA);
    volumeRects(volume, devicePixelRatio, (left, top, right, bottom, rising) => {
      layer.rect(left, top, right, bottom, rising ? up : down);
    });
    const hairline = 1 / devicePixelRatio;
    const y = Math.round(volume.top * devicePixelRatio) / devicePixelRatio;
    layer.rect(0, y, plotWidth, y + hairline, packColor(theme.axisBorder));
  }
}
