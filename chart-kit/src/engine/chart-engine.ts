import { Container, type Renderer } from 'pixi.js';
// Pages with a strict Content-Security-Policy forbid eval; this makes pixi build its shader
// bindings without it (the module's name says what it works around, not what it allows).
import 'pixi.js/unsafe-eval';
// The only scene object the chart draws with (see FrameMesh). pixi's other extensions (its event
// system, accessibility overlay, filters, DOM, text and sprite pipes) are not loaded: the chart
// has its own hit-testing and text, and pixi's event system alone kept a ticker running.
import 'pixi.js/mesh';
import type { Timeframe } from '../core/aggregate.js';
import type { Candle } from '../core/candle.js';
import type { ViewTarget } from '../core/frame.js';
import type { IndexViewport } from '../core/scales.js';
import { Announcer } from '../interaction/announcer.js';
import { ChartInput, type VerticalSwipe } from '../interaction/chart-input.js';
import { attachDomInput } from '../interaction/dom-input.js';
import { ChartModel, type ChartModelOptions } from '../model/chart-model.js';
import type {
  ChartEvents,
  ChartMarker,
  ChartTool,
  ReferenceLine,
  ReplayOptions,
  RevealedZone,
} from '../model/events.js';
import type { ReplayState } from '../model/replay.js';
import type { HomeViews, TimeframeSeries } from '../model/series-set.js';
import type { ChartLine } from '../model/user-lines.js';
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
import { type DirtyLayers, RedrawScheduler } from '../render/redraw-scheduler.js';
import { type ChartTheme, DARK_THEME } from '../render/themes.js';
import { priceLabelsView, timeTicksView } from '../views/axes-view.js';
import { candlesView } from '../views/candles-view.js';
import { crosshairView, snapMarkerView } from '../views/crosshair-view.js';
import { overlayView } from '../views/overlay-view.js';
import { priceTagsView } from '../views/price-tags-view.js';
import { ChartAccessibility } from './accessibility-dom.js';
import { ChartStartError, toChartError, WebGLUnavailableError } from './chart-error.js';
import { IdleWork } from './idle-work.js';

export type {
  ChartEvents,
  ChartTool,
  CrosshairInfo,
  ReplayOptions,
  RevealedZone,
} from '../model/events.js';
export type { HomeViews, TimeframeSeries } from '../model/series-set.js';

export interface ChartOptions extends Omit<ChartModelOptions, 'size'> {
  /** Colours; `LIGHT_THEME` is the light option. Default `DARK_THEME`. */
  theme?: ChartTheme;
  /** Defaults to the window's; tests pin it to 1 or 2. */
  devicePixelRatio?: number;
  /** The accessible name of the chart. Default 'Candlestick chart'. */
  label?: string;
  /**
   * false for an illustration: the chart takes no pointer, wheel or key input, is not in the tab
   * order and reads as an image to screen readers. Default true.
   */
  interactive?: boolean;
  /**
   * Who a vertical swipe on the chart belongs to on a touch screen. 'scroll-page' (default): it
   * scrolls the page, unless it starts on a line (it drags the line) or Draw Line mode is on (it
   * draws); horizontal swipes pan and pinches zoom. 'chart': the page never scrolls under the
   * chart (e.g. a chart filling the screen). Read when the chart is created.
   */
  verticalSwipe?: VerticalSwipe;
}

/** Columns of level of detail merged per idle step: about a millisecond of work. */
const LEVEL_SLICE_COLUMNS = 32_768;

let liveEngines = 0;

/** How many engines exist and are not destroyed (leak checks in tests). */
export function liveEngineCount(): number {
  return liveEngines;
}

/**
 * A candlestick chart drawn with pixi.js on WebGL into a container element: a thin shell that
 * wires the DOM-free {@link ChartModel} (state and rules), the interaction tools and keys, the
 * views and the renderer's layers to the page (canvas, input events, resize, context loss,
 * accessibility elements). Framework-agnostic: the React hooks wrap this class.
 */
