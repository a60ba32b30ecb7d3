import { AXIS_LABEL_CHAR_PX, type TimeTick } from '@chart-kit/core';
import { AXIS_TICK_LENGTH, PRICE_LABEL_INSET, TIME_LABEL_TOP } from './chart-style.js';
import type { ChartTheme } from './themes.js';
import type { ChartMesh } from './draw-order.js';
import { type LabelFont, LabelPool } from './label-pool.js';
import { type FrameGeometry, snapToDevicePixel } from './layout.js';
import { RectPool } from './rect-pool.js';

/**
 * The grid (behind the candles) and the two axis panels (in front of them, so candles slide under
 * the price axis instead of being clipped). Redrawn when the view or the size changes, never for a
 * crosshair move.
 */
export class AxesLayer {
  private readonly grid: RectPool;
  private readonly panels: RectPool;
  private readonly labels: LabelPool;

  constructor(mesh: ChartMesh, font: LabelFont) {
    this.grid = new RectPool(mesh.layer('grid'));
    this.panels = new RectPool(mesh.layer('axis-panels'));
    this.labels = new LabelPool(mesh.layer('axis-labels'), font);
  }

  /**
   * `priceLabels` are the price axis' labels that show (see views/axes-view.ts); the grid has a
   * line at every tick of the frame.
   */
  update(
    frame: FrameGeometry,
    timeTicks: readonly TimeTick[],
    priceLabels: readonly { text: string; y: number }[],
    theme: ChartTheme,
  ): void {
    const { layout, yOfPrice, priceTicks, devicePixelRatio: dpr } = frame;
    const { width, height, plotWidth, plotHeight } = layout;
    const hairline = 1 / dpr;

    this.grid.begin();
    this.panels.begin();
    this.labels.begin();

    this.panels.rect(plotWidth, 0, width - plotWidth, height, theme.axisBackground);
    this.panels.rect(0, plotHeight, width, height - plotHeight, theme.axisBackground);
    this.panels.rect(plotWidth, 0, hairline, plotHeight, theme.axisBorder);
    this.panels.rect(0, plotHeight, plotWidth + hairline, hairline, theme.axisBorder);

    for (const value of priceTicks.values) {
      const y = snapToDevicePixel(yOfPrice(value), dpr);
      if (y < 0 || y > plotHeight) continue;
      this.grid.rect(0, y, plotWidth, hairline, theme.grid);
      this.panels.rect(plotWidth, y, AXIS_TICK_LENGTH, hairline, theme.axisBorder);
    }
    for (const label of priceLabels) {
      this.labels.text(label.text, plotWidth + PRICE_LABEL_INSET, snapToDevicePixel(label.y, dpr), {
        color: theme.text,
        anchorY: 0.5,
      });
    }

    for (const tick of timeTicks) {
      const x = snapToDevicePixel(tick.x, dpr);
      if (x < 0 || x > plotWidth) continue;
      this.grid.rect(x, 0, hairline, plotHeight, theme.grid);
      this.panels.rect(x, plotHeight, hairline, AXIS_TICK_LENGTH, theme.axisBorder);
      // A label cut by the canvas edge reads as a different time: leave it out.
      const halfLabel = (tick.label.length * AXIS_LABEL_CHAR_PX) / 2;
      if (x - halfLabel < 0 || x + halfLabel > plotWidth) continue;
      this.labels.text(tick.label, x, plotHeight + TIME_LABEL_TOP, {
        color: theme.text,
        anchorX: 0.5,
      });
    }
  }
}
