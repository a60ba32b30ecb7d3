import { Container, type Renderer } from 'pixi.js';
// Pages with a strict Content-Security-Policy forbid eval; this makes pixi build its shader
// bindings without it (the module's name says what it works around, not what it allows).
import 'pixi.js/unsafe-eval';
// The only scene object the chart draws with (see FrameMesh). pixi's other extensions (its event
// system, accessibility overlay, filters, DOM, text and sprite pipes) are not loaded: the chart
// has its own hit-testing and text, and pixi's event system alone kept a ticker running.
import 'pixi.js/mesh';
import type { ChartModel } from '../model/chart-model.js';
import { AxesLayer } from '../render/axes-layer.js';
import { CandleLayer } from '../render/candle-layer.js';
import {
  createRenderer,
  releasePixiProbeContext,
  releaseRenderer,
  RendererStartFailure,
} from '../render/create-renderer.js';
import { CrosshairLayer } from '../render/crosshair-layer.js';
import { type ChartMesh, DRAW_ORDER } from '../render/draw-order.js';
import { FrameMesh } from '../render/frame-mesh.js';
import { labelFont } from '../render/label-pool.js';
import { OverlayLayer } from '../render/overlay-layer.js';
import { PriceTagLayer } from '../render/price-tag-layer.js';
import { LineSeriesLayer, VolumeLayer } from '../render/series-layers.js';
import type { DirtyLayers } from '../render/redraw-scheduler.js';
import type { ChartTheme } from '../render/themes.js';
import { priceLabelsView, timeTicksView } from '../views/axes-view.js';
import { candlesView } from '../views/candles-view.js';
import { crosshairView, snapMarkerView } from '../views/crosshair-view.js';
import { lineSeriesView } from '../views/line-series-view.js';
import { overlayView } from '../views/overlay-view.js';
import { priceTagsView } from '../views/price-tags-view.js';
import { volumeView } from '../views/volume-view.js';
import { ChartStartError, WebGLUnavailableError } from './chart-error.js';
import type { ChartSurface, SurfaceSettings } from './surface.js';

/**
 * A WebGL (or WebGPU) surface; rejects with a WebGLUnavailableError where the browser has
 * neither, or a ChartStartError, having released whatever it made.
 */
export async function startWebGLSurface(settings: SurfaceSettings): Promise<WebGLSurface> {
  try {
    return await WebGLSurface.create(settings);
  } catch (error) {
    if (error instanceof RendererStartFailure && !error.webglAvailable) {
      throw new WebGLUnavailableError({ cause: error.cause });
    }
    throw new ChartStartError(error instanceof RendererStartFailure ? error.cause : error);
  }
}

/**
 * A chart drawn by pixi.js on WebGL (WebGPU where WebGL is missing): one mesh of layers, each
 * rebuilt only when its part of the picture changed. This module is loaded on demand (see
 * ChartEngine), so a chart that never needs WebGL never downloads pixi.js.
 */
export class WebGLSurface implements ChartSurface {
  readonly kind: 'webgl' | 'webgpu';
  private readonly stage = new Container({ label: 'chart' });
  private readonly mesh: ChartMesh;
  private readonly candleLayer: CandleLayer;
  private readonly volumeLayer: VolumeLayer;
  private readonly lineSeriesLayer: LineSeriesLayer;
  private readonly axesLayer: AxesLayer;
  private readonly overlayLayer: OverlayLayer;
  private readonly crosshairLayer: CrosshairLayer;
  private readonly priceTagLayer: PriceTagLayer;
  private firstFrameDrawn = false;

  /**
   * Starts a renderer; rejects with a RendererStartFailure (see create-renderer.ts), having
   * released whatever it made.
   */
  static async create(settings: SurfaceSettings): Promise<WebGLSurface> {
    // A bare renderer, no pixi Application: the chart renders only when something changed, so
    // no ticker spins at 60 fps on an idle chart.
    const renderer = await createRenderer({
      width: settings.width,
      height: settings.height,
      background: settings.theme.background,
      resolution: settings.resolution,
    });
    try {
      return new WebGLSurface(renderer, settings.theme);
    } catch (error) {
      releaseRenderer(renderer);
      throw error;
    }
  }