export class ChartEngine {
  /** The chart's state and rules (see model/chart-model.ts). */
  readonly model: ChartModel;
  private readonly renderer: Renderer;
  private readonly stage = new Container({ label: 'chart' });
  private readonly mesh: ChartMesh;
  private readonly candleLayer: CandleLayer;
  private readonly axesLayer: AxesLayer;
  private readonly overlayLayer: OverlayLayer;
  private readonly crosshairLayer: CrosshairLayer;
  private readonly priceTagLayer: PriceTagLayer;
  private readonly scheduler: RedrawScheduler;
  private readonly resizeObserver: ResizeObserver;
  private readonly accessibility: ChartAccessibility;
  private readonly announcer: Announcer;
  private readonly input: ChartInput | undefined;
  /** What undoes each part of the chart, in the order the parts were made. */
  private readonly teardown: (() => void)[] = [];
  /** Builds the coarser levels of detail of every series while the page is idle. */
  private readonly levelBuilder = new IdleWork(() => this.buildNextLevels());
  private theme: ChartTheme;
  private contextLost = false;
  private destroyed = false;

  private constructor(
    readonly container: HTMLElement,
    renderer: Renderer,
    model: ChartModel,
    options: {
      theme: ChartTheme;
      label: string | undefined;
      interactive: boolean;
      verticalSwipe: VerticalSwipe;
    },
  ) {
    // Only what is needed later is kept: holding the options would keep the caller's candles alive.
    this.renderer = renderer;
    this.model = model;
    this.theme = options.theme;
    const { label, interactive, verticalSwipe } = options;
    // Each part registers its own undoing as soon as it exists, so that a chart failing half way
    // through starting is taken apart as completely as a destroyed one (in reverse order).
    const undo = (step: () => void) => this.teardown.push(step);
    undo(() => {
      releaseRenderer(renderer);
    });
    undo(() => {
      this.model.dispose();
    });
    try {
      renderer.canvas.style.display = 'block';
      container.appendChild(renderer.canvas);
      const font = labelFont(renderer.resolution);
      this.mesh = new FrameMesh(DRAW_ORDER, font.atlas);
      undo(() => {
        this.stage.destroy();
        this.mesh.destroy();
      });
      this.candleLayer = new CandleLayer(this.mesh.layer('candles'), {
        up: this.theme.up,
        down: this.theme.down,
      });
      this.axesLayer = new AxesLayer(this.mesh, font);
      this.overlayLayer = new OverlayLayer(this.mesh, font);
      this.crosshairLayer = new CrosshairLayer(this.mesh, font);
      this.priceTagLayer = new PriceTagLayer(this.mesh, font);
      this.stage.addChild(this.mesh.mesh);

      this.scheduler = new RedrawScheduler(
        (dirty) => {
          this.draw(dirty);
        },
        (now) => {
          this.model.animations.step(now);
        },
      );
      undo(() => {
        this.scheduler.cancel();
        this.levelBuilder.cancel();
      });
      undo(
        this.model.onInvalidate((layers) => {
          this.scheduler.request(...layers);
        }),
      );
      this.accessibility = new ChartAccessibility(container, renderer.canvas, {
        label: label ?? 'Candlestick chart',
        interactive,
      });
      undo(() => {
        this.accessibility.destroy();
      });
      this.announcer = new Announcer(this.model, this.accessibility);
      undo(() => {
        this.announcer.dispose();
      });
      if (interactive) {
        const input = new ChartInput(this.model, { verticalSwipe });
        this.input = input;
        undo(() => {
          input.dispose();
        });
        undo(attachDomInput(renderer.canvas, input));
        const updateCursor = () => {
          this.canvas.style.cursor = input.tools.cursor();
        };
        undo(this.model.events.on('toolchange', updateCursor));
        updateCursor();
      }
      this.resizeObserver = new ResizeObserver(() => {
        this.resize();
      });
      this.resizeObserver.observe(container);
      undo(() => {
        this.resizeObserver.disconnect();
      });
      undo(this.watchContextLoss(renderer.canvas));
    } catch (error) {
      // The error that stopped the start is the one to report, not a failure to undo it.
      this.runTeardown();
      throw error;
    }
    liveEngines++;
  }

