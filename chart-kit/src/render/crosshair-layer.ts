import type { ChartTheme } from '../engine/themes.js';
import type { ChartMesh } from './draw-order.js';
import { type LabelFont, LabelPool } from './label-pool.js';
import { type FrameGeometry, snapToDevicePixel } from './layout.js';
import { drawPriceTag } from './price-tag.js';
import { DashPool, RectPool } from './rect-pool.js';

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
  /** The price tag's decimals are those of this step. */
  priceStep: number;
}

const READOUT_PADDING = 4;

/**
 * The interactive layer: dashed crosshair lines, price and time tags on the axes, and the OHLC
 * readout. Redrawn on every pointer move; nothing else is touched then.
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
    theme: ChartTheme,
    readoutPrefix: string,
  ): void {
    const { layout, devicePixelRatio: dpr } = frame;
    const { plotWidth, plotHeight } = layout;
    this.dashes.begin();
    this.tags.begin();
    this.labels.begin();
    this.readoutText = '';

    if (state) {
      const x = snapToDevicePixel(state.x, dpr);
      const y = snapToDevicePixel(state.y, dpr);
      const hairline = 1 / dpr;
      if (x >= 0 && x <= plotWidth) {
        this.dashes.verticalLine(x, 0, plotHeight, hairline, theme.crosshair);
      }
      if (y >= 0 && y <= plotHeight) {
        this.dashes.horizontalLine(0, y, plotWidth, hairline, theme.crosshair);
        drawPriceTag(this.tags, this.labels, frame.layout, state.price, state.priceStep, y, {
          background: theme.crosshairTag,
          text: theme.tagText,
        });
      }
      if (state.timeLabel && x >= 0 && x <= plotWidth) {
        const tagWidth = this.labels.measure(state.timeLabel).width + 12;
        const left = Math.min(Math.max(x - tagWidth / 2, 0), plotWidth - tagWidth);
        this.labels.text(state.timeLabel, Math.round(left + tagWidth / 2), plotHeight + 3, {
          color: theme.tagText,
          anchorX: 0.5,
        });
        this.tags.rect(
          left,
          plotHeight + 1,
          tagWidth,
          layout.height - plotHeight - 1,
          theme.crosshairTag,
        );
      }
      if (state.readout) {
        this.readoutText = `${readoutPrefix}${state.readout}`;
        const label = this.labels.text(this.readoutText, 8 + READOUT_PADDING, 8 + READOUT_PADDING, {
          color: state.rising ? theme.up : theme.down,
        });
        this.tags.rect(
          8,
          8,
          label.width + 2 * READOUT_PADDING,
          label.height + 2 * READOUT_PADDING,
          theme.background,
          0.85,
        );
      }
    }
  }
}
