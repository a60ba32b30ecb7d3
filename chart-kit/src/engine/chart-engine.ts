import type { Timeframe, Candle, SessionOptions, ViewTarget, IndexViewport } from '@chart-kit/core';
import { Announcer } from '../interaction/announcer.js';
import { ChartInput, type VerticalSwipe } from '../interaction/chart-input.js';
import { attachDomInput } from '../interaction/dom-input.js';
import { DEFAULT_CHART_OPTIONS } from '../model/defaults.js';
import { ChartModel, type ChartModelOptions } from '../model/chart-model.js';
import type {
  ChartEvents,
  ChartMarker,
  ChartTool,
  ReferenceLine,
  ChartZone,
  ReplayOptions,
} from '../model/events.js';
import type { LineSeriesOptions, VolumeOptions } from '../model/line-series.js';
import type { ReplayState } from '../model/replay.js';
import type { HomeViews, TimeframeSeries } from '../model/series-set.js';
import type { ChartLine } from '../model/user-lines.js';
import { type DirtyLayers, RedrawScheduler } from '../render/redraw-scheduler.js';
import {
  type ChartTheme,
  type ChartThemeInput,
  resolveColor,
  resolveTheme,
  sameTheme,
} from '../render/themes.js';
import { crosshairView } from '../views/crosshair-view.js';
import { ChartAccessibility } from './accessibility-dom.js';
import { Canvas2DSurface } from './canvas2d-surface.js';
import { toChartError } from './chart-error.js';
import { IdleWork } from './idle-work.js';
import type { ChartSurface, RendererPreference, SurfaceKind, SurfaceSettings } from './surface.js';
import { reserveWebGLPlace } from './webgl-budget.js';

export type {
  ChartEvents,
  ChartTool,
  CrosshairInfo,
  ChartZone,
  ReplayOptions,
} from '../model/events.js';
export type { HomeViews, TimeframeSeries } from '../model/series-set.js';
export type { RendererPreference, SurfaceKind } from './surface.js';

export interface ChartOptions extends Omit<ChartModelOptions, 'size'> {
  /**
   * Colours, merged over `DARK_THEME`: any of its fields, as CSS colour strings or 0xRRGGBB
   * numbers (`LIGHT_THEME` is the built-in light one). A colour that is not one is a TypeError.
   */
  theme?: ChartThemeInput;
  /** Defaults to the window's; tests pin it to 1 or 2. */
  devicePixelRatio?: number;
  /**
   * Skip animations (the timeframe morph, view moves, a zone's entrance). Default: the user's
   * `prefers-reduced-motion` setting, read when the chart is created.
   */
  reducedMotion?: boolean;
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
  /**
   * Which renderer draws the chart (see RendererPreference). Default 'auto': Canvas 2D at once,
   * WebGL only where it helps. Read when the chart is created.
   */
  renderer?: RendererPreference;
  /**
   * The user's lines to start with, by price (movable and deletable like drawn ones; at most
   * `maxLines`), so an app restoring saved lines needs no addLine effect. Read when the chart is
   * created.
   */
  lines?: readonly number[];
  /** Lines the user cannot move, shown from the first frame (see setFixedLines). */
  fixedLines?: readonly number[];
  /** A zone shown from the first frame, without its opening animation (see showZone). */
  zone?: ChartZone;
}

/** Columns of level of detail merged per idle step: about a millisecond of work. */
const LEVEL_SLICE_COLUMNS = 32_768;
/**
 * A series at least this long is handed to WebGL as soon as it is loaded: panning it moves
 * through levels of detail every frame, where the GPU path keeps its frames short.
 */
const LARGE_SERIES_CANDLES = 100_000;
/**
 * Canvas 2D frames of an animation or a gesture slower than this (median of the last few: a
 * missed frame at 60 Hz) hand the chart to WebGL. Frames drawn while a page loads are not
 * counted: on a slow CPU they are slow anyway, and starting pixi.js then would only add to them.
 */
const SLOW_FRAME_MS = 16;
const FRAME_SAMPLES = 9;
/** How often a surface ready to take over checks that no pointer is pressed on the chart. */
const SWAP_RETRY_MS = 50;

/** Loads pixi.js and the WebGL surface only when a chart needs them (a chunk of its own). */
async function startWebGLSurface(settings: SurfaceSettings): Promise<ChartSurface> {
  const webgl = await import('./webgl-surface.js');
  return webgl.startWebGLSurface(settings);
}

/** Refuses a line series whose colour is not one, naming the series. */
function checkLineColor(series: LineSeriesOptions): void {
  if (series.color !== undefined) {
    resolveColor(`line series ${JSON.stringify(series.id)}: color`, series.color);
  }
}