  /**
   * Creates the chart inside `container` (which should have a size) and draws the first frame.
   * Rejects with a {@link ChartError}: a ChartDataError for candles it cannot draw (checked
   * before any canvas or GPU context is made), a WebGLUnavailableError when the browser has no
   * WebGL, a ChartStartError for anything else. A chart that fails leaves nothing behind: its
   * WebGL context is lost explicitly and its canvas removed.
   */
  static async create(container: HTMLElement, options: ChartOptions = {}): Promise<ChartEngine> {
    const {
      theme = DARK_THEME,
      devicePixelRatio = window.devicePixelRatio,
      label,
      interactive = true,
      verticalSwipe = 'scroll-page',
      ...modelOptions
    } = options;
    const size = () => ({
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
    });
    // Throws a ChartDataError for bad candles before any canvas or GPU context exists.
    const model = new ChartModel({
      ...modelOptions,
      reducedMotion:
        options.reducedMotion ?? window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      size: { ...size(), devicePixelRatio },
    });
    let renderer: Renderer;
    try {
      // A bare renderer, no pixi Application: the chart renders only when something changed, so
      // no ticker spins at 60 fps on an idle chart.
      renderer = await createRenderer({
        ...size(),
        background: theme.background,
        resolution: devicePixelRatio,
      });
    } catch (error) {
      model.dispose();
      if (error instanceof RendererStartFailure && !error.webglAvailable) {
        throw new WebGLUnavailableError({ cause: error.cause });
      }
      throw new ChartStartError(error instanceof RendererStartFailure ? error.cause : error);
    }
    let engine: ChartEngine;
    try {
      // Takes itself apart if it fails (renderer and model included).
      engine = new ChartEngine(container, renderer, model, {
        theme,
        label,
        interactive,
        verticalSwipe,
      });
    } catch (error) {
      throw toChartError(error);
    }
    try {
      engine.scheduler.mark('base');
      engine.scheduler.flush();
    } catch (error) {
      releasePixiProbeContext(renderer);
      engine.destroyed = true;
      liveEngines--;
      engine.runTeardown();
      throw toChartError(error);
    }
    releasePixiProbeContext(renderer);
    engine.levelBuilder.start();
    engine.model.events.emit('ready', undefined);
    return engine;
  }

  /** Whether the browser has taken the WebGL context away (see the 'contextlost' event). */
  get isContextLost(): boolean {
    return this.contextLost;
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas;
  }

  get viewport(): IndexViewport {
    return this.model.viewport;
  }

  get candleCount(): number {
    return this.model.series.count;
  }

  /** The renderer in use: 'webgl' or 'webgpu'. */
  get rendererName(): string {
    return this.renderer.name;
  }

  /** The OHLC readout on screen ('' when the crosshair is not over a candle). */
  get readout(): string {
    return crosshairView(this.model)?.readout ?? '';
  }

  /** The text the chart gives screen readers as its description. */
  get description(): string {
    return this.accessibility.descriptionText;
  }

  /** The latest live-region announcement. */
  get lastAnnouncement(): string {
    return this.accessibility.lastAnnouncement;
  }

  get tool(): ChartTool {
    return this.model.tool;
  }

  get selectedLine(): string | undefined {
    return this.model.selectedLine;
  }

  get timeframe(): Timeframe | undefined {
    return this.model.timeframe;
  }

  /** The timeframes `setTimeframe` can switch to. */
  get timeframes(): readonly Timeframe[] {
    return this.model.timeframes;
  }

  get replayState(): ReplayState {
    return this.model.replayState;
  }

  on<K extends keyof ChartEvents>(
    event: K,
    listener: (payload: ChartEvents[K]) => void,
  ): () => void {
    return this.model.events.on(event, listener);
  }

  // ---- data and view -------------------------------------------------------------------------

  /**
   * Replaces the data with one series of unknown timeframe and opens on its home view (`homeView`
   * replaces the previous one when given). Lines and zones stay. Throws a ChartDataError naming
   * the first bad candle, and keeps the data it had.
   */
  setCandles(candles: readonly Candle[], options: { homeView?: ViewTarget } = {}): void {
    this.model.setData({ candles }, options);
    this.levelBuilder.start();
  }

  /**
   * Replaces the data with one market in several timeframes (a missing '1hr' is aggregated from
   * '5min') and shows `timeframe` (default: the current one if given, else '5min') on its home
   * view (`homeViews` replace the previous ones when given). Lines stay. Throws a ChartDataError
   * naming the first bad candle, and keeps the data it had.
   */
  setSeries(
    series: TimeframeSeries,
    timeframe?: Timeframe,
    options: { homeViews?: HomeViews } = {},
  ): void {
    this.model.setData({ series, timeframe: timeframe ?? this.model.timeframe }, options);
    this.levelBuilder.start();
  }

  /** New home views (the view each timeframe opens on and `resetView` returns to). */
  setHomeViews(homeViews: HomeViews, single?: ViewTarget): void {
    this.model.setHomeViews(homeViews, single);
  }

  setViewport(viewport: IndexViewport): void {
    this.model.setViewport(viewport);
  }

  /** Returns to the current timeframe's home view (animated); e.g. a "Reset view" button. */
  resetView(options: { animate?: boolean } = {}): Promise<void> {
    return this.model.resetView(options);
  }

