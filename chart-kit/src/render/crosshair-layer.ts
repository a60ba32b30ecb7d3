import {
  READOUT_BACKING_ALPHA,
  READOUT_INSET,
  READOUT_PADDING,
  SNAP_MARKER_HOLE as MARKER_HOLE,
  SNAP_MARKER_SIZE as MARKER_SIZE,
  TIME_TAG_PADDING,
  TIME_TAG_TEXT_TOP,
} from './chart-style.js';
import type { ChartMesh } from './draw-order.js';
import { type LabelFont, LabelPool } from './label-pool.js';
import { type FrameGeometry, snapToDevicePixel } from './layout.js';
import { DashPool, RectPool } from './rect-pool.js';
import type { ChartTheme } from './themes.js';

/** Where the crosshair is and what it reads out; `undefined` hides it. */
export interface CrosshairState {
  /** x of the candle it snapped to (or of the pointer beyond the series). */
  x: number;
  y: number;
  price: number;
  /** "Mon Mar 4, 2024 09:35", or undefined beyond the series. */
  timeLabel: string | undefined;
  /** "O 100.00  H 105.00  L 99.00  C 104.00", or undefined beyond the series. */
  readout: string | undefined;
  /** Colour of the readout: the candle's direction. */
  rising: boolean;
}

/** The magnet's marker: the candle price a line being placed snaps to. */
export interface SnapMarkerState {
  x: number;
  y: number;
}

/**
 * The interactive layer: dashed crosshair lines, the time tag, the OHLC readout and the magnet's
 * marker (the crosshair's price tag is the price tag layer's). Redrawn on every pointer move.
 */
export class CrosshairLayer {
  private readonly dashes: DashPool;
  private readonly tags: RectPool;
  private readonly labels: LabelPool;
  private readoutText = '';

  constructor(mesh: ChartMesh, font: LabelFont) {
    this.dashes = new DashPool(mesh.layer('crosshair-lines'));
    this.tags = new RectPool(mesh.layer('crosshair-tags'));
    this.labels = new LabelPool(mesh.layer('crosshair-labels'), font);
  }

  /** The readout currently on screen ('' when hidden). */
  get readout(): string {
    return this.readoutText;
  }

  update(
    frame: FrameGeometry,
    state: CrosshairState | undefined,
    marker: SnapMarkerState | undefined,
    theme: ChartTheme,
  ): void {
    const { layout, devicePixelRatio: dpr } = frame;
    const { plotWidth, plotHeight } = layout;
    this.dashes.begin();
    this.tags.begin();
    this.labels.begin();
    this.readoutText = '';

    if (marker) {
      const x = snapToDevicePixel(marker.x, dpr);
      const y = snapToDevicePixel(marker.y, dpr);
      const outer = MARKER_SIZE / 2;
      const inner = MARKER_HOLE / 2;
      this.tags.rect(x - outer, y - outer, MARKER_SIZE, MARKER_SIZE, theme.selectedLine);
      this.tags.rect(x - inner, y - inner, MARKER_HOLE, MARKER_HOLE, theme.background);
    }

    if (state) {
      const x = snapToDevicePixel(state.x, dpr);
      const y = snapToDevicePixel(state.y, dpr);
      const hairline = 1 / dpr;
      if (x >= 0 && x <= plotWidth) {
        this.dashes.verticalLine(x, 0, plotHeight, hairline, theme.crosshair);
      }
      if (y >= 0 && y <= plotHeight) {
        this.dashes.horizontalLine(0, y, plotWidth, hairline, theme.crosshair);
      }
      if (state.timeLabel && x >= 0 && x <= plotWidth) {
        const tagWidth = this.labels.measure(state.timeLabel).width + TIME_TAG_PADDING;
        const left = Math.min(Math.max(x - tagWidth / 2, 0), plotWidth - tagWidth);
        this.labels.text(
          state.timeLabel,
          Math.round(left + tagWidth / 2),
          plotHeight + TIME_TAG_TEXT_TOP,
          {
            color: theme.tagText,
            anchorX: 0.5,
          },
        );
        this.tags.rect(
          left,
          plotHeight + 1,
          tagWidth,
          layout.height - plotHeight - 1,
          theme.crosshairTag,
        );
      }
      if (state.readout) {
        this.readoutText = state.readout;
        const textAt = READOUT_INSET + READOUT_PADDING;
        const label = this.labels.text(this.readoutText, textAt, textAt, {
          color: state.rising ? theme.up : theme.down,
        });
        this.tags.rect(
          READOUT_INSET,
          READOUT_INSET,
          label.width + 2 * READOUT_PADDING,
          label.height + 2 * READOUT_PADDING,
          theme.background,
          READOUT_BACKING_ALPHA,
        );
      }
    }
  }
}
