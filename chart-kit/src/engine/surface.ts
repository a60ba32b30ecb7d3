import type { ChartModel } from '../model/chart-model.js';
import type { ChartEvents } from '../model/events.js';
import type { DirtyLayers } from '../render/redraw-scheduler.js';
import type { ChartTheme } from '../render/themes.js';

/** What draws a chart: 'canvas2d' (no GPU context), or pixi.js on 'webgl' (or 'webgpu'). */
export type SurfaceKind = ChartEvents['rendererchange'];

/**
 * Which renderer a chart uses. 'auto' (default): the first frame is drawn at once with Canvas 2D,
 * and pixi.js on WebGL is loaded and takes over only where it helps (a large series, frames that
 * got slow) and the page has a WebGL context to spare; a lost context falls back to Canvas 2D.
 * 'canvas2d': never loads pixi.js. 'webgl': waits for WebGL before the first frame and fails
 * with a WebGLUnavailableError where the browser has none.
 */
export type RendererPreference = 'auto' | 'canvas2d' | 'webgl';

/**
 * A canvas and what draws the model on it. The engine owns one at a time and may swap it for
 * another kind (see ChartEngine), so a surface keeps no state the engine would lose: it draws
 * from the model and the theme it is given.
 */
export interface ChartSurface {
  readonly kind: SurfaceKind;
  readonly canvas: HTMLCanvasElement;
  /** Device pixels per CSS pixel. */
  readonly resolution: number;
  /** Sets the canvas' CSS size (and backing store at the resolution). */
  resize(width: number, height: number): void;
  setTheme(theme: ChartTheme): void;
  /** Draws the dirty layers of the model's current frame (a surface may redraw more). */
  draw(model: ChartModel, dirty: DirtyLayers, theme: ChartTheme): void;
  /**
   * Calls `lost` when the canvas' context is taken away and `restored` when it is back; returns
   * a function that stops listening.
   */
  watchContext(lost: () => void, restored: () => void): () => void;
  /** Frees everything: GPU objects, the context (lost explicitly), the canvas (removed). */
  destroy(): void;
}

/** The size and colour a surface starts with. */
export interface SurfaceSettings {
  width: number;
  height: number;
  resolution: number;
  theme: ChartTheme;
}