  /** Moves the view by a pixel distance; positive shows earlier candles. */
  pan(deltaPx: number): void {
    this.model.pan(deltaPx);
  }

  /** Zooms by `factor` (> 1 zooms in) around the x pixel `anchorX` (default: the centre). */
  zoom(factor: number, anchorX?: number): void {
    this.model.zoom(factor, anchorX);
  }

  setTheme(theme: ChartTheme): void {
    this.theme = theme;
    this.renderer.background.color = theme.background;
    this.candleLayer.setColors({ up: theme.up, down: theme.down });
    this.scheduler.request('base');
  }

  /**
   * Switches to another timeframe of `setSeries`' data, animating each candle into (or out of) the
   * candle of the other timeframe that contains it. Lines keep their prices; the view goes to the
   * target's home view, or keeps the same time in view (see `viewAfterSwitch`). Resolves when
   * the animation has finished.
   */
  setTimeframe(timeframe: Timeframe, options: { animate?: boolean } = {}): Promise<void> {
    return this.model.setTimeframe(timeframe, options);
  }

  /** The fractional candle index under an x pixel of the chart. */
  indexAtX(x: number): number {
    return this.model.frame.indexOfX(x);
  }

  xOfIndex(index: number): number {
    return this.model.frame.xOfIndex(index);
  }

  /** The y pixel of a price in the current frame. */
  yOfPrice(price: number): number {
    return this.model.frame.yOfPrice(price);
  }

  priceAtY(y: number): number {
    return this.model.frame.priceOfY(y);
  }

  // ---- lines ---------------------------------------------------------------------------------

  /** The user's lines in drawing order. */
  lines(): readonly ChartLine[] {
    return this.model.lines.list;
  }

  /**
   * 'line' is Draw Line mode: a click or tap places a line, a press-drag-release draws both lines
   * of a zone, and the tool stays on until `maxLines` is reached; 'none' returns to panning.
   * Lines can be dragged with either tool.
   */
  setTool(tool: ChartTool): void {
    this.model.setTool(tool);
  }

  setMaxLines(maxLines: number): void {
    this.model.setMaxLines(maxLines);
  }

  setMagnet(enabled: boolean): void {
    this.model.setMagnet(enabled);
  }

  /** Places a line at a price (keyboard and typed input); undefined when `maxLines` is reached. */
  addLine(price: number): ChartLine | undefined {
    return this.model.addLine(price);
  }

  moveLine(id: string, price: number): boolean {
    return this.model.moveLine(id, price);
  }

  removeLine(id: string): boolean {
    return this.model.removeLine(id);
  }

  clearLines(): void {
    this.model.clearLines();
  }

  selectLine(id: string | undefined): void {
    this.model.selectLine(id);
  }

  // ---- zones and marks -----------------------------------------------------------------------

  /**
   * Shows a zone as a box (e.g. the correct answer), opening with a short animation. Resolves
   * when it is fully drawn. The price axis widens if needed so the whole box is in view.
   */
  revealZone(zone: RevealedZone, options: { animate?: boolean } = {}): Promise<void> {
    return this.model.revealZone(zone, options);
  }

  clearRevealedZone(): void {
    this.model.clearRevealedZone();
  }

  /** Lines carried over from an earlier chart: dashed, in their own colour, not draggable. */
  setPulledLines(prices: readonly number[]): void {
    this.model.setPulledLines(prices);
  }

  /** The prices of the lines carried over from an earlier chart, as shown. */
  pulledLinePrices(): readonly number[] {
    return this.model.marks.pulledLines;
  }

  /**
   * Emphasises the candles at these times (e.g. a zone's base and the move away from it). On a
   * longer timeframe, the candle containing each time is emphasised.
   */
  highlightCandles(times: readonly number[]): void {
    this.model.highlightCandles(times);
  }

  /**
   * Draws labelled lines of the application's, e.g. a model answer's entry, stop and target:
   * dashed by default, each with its tag on the price axis, kept in view. Replaces the earlier ones.
   */
  setReferenceLines(lines: readonly ReferenceLine[]): void {
    this.model.setReferenceLines(lines);
  }

  /** Marks labelled points on candles (e.g. where a trade filled and left); announced. */
  setMarkers(markers: readonly ChartMarker[]): void {
    this.model.setMarkers(markers);
  }

  // ---- replay --------------------------------------------------------------------------------