  private constructor(
    private readonly renderer: Renderer,
    theme: ChartTheme,
  ) {
    this.kind = renderer.name === 'webgpu' ? 'webgpu' : 'webgl';
    renderer.canvas.style.display = 'block';
    const font = labelFont(renderer.resolution);
    this.mesh = new FrameMesh(DRAW_ORDER, font.atlas);
    this.candleLayer = new CandleLayer(this.mesh.layer('candles'), {
      up: theme.up,
      down: theme.down,
    });
    this.volumeLayer = new VolumeLayer(this.mesh);
    this.lineSeriesLayer = new LineSeriesLayer(this.mesh);
    this.axesLayer = new AxesLayer(this.mesh, font);
    this.overlayLayer = new OverlayLayer(this.mesh, font);
    this.crosshairLayer = new CrosshairLayer(this.mesh, font);
    this.priceTagLayer = new PriceTagLayer(this.mesh, font);
    this.stage.addChild(this.mesh.mesh);
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas;
  }

  get resolution(): number {
    return this.renderer.resolution;
  }

  resize(width: number, height: number): void {
    this.renderer.resize(width, height);
  }

  setTheme(theme: ChartTheme): void {
    this.renderer.background.color = theme.background;
    this.candleLayer.setColors({ up: theme.up, down: theme.down });
  }

  draw(model: ChartModel, dirty: DirtyLayers, theme: ChartTheme): void {
    const { frame } = model;
    const tags = dirty.base || dirty.overlays || dirty.crosshair ? priceTagsView(model) : [];
    if (dirty.base) {
      const candles = candlesView(model);
      if (candles.kind === 'columns') this.candleLayer.update(candles.columns, candles.layout);
      else this.candleLayer.updateFree(candles.columns, candles.layout);
      const dpr = frame.devicePixelRatio;
      this.volumeLayer.update(volumeView(model), frame.layout.plotWidth, dpr, theme);
      this.lineSeriesLayer.update(lineSeriesView(model), dpr);
    }
    // The axis leaves out labels under the lines' tags, so it follows the overlays too.
    if (dirty.base || dirty.overlays) {
      this.axesLayer.update(frame, timeTicksView(model), priceLabelsView(model, tags), theme);
    }
    if (dirty.overlays) this.overlayLayer.update(frame, overlayView(model), theme);
    if (dirty.crosshair) {
      this.crosshairLayer.update(frame, crosshairView(model), snapMarkerView(model), theme);
    }
    if (dirty.base || dirty.overlays || dirty.crosshair) {
      this.priceTagLayer.update(frame, tags, theme);
    }
    this.mesh.prepare();
    try {
      // Always render: frames are only scheduled for a change, and a flush (renderNow) must
      // leave a fresh image in the drawing buffer for whoever reads it back.
      this.renderer.render({ container: this.stage });
    } finally {
      if (!this.firstFrameDrawn) {
        this.firstFrameDrawn = true;
        releasePixiProbeContext(this.renderer);
      }
    }
  }

  /**
   * pixi cancels the 'webglcontextlost' event (so the browser may restore the context) and
   * rebuilds its GPU objects on restore, uploading the mesh's whole buffers on first use.
   */
  watchContext(lost: () => void, restored: () => void): () => void {
    const canvas = this.renderer.canvas;
    canvas.addEventListener('webglcontextlost', lost);
    canvas.addEventListener('webglcontextrestored', restored);
    return () => {
      canvas.removeEventListener('webglcontextlost', lost);
      canvas.removeEventListener('webglcontextrestored', restored);
    };
  }

  destroy(): void {
    try {
      this.stage.destroy();
      this.mesh.destroy();
    } finally {
      releaseRenderer(this.renderer);
    }
  }
}
