import { Application } from 'pixi.js';
import type { ScaleLinear } from 'd3-scale';
import type { Candle } from '../core/candle.js';
import { columnsPriceRange } from '../core/lod.js';
import {
  type IndexViewport,
  type PriceDomain,
  createIndexScale,
  createPriceScale,
} from '../core/scales.js';
import { clampViewport, initialViewport, panViewport, zoomViewport } from '../core/viewport.js';
import { attachPanZoom } from '../interaction/pan-zoom.js';
import { CandleLayer } from '../render/candle-layer.js';
import { RedrawScheduler } from '../render/redraw-scheduler.js';
import { SeriesStore } from './series-store.js';
import { type ChartTheme, DARK_THEME } from './themes.js';

export interface ChartOptions {
  candles?: readonly Candle[];
  theme?: ChartTheme;
  /** How many candles the first view shows (the latest ones). */
  initialBars?: number;
  /** Defaults to the window's; tests pin it to 1 or 2. */
  devicePixelRatio?: number;
}

export interface ChartEvents {
  ready: undefined;
  viewportchange: IndexViewport;
}

type Listener<T> = (payload: T) => void;

/** Fraction of the price span left empty above and below the candles. */
const PRICE_PADDING = 0.08;

/**
 * A candlestick chart drawn with pixi.js on WebGL into a container element. Framework-agnostic:
 * the React hooks wrap this class.
 */
export class ChartEngine {
  private readonly app: Application;
  private readonly candleLayer: CandleLayer;
  private readonly scheduler: RedrawScheduler;
  private readonly resizeObserver: ResizeObserver;
  private readonly detachInput: () => void;
  private readonly listeners = new Map<keyof ChartEvents, Set<Listener<never>>>();
  private series: SeriesStore;
  private view: IndexViewport;
  private width: number;
  private height: number;
  /** The price scale of the last drawn frame: what the user sees is what y maps to. */
  private framePriceScale: ScaleLinear<number, number>;
  private destroyed = false;
  private readonly initialBars: number;

  private constructor(
    readonly container: HTMLElement,
    app: Application,
    options: Required<Pick<ChartOptions, 'theme' | 'initialBars'>> & ChartOptions,
  ) {
    // Only what is needed later is kept: holding `options` would keep the caller's candles alive.
    this.initialBars = options.initialBars;
    this.app = app;
    this.width = Math.max(1, container.clientWidth);
    this.height = Math.max(1, container.clientHeight);
    this.series = new SeriesStore(options.candles ?? []);
    this.view = this.startingViewport();
    // Replaced by the first frame, which create() draws at once.
    this.framePriceScale = this.fitPriceScale([0, 1]);
    this.candleLayer = new CandleLayer({ up: options.theme.up, down: options.theme.down });
    app.stage.addChild(this.candleLayer.view);
    this.scheduler = new RedrawScheduler(() => {
      this.draw();
    });
    this.resizeObserver = new ResizeObserver(() => {
      this.resize();
    });
    this.resizeObserver.observe(container);
    // Focusable, so keyboard users can zoom and pan (and later place lines).
    app.canvas.tabIndex = 0;
    app.canvas.setAttribute('role', 'img');
    app.canvas.setAttribute('aria-label', 'Candlestick chart');
    this.detachInput = attachPanZoom(this);
  }