  /**
   * Hides the candles after `from` and shows them one at a time, every `speedMs`, keeping the
   * newest in view. Emits 'replaychange' on each step and 'replayend' at the end.
   */
  startReplay(options: ReplayOptions): void {
    this.model.startReplay(options);
  }

  pauseReplay(): void {
    this.model.pauseReplay();
  }

  resumeReplay(): void {
    this.model.resumeReplay();
  }

  /** Shows the next candle of a running or paused replay. */
  stepReplay(): void {
    this.model.stepReplay();
  }

  /** Ends the replay and shows every candle. */
  stopReplay(): void {
    this.model.stopReplay();
  }

  // ---- accessibility and lifecycle -------------------------------------------------------------

  /** Says `text` through the chart's live region (e.g. "Correct! Both lines are in the zone."). */
  announce(text: string): void {
    this.accessibility.announce(text);
  }

  /** Resolves once every running animation (reveal, timeframe morph) has finished. */
  settled(): Promise<void> {
    return this.model.animations.whenIdle();
  }

  /** Draws any pending change now instead of on the next animation frame. */
  renderNow(): void {
    if (!this.destroyed) this.scheduler.flush();
  }

  /**
   * Frees everything the chart made: its listeners, its GPU buffers and textures, its WebGL
   * context (lost explicitly, so the browser's per-page budget of contexts is not used up by
   * charts waiting for the garbage collector) and its canvas. Safe to call twice.
   */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    liveEngines--;
    const failures = this.runTeardown();
    if (failures.length > 0) {
      throw new AggregateError(failures, 'Parts of the chart could not be freed');
    }
  }

  // ---- internals -----------------------------------------------------------------------------

  /**
   * Undoes every part made so far, newest first; a failing step does not stop the others.
   * Returns what failed.
   */
  private runTeardown(): unknown[] {
    const failures: unknown[] = [];
    for (const step of this.teardown.splice(0).reverse()) {
      try {
        step();
      } catch (error) {
        failures.push(error);
      }
    }
    return failures;
  }

  private containerSize() {
    return {
      width: Math.max(1, this.container.clientWidth),
      height: Math.max(1, this.container.clientHeight),
      devicePixelRatio: this.renderer.resolution,
    };
  }

  /** A slice of the levels of detail, for the series on screen first; false when all are built. */
  private buildNextLevels(): boolean {
    for (const store of this.model.seriesSet.all(this.model.timeframe)) {
      if (store.buildLevels(LEVEL_SLICE_COLUMNS)) return true;
    }
    return false;
  }

  private resize(): void {
    const size = this.containerSize();
    const { width, height } = this.model.size;
    if (size.width === width && size.height === height) return;
    this.renderer.resize(size.width, size.height);
    this.model.setSize(size);
  }

  private draw(dirty: DirtyLayers): void {
    if (this.destroyed || this.contextLost) return;
    const { model, theme } = this;
    const { frame } = model;
    const tags = dirty.base || dirty.overlays || dirty.crosshair ? priceTagsView(model) : [];
    if (dirty.base) {
      const candles = candlesView(model);
      if (candles.kind === 'columns') this.candleLayer.update(candles.columns, candles.layout);
      else this.candleLayer.updateFree(candles.columns, candles.layout);
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
    // Always render: frames are only scheduled for a change, and a flush (renderNow) must leave
    // a fresh image in the drawing buffer for whoever reads it back.
    this.renderer.render({ container: this.stage });
    if (model.animations.active) this.scheduler.schedule();
  }

  /**
   * Follows the canvas' WebGL context. pixi cancels the 'webglcontextlost' event (so the
   * browser may restore the context) and rebuilds its GPU objects on restore; the chart stops
   * drawing in between, draws everything again once restored, and tells the page both times.
   */
  private watchContextLoss(canvas: HTMLCanvasElement): () => void {
    const lost = () => {
      if (this.contextLost) return;
      this.contextLost = true;
      this.scheduler.cancel();
      this.model.events.emit('contextlost', undefined);
    };
    const restored = () => {
      if (!this.contextLost) return;
      this.contextLost = false;
      // pixi uploads the mesh's whole buffers into the new context on first use; every layer is
      // drawn again, as changes made while the context was away were not.
      this.scheduler.mark('base');
      this.scheduler.flush();
      this.model.events.emit('contextrestored', undefined);
    };
    canvas.addEventListener('webglcontextlost', lost);
    canvas.addEventListener('webglcontextrestored', restored);
    return () => {
      canvas.removeEventListener('webglcontextlost', lost);
      canvas.removeEventListener('webglcontextrestored', restored);
    };
  }
}
