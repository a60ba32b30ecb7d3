import type { ChartModel } from '../model/chart-model.js';
import { paintChart } from '../render/canvas2d/paint-chart.js';
import type { ChartTheme } from '../render/themes.js';
import { sceneView } from '../views/scene-view.js';
import type { ChartSurface, SurfaceSettings } from './surface.js';

/**
 * A chart drawn with Canvas 2D: no pixi.js and no WebGL context, and a first frame with no
 * start-up to wait for. Each frame paints the whole scene (the views' output for every layer):
 * with at most about one candle column per device pixel that is a few milliseconds, so the dirty
 * layers are not tracked separately.
 */
export class Canvas2DSurface implements ChartSurface {
  readonly kind = 'canvas2d';
  readonly canvas: HTMLCanvasElement;
  readonly resolution: number;
  private readonly context: CanvasRenderingContext2D;

  constructor(settings: SurfaceSettings) {
    this.canvas = document.createElement('canvas');
    // No alpha: the chart paints its background over every pixel, and an opaque canvas
    // composites faster.
    const context = this.canvas.getContext('2d', { alpha: false });
    if (!context) throw new Error('This browser gives the chart no Canvas 2D context');
    this.context = context;
    this.resolution = settings.resolution;
    this.resize(settings.width, settings.height);
  }

  resize(width: number, height: number): void {
    const backingWidth = Math.max(1, Math.round(width * this.resolution));
    const backingHeight = Math.max(1, Math.round(height * this.resolution));
    // Setting a canvas' size clears it even when unchanged: set it only when it changes.
    if (this.canvas.width !== backingWidth) this.canvas.width = backingWidth;
    if (this.canvas.height !== backingHeight) this.canvas.height = backingHeight;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
  }

  setTheme(): void {
    // Every frame is painted with the theme it is given.
  }

  draw(model: ChartModel, _dirty: unknown, theme: ChartTheme): void {
    paintChart(this.context, sceneView(model), theme);
  }

  /** Chromium may drop a 2D canvas' backing store under memory pressure and restore it later. */
  watchContext(lost: () => void, restored: () => void): () => void {
    this.canvas.addEventListener('contextlost', lost);
    this.canvas.addEventListener('contextrestored', restored);
    return () => {
      this.canvas.removeEventListener('contextlost', lost);
      this.canvas.removeEventListener('contextrestored', restored);
    };
  }

  destroy(): void {
    // Shrinking the backing store gives its memory back now rather than at garbage collection.
    this.canvas.width = 0;
    this.canvas.height = 0;
    this.canvas.remove();
  }
}