  /** Creates the chart inside `container` (which should have a size) and draws the first frame. */
  static async create(container: HTMLElement, options: ChartOptions = {}): Promise<ChartEngine> {
    const theme = options.theme ?? DARK_THEME;
    const app = new Application();
    await app.init({
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
      background: theme.background,
      preference: 'webgl',
      // Rendering only when something changed: no ticker spinning at 60 fps on an idle chart.
      autoStart: false,
      antialias: false,
      resolution: options.devicePixelRatio ?? window.devicePixelRatio,
      autoDensity: true,
    });
    app.canvas.style.display = 'block';
    app.canvas.style.touchAction = 'none';
    container.appendChild(app.canvas);
    const engine = new ChartEngine(container, app, {
      ...options,
      theme,
      initialBars: options.initialBars ?? 80,
    });
    engine.scheduler.flush();
    engine.emit('ready', undefined);
    return engine;
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  get viewport(): IndexViewport {
    return this.view;
  }

  get candleCount(): number {
    return this.series.count;
  }

  /** The renderer in use: 'webgl' or 'webgpu'. */
  get rendererName(): string {
    return this.app.renderer.name;
  }

  setCandles(candles: readonly Candle[]): void {
    this.series = new SeriesStore(candles);
    this.setViewport(this.startingViewport());
  }

  setViewport(viewport: IndexViewport): void {
    this.view = clampViewport(viewport, { candleCount: this.series.count });
    this.scheduler.request();
    this.emit('viewportchange', this.view);
  }

  /** Moves the view by a pixel distance; positive shows earlier candles. */
  pan(deltaPx: number): void {
    this.setViewport(panViewport(this.view, deltaPx, this.width));
  }

  /** Zooms by `factor` (> 1 zooms in) around the x pixel `anchorX` (default: the centre). */
  zoom(factor: number, anchorX = this.width / 2): void {
    this.setViewport(zoomViewport(this.view, factor, this.indexAtX(anchorX)));
  }

  /** The fractional candle index under an x pixel of the chart. */
  indexAtX(x: number): number {
    return createIndexScale(this.view, [0, this.width]).invert(x);
  }

  xOfIndex(index: number): number {
    return createIndexScale(this.view, [0, this.width])(index);
  }

  /** The y pixel of a price in the current frame. */
  yOfPrice(price: number): number {
    return this.framePriceScale(price);
  }

  priceAtY(y: number): number {
    return this.framePriceScale.invert(y);
  }

  on<K extends keyof ChartEvents>(event: K, listener: Listener<ChartEvents[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Draws any pending change now instead of on the next animation frame. */
  renderNow(): void {
    if (!this.destroyed) this.scheduler.flush();
  }

  /** Frees the canvas, every GPU buffer and texture, and every listener. Safe to call twice. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.scheduler.cancel();
    this.resizeObserver.disconnect();
    this.detachInput();
    this.listeners.clear();
    this.candleLayer.destroy();
    this.app.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
  }

  private emit<K extends keyof ChartEvents>(event: K, payload: ChartEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as Listener<ChartEvents[K]>)(payload);
  }

  private startingViewport(): IndexViewport {
    return clampViewport(initialViewport(this.series.count, this.initialBars), {
      candleCount: this.series.count,
    });
  }

  private resize(): void {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.app.renderer.resize(width, height);
    this.scheduler.request();
  }

  private fitPriceScale([min, max]: PriceDomain): ScaleLinear<number, number> {
    const padding = (max - min || Math.abs(max) || 1) * PRICE_PADDING;
    return createPriceScale([min - padding, max + padding], [this.height, 0]);
  }

  private draw(): void {
    if (this.destroyed) return;
    const dpr = this.app.renderer.resolution;
    const { fromIndex, toIndex } = this.view;
    const columns = this.series.columns(fromIndex, toIndex, this.width * dpr);
    // The axis fits what is drawn: the extremes of the drawn columns, no pass over the candles.
    const extent = columnsPriceRange(columns);
    if (extent) this.framePriceScale = this.fitPriceScale(extent);
    const indexScale = createIndexScale(this.view, [0, this.width]);
    const perColumn = columns.candlesPerColumn;
    this.candleLayer.update(columns, {
      // A merged column is centred on the middle of the candles it stands for.
      firstCenterX: indexScale((columns.firstIndex[0] ?? 0) + (perColumn - 1) / 2),
      columnStep: indexScale(perColumn) - indexScale(0),
      priceToY: this.framePriceScale,
      devicePixelRatio: dpr,
    });
    this.app.render();
  }
}