let liveEngines = 0;

/** How many engines exist and are not destroyed (leak checks in tests). */
export function liveEngineCount(): number {
  return liveEngines;
}

/**
 * A candlestick chart in a container element: a thin shell that wires the DOM-free
 * {@link ChartModel} (state and rules), the interaction tools and keys, and a drawing surface
 * (Canvas 2D at once, pixi.js on WebGL where it helps) to the page: canvas, input events,
 * resize, context loss, accessibility elements. Framework-agnostic: the React hooks wrap this
 * class.
 */
export class ChartEngine {
  /**
   * The chart's state and rules (see model/chart-model.ts). Private: the engine is the one
   * public door to a chart; `ChartModel` is exported on its own for work without a DOM.
   */
  private readonly model: ChartModel;
  private surface: ChartSurface;
  /** Gives the page's WebGL place back; set while the surface holds one. */
  private releaseWebGLPlace: (() => void) | undefined;
  /** What the current surface's canvas listens to, undone when the surface goes. */
  private surfaceBindings: (() => void)[] = [];
  private readonly preference: RendererPreference;
  /** Set once WebGL is loading, has taken over, or has failed: it is tried once per chart. */
  private webglAttempted = false;
  private readonly frameCosts: number[] = [];
  /** Set while WebGL is loading to take over; settles once it has (or has failed). */
  private handover: Promise<void> | undefined;
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
    surface: ChartSurface,
    model: ChartModel,
    options: {
      theme: ChartTheme;
      label: string;
      interactive: boolean;
      verticalSwipe: VerticalSwipe;
      preference: RendererPreference;
      releaseWebGLPlace: (() => void) | undefined;
    },
  ) {
    // Only what is needed later is kept: holding the options would keep the caller's candles alive.
    this.surface = surface;
    this.releaseWebGLPlace = options.releaseWebGLPlace;
    this.model = model;
    this.theme = options.theme;
    this.preference = options.preference;
    const { label, interactive, verticalSwipe } = options;
    // Each part registers its own undoing as soon as it exists, so that a chart failing half way
    // through starting is taken apart as completely as a destroyed one (in reverse order).
    const undo = (step: () => void) => this.teardown.push(step);
    undo(() => {
      this.unbindSurface();
      try {
        this.surface.destroy();
      } finally {
        this.releaseWebGLPlace?.();
        this.releaseWebGLPlace = undefined;
      }
    });
    undo(() => {
      this.model.dispose();
    });
    try {
      surface.canvas.style.display = 'block';
      container.appendChild(surface.canvas);
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
      this.accessibility = new ChartAccessibility(container, surface.canvas, {
        label,
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
        undo(
          this.model.events.on('toolchange', () => {
            this.canvas.style.cursor = input.tools.cursor();
          }),
        );
        this.canvas.style.cursor = input.tools.cursor();
      }
      this.bindSurface();
      this.resizeObserver = new ResizeObserver(() => {
        this.resize();
      });
      this.resizeObserver.observe(container);
      undo(() => {
        this.resizeObserver.disconnect();
      });
    } catch (error) {
      // The error that stopped the start is the one to report, not a failure to undo it.
      this.runTeardown();
      throw error;
    }
    liveEngines++;
  }

  /**
   * Creates the chart inside `container` (which should have a size) and draws the first frame:
   * at once with Canvas 2D unless `renderer: 'webgl'` asks to wait for WebGL. Rejects with a
   * {@link ChartError}: a ChartDataError for candles it cannot draw (checked before any canvas
   * is made), a WebGLUnavailableError when WebGL was asked for and the browser has none, a
   * ChartStartError for anything else. A chart that fails leaves nothing behind: its WebGL
   * context (if any) is lost explicitly and its canvas removed.
   */
  static async create(container: HTMLElement, options: ChartOptions = {}): Promise<ChartEngine> {
    const {
      theme: themeInput,
      devicePixelRatio = window.devicePixelRatio,
      label = DEFAULT_CHART_OPTIONS.label,
      interactive = DEFAULT_CHART_OPTIONS.interactive,
      verticalSwipe = DEFAULT_CHART_OPTIONS.verticalSwipe,
      renderer: preference = DEFAULT_CHART_OPTIONS.renderer,
      lines: initialLines = [],
      fixedLines: initialFixedLines = [],
      zone: initialZone,
      ...modelOptions
    } = options;
    let theme: ChartTheme;
    try {
      theme = resolveTheme(themeInput);
      for (const series of options.lineSeries ?? []) checkLineColor(series);
    } catch (error) {
      throw toChartError(error);
    }
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
    let surface: ChartSurface;
    let releaseWebGLPlace: (() => void) | undefined;
    try {
      if (preference === 'webgl') {
        releaseWebGLPlace = reserveWebGLPlace({ beyondBudget: true });
        surface = await startWebGLSurface({ ...size(), resolution: devicePixelRatio, theme });
      } else {
        surface = new Canvas2DSurface({ ...size(), resolution: devicePixelRatio, theme });
      }
    } catch (error) {
      releaseWebGLPlace?.();
      model.dispose();
      throw toChartError(error);
    }
    let engine: ChartEngine;
    try {
      // Takes itself apart if it fails (surface and model included).
      engine = new ChartEngine(container, surface, model, {
        theme,
        label,
        interactive,
        verticalSwipe,
        preference,
        releaseWebGLPlace,
      });
    } catch (error) {
      throw toChartError(error);
    }
    try {
      if (initialFixedLines.length > 0) engine.model.setPulledLines(initialFixedLines);
      engine.model.startWithLines(initialLines);
      if (initialZone) void engine.model.revealZone(initialZone, { animate: false });
      engine.scheduler.mark('base');
      engine.scheduler.flush();
    } catch (error) {
      engine.destroyed = true;
      liveEngines--;
      engine.runTeardown();
      throw toChartError(error);
    }
    engine.levelBuilder.start();
    engine.model.events.emit('ready', undefined);
    engine.considerWebGL();
    return engine;
  }

  /** Whether the browser has taken the canvas' context away (see the 'contextlost' event). */
  get isContextLost(): boolean {
    return this.contextLost;
  }

  /** The canvas the chart draws on now (it is replaced when WebGL takes over). */
  get canvas(): HTMLCanvasElement {
    return this.surface.canvas;
  }

  get viewport(): IndexViewport {
    return this.model.viewport;
  }

  get candleCount(): number {
    return this.model.series.count;
  }

  /** The candle at an index of the timeframe on screen (0 is the oldest). */
  candle(index: number): Candle | undefined {
    return this.model.candle(index);
  }

  /** What draws the chart now: 'canvas2d', 'webgl' or 'webgpu' (see 'rendererchange'). */
  get rendererName(): SurfaceKind {
    return this.surface.kind;
  }

  /**
   * Resolves with what draws the chart once no renderer is starting to take over: at once on a
   * chart that stays on Canvas 2D, after the swap on one that moves to WebGL (benchmarks and
   * tests measuring a steady state wait for this).
   */
  async rendererSettled(): Promise<SurfaceKind> {
    while (this.handover) await this.handover;
    return this.surface.kind;
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
    this.considerWebGL();
  }

  /**
   * Replaces the data with one market in several timeframes and shows `timeframe` (default: the
   * current one if given, else '5min') on its home view (`homeViews` replace the previous ones
   * when given). The timeframes `series` lacks are aggregated from its shortest one: those of
   * `options.timeframes`, else the ones the chart was given before (see `SeriesSource`). Lines
   * stay. Throws a ChartDataError naming the first bad candle, or a TimeframeError, and keeps the
   * data it had.
   */
  setSeries(
    series: TimeframeSeries,
    timeframe?: Timeframe,
    options: {
      homeViews?: HomeViews;
      timeframes?: readonly Timeframe[];
      sessions?: SessionOptions;
    } = {},
  ): void {
    const { homeViews, timeframes, sessions } = options;
    const previous = this.model.seriesSet;
    this.model.setData(
      {
        series,
        timeframe: timeframe ?? this.model.timeframe,
        timeframes: timeframes ?? previous.requested,
        sessions: sessions ?? previous.sessions,
      },
      { homeViews },
    );
    this.levelBuilder.start();
    this.considerWebGL();
  }

  // ---- line series and volume ----------------------------------------------------------------

  /**
   * Draws a line over the candles on their price scale (a moving average), or replaces the line
   * series with the same `id`. Throws a ChartDataError naming the first bad point, a TypeError
   * for a colour that is not one, a RangeError for a width out of range; the chart keeps what it
   * had.
   */
  setLineSeries(series: LineSeriesOptions): void {
    checkLineColor(series);
    this.model.setLineSeries(series);
    // A long line's coarser levels of detail are built while the page is idle, as candles' are.
    this.levelBuilder.start();
  }

  /** Removes the line series with this id; false when the chart has none. */
  removeLineSeries(id: string): boolean {
    return this.model.removeLineSeries(id);
  }

  /** The ids of the line series drawn, in the order they were added. */
  lineSeriesIds(): readonly string[] {
    return this.model.lineSeries.map((series) => series.id);
  }

  /**
   * Shows the candles' volume as a histogram in a strip below them on a scale of its own (true:
   * a fifth of the plot; or `{ heightShare }` from 0.05 to 0.5), or hides it (false). The price
   * scale shrinks to the space above the strip. Throws a RangeError for a share out of range.
   */
  setVolume(volume: boolean | VolumeOptions): void {
    this.model.setVolume(volume);
  }

  /** Whether the volume strip is on (it shows once the candles carry `volume`). */
  get volumeShown(): boolean {
    return this.model.volumeShare > 0;
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

  /** Colours, merged over `DARK_THEME` as in the create options. */
  setTheme(input: ChartThemeInput): void {
    const theme = resolveTheme(input);
    if (sameTheme(theme, this.theme)) return;
    this.theme = theme;
    this.surface.setTheme(theme);
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
   * Shows a zone as a box between two prices (a supply or demand zone, an answer), opening with
   * a short animation unless `animate: false`. Resolves when it is fully drawn. The price axis
   * widens if needed so the whole box is in view. One zone at a time: showing another replaces it.
   */
  showZone(zone: ChartZone, options: { animate?: boolean } = {}): Promise<void> {
    return this.model.revealZone(zone, options);
  }

  /** Removes the zone {@link showZone} drew. */
  clearZone(): void {
    this.model.clearRevealedZone();
  }

  /**
   * Horizontal lines the user cannot move (levels carried over from an earlier chart, say):
   * dashed, in the theme's `pulledLine` colour. Replaces the fixed lines shown.
   */
  setFixedLines(prices: readonly number[]): void {
    this.model.setPulledLines(prices);
  }

  /** The prices of the fixed lines, as shown. */
  fixedLinePrices(): readonly number[] {
    return this.model.marks.pulledLines;
  }

  /** @deprecated Use {@link showZone}; this name goes in the next release. */
  revealZone(zone: ChartZone, options: { animate?: boolean } = {}): Promise<void> {
    return this.showZone(zone, options);
  }

  /** @deprecated Use {@link clearZone}; this name goes in the next release. */
  clearRevealedZone(): void {
    this.clearZone();
  }

  /** @deprecated Use {@link setFixedLines}; this name goes in the next release. */
  setPulledLines(prices: readonly number[]): void {
    this.setFixedLines(prices);
  }

  /** @deprecated Use {@link fixedLinePrices}; this name goes in the next release. */
  pulledLinePrices(): readonly number[] {
    return this.fixedLinePrices();
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
      devicePixelRatio: this.surface.resolution,
    };
  }

  /** A slice of the levels of detail, for the series on screen first; false when all are built. */
  private buildNextLevels(): boolean {
    for (const store of this.model.seriesSet.all(this.model.timeframe)) {
      if (store.buildLevels(LEVEL_SLICE_COLUMNS)) return true;
    }
    for (const series of this.model.lineSeries) {
      if (series.data.buildLevels(LEVEL_SLICE_COLUMNS)) return true;
    }
    return false;
  }

  private resize(): void {
    const size = this.containerSize();
    const { width, height } = this.model.size;
    if (size.width === width && size.height === height) return;
    this.surface.resize(size.width, size.height);
    this.model.setSize(size);
  }

  private draw(dirty: DirtyLayers): void {
    if (this.destroyed || this.contextLost) return;
    const started = performance.now();
    this.surface.draw(this.model, dirty, this.theme);
    const moving = this.model.animations.active || (this.input?.pointers.pointersDown ?? 0) > 0;
    if (this.surface.kind === 'canvas2d' && moving) {
      this.noteFrameCost(performance.now() - started);
    }
    if (this.model.animations.active) this.scheduler.schedule();
  }

  /** What a surface taking over from the current one starts with: its size, pixels and theme. */
  private surfaceSettings(): SurfaceSettings {
    const { width, height } = this.model.size;
    return { width, height, resolution: this.surface.resolution, theme: this.theme };
  }

  /** Hands the chart to WebGL when moving Canvas 2D frames are slow (median of the last few). */
  private noteFrameCost(ms: number): void {
    const costs = this.frameCosts;
    costs.push(ms);
    if (costs.length > FRAME_SAMPLES) costs.shift();
    if (costs.length < FRAME_SAMPLES) return;
    const median = [...costs].sort((a, b) => a - b)[FRAME_SAMPLES >> 1] ?? 0;
    if (median > SLOW_FRAME_MS) this.upgradeToWebGL();
  }

  /** Starts loading WebGL for a series long enough to need it ('auto' charts only). */
  private considerWebGL(): void {
    for (const store of this.model.seriesSet.all(this.model.timeframe)) {
      if (store.count >= LARGE_SERIES_CANDLES) {
        this.upgradeToWebGL();
        return;
      }
    }
  }

  /**
   * Loads pixi.js, starts a WebGL surface beside the Canvas 2D one and swaps it in once drawn.
   * Only for 'auto' charts, once per chart, and only while the page has a WebGL place left; a
   * failure leaves the chart on Canvas 2D, which does everything WebGL does.
   */
  private upgradeToWebGL(): void {
    if (this.preference !== 'auto' || this.webglAttempted || this.surface.kind !== 'canvas2d') {
      return;
    }
    this.webglAttempted = true;
    const release = reserveWebGLPlace();
    if (!release) return;
    this.handover = startWebGLSurface(this.surfaceSettings())
      .then((next) => this.swapWhenIdle(next, release))
      .catch(() => {
        // No WebGL here (or its chunk did not load): Canvas 2D carries on.
        release();
      })
      .finally(() => {
        this.handover = undefined;
      });
  }

  /** Swaps surfaces between gestures: a pointer pressed on the chart keeps its canvas. */
  private async swapWhenIdle(next: ChartSurface, release: () => void): Promise<void> {
    while (!this.destroyed && (this.input?.pointers.pointersDown ?? 0) > 0) {
      // Not cancelled on destroy: the loop then frees the surface that was to take over.
      await new Promise((resolve) => setTimeout(resolve, SWAP_RETRY_MS));
    }
    if (this.destroyed) {
      next.destroy();
      release();
      return;
    }
    this.adoptSurface(next, release);
  }

  /**
   * Puts `next` where the current surface's canvas is, in one task: it takes over the canvas'
   * attributes (role, labels, tab index), inline style (cursor, touch-action), listeners and
   * focus, and draws the whole picture before the browser paints again, so the page sees the
   * same chart with no blank frame in between. The previous surface is then freed.
   */
  private adoptSurface(next: ChartSurface, releasePlace: (() => void) | undefined): void {
    const previous = this.surface;
    const releasePrevious = this.releaseWebGLPlace;
    const { width, height } = this.model.size;
    next.resize(width, height);
    // The theme may have changed while the next surface was starting.
    next.setTheme(this.theme);
    for (const { name, value } of Array.from(previous.canvas.attributes)) {
      if (name !== 'width' && name !== 'height') next.canvas.setAttribute(name, value);
    }
    const hadFocus = document.activeElement === previous.canvas;
    this.unbindSurface();
    previous.canvas.replaceWith(next.canvas);
    this.surface = next;
    this.releaseWebGLPlace = releasePlace;
    this.frameCosts.length = 0;
    this.contextLost = false;
    this.bindSurface();
    this.scheduler.mark('base');
    this.scheduler.flush();
    if (hadFocus) next.canvas.focus({ preventScroll: true });
    try {
      previous.destroy();
    } finally {
      releasePrevious?.();
    }
    this.model.events.emit('rendererchange', next.kind);
  }

  /** Listens to the current surface's canvas: input and its context's loss. */
  private bindSurface(): void {
    const { canvas } = this.surface;
    if (this.input) this.surfaceBindings.push(attachDomInput(canvas, this.input));
    this.surfaceBindings.push(
      this.surface.watchContext(
        () => {
          this.onContextLost();
        },
        () => {
          this.onContextRestored();
        },
      ),
    );
  }

  private unbindSurface(): void {
    for (const unbind of this.surfaceBindings.splice(0)) unbind();
  }

  /**
   * The browser took the canvas' context away. An 'auto' chart on WebGL goes back to Canvas 2D
   * at once (and stays there); otherwise the chart stops drawing until the context is restored.
   * The page is told either way.
   */
  private onContextLost(): void {
    if (this.contextLost || this.destroyed) return;
    this.scheduler.cancel();
    this.model.events.emit('contextlost', undefined);
    if (this.preference === 'auto' && this.surface.kind !== 'canvas2d') {
      try {
        this.adoptSurface(new Canvas2DSurface(this.surfaceSettings()), undefined);
        return;
      } catch {
        // No Canvas 2D either: wait for the context like a chart that asked for WebGL.
      }
    }
    this.contextLost = true;
  }

  private onContextRestored(): void {
    if (!this.contextLost || this.destroyed) return;
    this.contextLost = false;
    // Changes made while the context was away were not drawn: every layer is drawn again.
    this.scheduler.mark('base');
    this.scheduler.flush();
    this.model.events.emit('contextrestored', undefined);
  }
}
