import { bisectRight } from 'd3-array';
import type { ScaleLinear } from 'd3-scale';
import { Container, type Renderer } from 'pixi.js';
// Pages with a strict Content-Security-Policy forbid eval; this makes pixi build its shader
// bindings without it (the module's name says what it works around, not what it allows).
import 'pixi.js/unsafe-eval';
// The only scene object the chart draws with (see FrameMesh). pixi's other extensions (its event
// system, accessibility overlay, filters, DOM, text and sprite pipes) are not loaded: the chart
// has its own hit-testing and text, and pixi's event system alone kept a ticker running.
import 'pixi.js/mesh';
import { aggregateCandles, TIMEFRAMES, type Timeframe } from '../core/aggregate.js';
import type { Candle } from '../core/candle.js';
import { candleIndexAtX, hitTestLine, snapToCandle } from '../core/hit-test.js';
import { columnsPriceRange } from '../core/lod.js';
import {
  affineOf,
  createIndexScale,
  createPriceScale,
  formatPrice,
  type IndexViewport,
  niceTicks,
  type PriceDomain,
  priceTickSize,
  roundToTick,
} from '../core/scales.js';
import { formatCrosshairTime, timeAxisTicks, type TimeTick } from '../core/time-axis.js';
import type { PriceZone } from '../core/grade.js';
import { clampViewport, initialViewport, panViewport, zoomViewport } from '../core/viewport.js';
import { attachInput } from '../interaction/dom-input.js';
import { type ChartTool, GestureMachine } from '../interaction/gestures.js';
import type { KeyCommand } from '../interaction/keyboard.js';
import { AxesLayer } from '../render/axes-layer.js';
import { createRenderer } from '../render/create-renderer.js';
import { CandleLayer } from '../render/candle-layer.js';
import { CrosshairLayer, type CrosshairState } from '../render/crosshair-layer.js';
import { type ChartMesh, DRAW_ORDER } from '../render/draw-order.js';
import { FrameMesh } from '../render/frame-mesh.js';
import { labelFont } from '../render/label-pool.js';
import { type FrameGeometry, plotLayout, type PlotLayout } from '../render/layout.js';
import { OverlayLayer } from '../render/overlay-layer.js';
import { type DirtyLayers, RedrawScheduler } from '../render/redraw-scheduler.js';
import { ChartAccessibility, describeChart } from './accessibility.js';
import { Animations, easeInOutCubic, easeOutCubic } from './animations.js';
import { Emitter } from './emitter.js';
import { IdleWork } from './idle-work.js';
import { ReplayController, type ReplayState } from './replay.js';
import { SeriesStore } from './series-store.js';
import { type ChartTheme, DARK_THEME } from './themes.js';
import { TimeframeMorph, viewAfterSwitch } from './timeframe-morph.js';
import { type ChartLine, UserLines } from './user-lines.js';

/** Candles of one market in one or more timeframes; a missing '1hr' is aggregated from '5min'. */
export type TimeframeSeries = Partial<Record<Timeframe, readonly Candle[]>>;

export interface ChartOptions {
  /** A single series (its timeframe unknown to the chart). Ignored when `series` is given. */
  candles?: readonly Candle[];
  /** The same market in several timeframes, switched with `setTimeframe` (animated). */
  series?: TimeframeSeries;
  /** Which of `series` to show first. Default: '5min' if given, else the first one. */
  timeframe?: Timeframe;
  /** Colours; `LIGHT_THEME` is the light option. Default `DARK_THEME`. */
  theme?: ChartTheme;
  /** How many candles the first view shows (the latest ones). Default 80. */
  initialBars?: number;
  /** Defaults to the window's; tests pin it to 1 or 2. */
  devicePixelRatio?: number;
  /** Most lines the user may draw (exercises use 2). Default: no limit. */
  maxLines?: number;
  /** Snap placed and dragged lines to the nearest open, high, low or close. Default false. */
  magnet?: boolean;
  /**
   * The instrument's price increment: lines land on multiples of it and arrow keys move by it.
   * Default: clicks round to the finest power of ten under a pixel, keys move a tenth of an axis step.
   */
  tickSize?: number;
  /** IANA time zone of the time axis and readouts. Default 'UTC'. */
  timeZone?: string;
  /** The accessible name of the chart. Default 'Candlestick chart'. */
  label?: string;
  /** Skip animations. Default: the user's `prefers-reduced-motion` setting. */
  reducedMotion?: boolean;
}

/** What the crosshair points at; `candle` and `time` are undefined beyond the series. */
export interface CrosshairInfo {
  index: number | undefined;
  time: number | undefined;
  price: number;
  candle: Candle | undefined;
}

/** A zone to reveal, e.g. the correct answer of an exercise. */
export interface RevealedZone extends PriceZone {
  /** Written inside the box, e.g. 'Demand zone'. */
  label?: string;
}

export interface ReplayOptions {
  /** Unix seconds: candles after this time are hidden, then shown one by one. */
  from: number;
  /** Milliseconds between two revealed candles. Default 400. */
  speedMs?: number;
}

export interface ChartEvents {
  ready: undefined;
  viewportchange: IndexViewport;
  /** The user's lines in drawing order, after any add, move, removal or clear. */
  lineschange: readonly ChartLine[];
  /** The crosshair moved (pointer or keyboard); null when it left the chart. */
  crosshairmove: CrosshairInfo | null;
  selectionchange: string | null;
  toolchange: ChartTool;
  timeframechange: Timeframe | undefined;
  /** The replay started, showed a candle, paused, resumed or stopped. */
  replaychange: ReplayState;
  /** The replay showed its last candle. */
  replayend: ReplayState;
}

/** Fraction of the price span left empty above and below the candles. */
const PRICE_PADDING = 0.08;
const KEY_ZOOM_FACTOR = 1.25;
const KEY_PAN_PX = 200;
const MAGNET_PX = 8;
const REVEAL_MS = 450;
const MORPH_MS = 320;
const DEFAULT_REPLAY_SPEED_MS = 400;
/** Columns of level of detail merged per idle step: about a millisecond of work. */
const LEVEL_SLICE_COLUMNS = 32_768;
/** Vertical pixels per price-axis label. */
const PX_PER_PRICE_TICK = 48;

let liveEngines = 0;

/** How many engines exist and are not destroyed (leak checks in tests). */
export function liveEngineCount(): number {
  return liveEngines;
}

type CrosshairTarget =
  { kind: 'pointer'; x: number; y: number } | { kind: 'keyboard'; index: number; price: number };

interface MorphInProgress {
  morph: TimeframeMorph;
  fineView: IndexViewport;
  coarseView: IndexViewport;
  /** 0 shows the fine timeframe, 1 the coarse one. */
  progress: number;
}

/**
 * A candlestick chart drawn with pixi.js on WebGL into a container element. Framework-agnostic:
 * the React hooks wrap this class.
 */
export class ChartEngine {
  private readonly renderer: Renderer;
  private readonly stage = new Container({ label: 'chart' });
  private readonly mesh: ChartMesh;
  private readonly candleLayer: CandleLayer;
  private readonly axesLayer: AxesLayer;
  private readonly overlayLayer: OverlayLayer;
  private readonly crosshairLayer: CrosshairLayer;
  private readonly scheduler: RedrawScheduler;
  private readonly resizeObserver: ResizeObserver;
  private readonly detachInput: () => void;
  private readonly detachContextListeners: () => void;
  private readonly events = new Emitter<ChartEvents>();
  private readonly animations = new Animations();
  private readonly accessibility: ChartAccessibility;
  private readonly userLines: UserLines;
  private readonly replay: ReplayController;
  private readonly gestureMachine: GestureMachine;
  /** Builds the coarser levels of detail of every series while the page is idle. */
  private readonly levelBuilder = new IdleWork(() => this.buildNextLevels());
  private readonly initialBars: number;
  private readonly timeZone: string;
  private readonly reducedMotion: boolean;
  private theme: ChartTheme;
  private stores = new Map<Timeframe | undefined, SeriesStore>();
  private timeframeList: readonly Timeframe[] = [];
  private activeTimeframe: Timeframe | undefined;
  private series: SeriesStore;
  private view: IndexViewport;
  private layout: PlotLayout;
  /** The geometry of the last drawn frame: what the user sees is what a pointer maps to. */
  private frame: FrameGeometry;
  private framePriceScale: ScaleLinear<number, number>;
  private timeTicks: TimeTick[] = [];
  private shownCount: number;
  private activeTool: ChartTool = 'none';
  private magnet: boolean;
  private tickSize: number | undefined;
  private hoveredLineId: string | undefined;
  private crosshairTarget: CrosshairTarget | undefined;
  private pulledLines: number[] = [];
  private revealedZone: { zone: RevealedZone; progress: number } | undefined;
  private highlightedTimes: number[] = [];
  private highlightedIndices: number[] = [];
  private morph: MorphInProgress | undefined;
  private contextLost = false;
  private destroyed = false;

  private constructor(
    readonly container: HTMLElement,
    renderer: Renderer,
    options: ChartOptions & { theme: ChartTheme },
  ) {
    liveEngines++;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- input getters read live state
    const engine = this;
    // Only what is needed later is kept: holding `options` would keep the caller's candles alive.
    this.renderer = renderer;
    this.theme = options.theme;
    this.initialBars = options.initialBars ?? 80;
    this.timeZone = options.timeZone ?? 'UTC';
    this.magnet = options.magnet ?? false;
    this.tickSize = options.tickSize;
    this.reducedMotion =
      options.reducedMotion ?? window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.userLines = new UserLines(options.maxLines);
    this.layout = plotLayout(
      Math.max(1, container.clientWidth),
      Math.max(1, container.clientHeight),
    );

    this.series = this.loadStores(options);
    this.shownCount = this.series.count;
    this.view = this.startingViewport();
    this.framePriceScale = this.fitPriceScale([0, 1]);
    this.frame = this.geometry();

    const font = labelFont(renderer.resolution);
    this.mesh = new FrameMesh(DRAW_ORDER, font.atlas);
    this.candleLayer = new CandleLayer(this.mesh.layer('candles'), {
      up: this.theme.up,
      down: this.theme.down,
    });
    this.axesLayer = new AxesLayer(this.mesh, font);
    this.overlayLayer = new OverlayLayer(this.mesh, font);
    this.crosshairLayer = new CrosshairLayer(this.mesh, font);
    this.stage.addChild(this.mesh.mesh);

    this.scheduler = new RedrawScheduler(
      (dirty) => {
        this.draw(dirty);
      },
      (now) => {
        this.animations.step(now);
      },
    );
    this.replay = new ReplayController({
      show: (shown) => {
        this.showCandles(shown);
      },
      changed: (state) => {
        this.events.emit('replaychange', state);
        if (state.status === 'finished') {
          this.events.emit('replayend', state);
          this.accessibility.announce('Replay finished.');
        }
      },
    });
    this.resizeObserver = new ResizeObserver(() => {
      this.resize();
    });
    this.resizeObserver.observe(container);
    this.accessibility = new ChartAccessibility(
      container,
      renderer.canvas,
      options.label ?? 'Candlestick chart',
    );
    this.gestureMachine = new GestureMachine({
      get tool() {
        return engine.activeTool;
      },
      hitLine: (y, tolerance) => this.hitLine(y, tolerance),
      selectLine: (id) => {
        this.selectLine(id);
      },
      dragLine: (id, y) => {
        this.moveLine(id, this.priceForPointer(y));
      },
      endLineDrag: (id, moved) => {
        const line = this.userLines.get(id);
        if (moved && line)
          this.accessibility.announce(`Line moved to ${this.formatLinePrice(line.price)}.`);
      },
      placeLine: (_x, y) => {
        this.placeLineAt(this.priceForPointer(y));
      },
      pan: (delta) => {
        this.pan(delta);
      },
      hover: (x, y) => {
        this.hover(x, y);
      },
    });
    this.detachInput = attachInput({
      canvas: renderer.canvas,
      gestures: this.gestureMachine,
      get lineSelected() {
        return engine.userLines.selectedId !== undefined;
      },
      lineY: (id) => this.yOfPrice(this.userLines.get(id)?.price ?? 0),
      zoom: (factor, anchorX) => {
        this.zoom(factor, anchorX);
      },
      pan: (delta) => {
        this.pan(delta);
      },
      pointerLeft: () => {
        this.pointerLeft();
      },
      cursorAt: (y) => this.cursorAt(y),
      runKeyCommand: (command) => {
        this.runKeyCommand(command);
      },
    });
    this.detachContextListeners = this.watchContextLoss(renderer.canvas);
    this.refreshHighlights();
    this.updateDescription();
  }

  /** Creates the chart inside `container` (which should have a size) and draws the first frame. */
  static async create(container: HTMLElement, options: ChartOptions = {}): Promise<ChartEngine> {
    const theme = options.theme ?? DARK_THEME;
    // A bare renderer, no pixi Application: the chart renders only when something changed, so
    // no ticker spins at 60 fps on an idle chart.
    const renderer = await createRenderer({
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
      background: theme.background,
      resolution: options.devicePixelRatio ?? window.devicePixelRatio,
    });
    renderer.canvas.style.display = 'block';
    // Only on the canvas: outside the chart, touch keeps scrolling the page.
    renderer.canvas.style.touchAction = 'none';
    container.appendChild(renderer.canvas);
    const engine = new ChartEngine(container, renderer, { ...options, theme });
    engine.scheduler.mark('base');
    engine.scheduler.flush();
    engine.levelBuilder.start();
    engine.events.emit('ready', undefined);
    return engine;
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas;
  }

  get viewport(): IndexViewport {
    return this.view;
  }

  get candleCount(): number {
    return this.series.count;
  }

  /** The renderer in use: 'webgl' or 'webgpu'. */
  get rendererName(): string {
    return this.renderer.name;
  }

  /** The OHLC readout on screen ('' when the crosshair is not over a candle). */
  get readout(): string {
    return this.crosshairState()?.readout ?? '';
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
    return this.activeTool;
  }

  get selectedLine(): string | undefined {
    return this.userLines.selectedId;
  }

  get timeframe(): Timeframe | undefined {
    return this.activeTimeframe;
  }

  /** The timeframes `setTimeframe` can switch to. */
  get timeframes(): readonly Timeframe[] {
    return this.timeframeList;
  }

  get replayState(): ReplayState {
    return this.replay.state;
  }

  on<K extends keyof ChartEvents>(
    event: K,
    listener: (payload: ChartEvents[K]) => void,
  ): () => void {
    return this.events.on(event, listener);
  }

  // ---- data and view -------------------------------------------------------------------------

  /** Replaces the data with one series of unknown timeframe. Lines and zones stay. */
  setCandles(candles: readonly Candle[]): void {
    this.replaceData({ candles });
  }

  /**
   * Replaces the data with one market in several timeframes (a missing '1hr' is aggregated from
   * '5min') and shows `timeframe` (default: the current one if given, else '5min'). Lines stay.
   */
  setSeries(series: TimeframeSeries, timeframe?: Timeframe): void {
    this.replaceData({ series, timeframe: timeframe ?? this.activeTimeframe });
  }

  setViewport(viewport: IndexViewport): void {
    this.animations.finish('timeframe');
    this.view = clampViewport(viewport, { candleCount: this.series.count });
    this.scheduler.request('base');
    this.events.emit('viewportchange', this.view);
  }

  /** Moves the view by a pixel distance; positive shows earlier candles. */
  pan(deltaPx: number): void {
    this.setViewport(panViewport(this.view, deltaPx, this.layout.plotWidth));
  }

  /** Zooms by `factor` (> 1 zooms in) around the x pixel `anchorX` (default: the centre). */
  zoom(factor: number, anchorX = this.layout.plotWidth / 2): void {
    this.setViewport(zoomViewport(this.view, factor, this.indexAtX(anchorX)));
  }

  setTheme(theme: ChartTheme): void {
    this.theme = theme;
    this.renderer.background.color = theme.background;
    this.candleLayer.setColors({ up: theme.up, down: theme.down });
    this.scheduler.request('base');
  }

  /**
   * Switches to another timeframe of `setSeries`' data, animating each candle into (or out of) the
   * candle of the other timeframe that contains it. Lines keep their prices; the view keeps the
   * same time in view (see `viewAfterSwitch`). Resolves when the animation has finished.
   */
  setTimeframe(timeframe: Timeframe, options: { animate?: boolean } = {}): Promise<void> {
    const target = this.stores.get(timeframe);
    if (!target || timeframe === this.activeTimeframe || this.activeTimeframe === undefined) {
      return Promise.resolve();
    }
    this.animations.finish('timeframe');
    this.replay.stop();
    const from = this.activeTimeframe;
    const source = this.series;
    const targetView = clampViewport(
      viewAfterSwitch(
        { times: source.times, periodSeconds: TIMEFRAMES[from], view: this.view },
        { times: target.times, periodSeconds: TIMEFRAMES[timeframe] },
      ),
      { candleCount: target.count },
    );
    const toCoarse = TIMEFRAMES[timeframe] > TIMEFRAMES[from];
    const finish = () => {
      this.morph = undefined;
      this.activeTimeframe = timeframe;
      this.series = target;
      this.shownCount = target.count;
      this.view = targetView;
      this.refreshHighlights();
      this.remapKeyboardCrosshair(source, target);
      this.scheduler.request('base');
      this.events.emit('viewportchange', this.view);
      this.events.emit('timeframechange', timeframe);
      this.updateDescription();
      this.accessibility.announce(`Showing ${timeframe} candles.`);
    };
    let morph: TimeframeMorph | undefined;
    if ((options.animate ?? true) && !this.reducedMotion) {
      try {
        morph = toCoarse
          ? new TimeframeMorph(source, target, this.view, targetView, TIMEFRAMES[timeframe])
          : new TimeframeMorph(target, source, targetView, this.view, TIMEFRAMES[from]);
      } catch (error) {
        // Too many candles in view to animate: switch at once.
        if (!(error instanceof RangeError)) throw error;
      }
    }
    if (!morph) {
      finish();
      return Promise.resolve();
    }
    const inProgress: MorphInProgress = {
      morph,
      fineView: toCoarse ? this.view : targetView,
      coarseView: toCoarse ? targetView : this.view,
      progress: toCoarse ? 0 : 1,
    };
    this.morph = inProgress;
    this.crosshairTarget = undefined;
    return new Promise((resolve) => {
      this.animations.start(
        'timeframe',
        MORPH_MS,
        (t) => {
          const eased = easeInOutCubic(t);
          inProgress.progress = toCoarse ? eased : 1 - eased;
          this.scheduler.mark('base');
        },
        () => {
          finish();
          resolve();
        },
      );
      this.scheduler.schedule();
    });
  }

  /** The fractional candle index under an x pixel of the chart. */
  indexAtX(x: number): number {
    return createIndexScale(this.view, [0, this.layout.plotWidth]).invert(x);
  }

  xOfIndex(index: number): number {
    return createIndexScale(this.view, [0, this.layout.plotWidth])(index);
  }

  /** The y pixel of a price in the current frame. */
  yOfPrice(price: number): number {
    return this.framePriceScale(price);
  }

  priceAtY(y: number): number {
    return this.framePriceScale.invert(y);
  }

  // ---- lines ---------------------------------------------------------------------------------

  /** The user's lines in drawing order. */
  lines(): readonly ChartLine[] {
    return this.userLines.list;
  }

  /**
   * 'line' makes the next click or tap place a line (the tool stays on until `maxLines` is
   * reached); 'none' returns to panning. Lines can be dragged and selected with either tool.
   */
  setTool(tool: ChartTool): void {
    if (tool === this.activeTool) return;
    this.activeTool = tool;
    this.canvas.style.cursor = tool === 'line' ? 'crosshair' : '';
    this.events.emit('toolchange', tool);
  }

  setMaxLines(maxLines: number): void {
    this.userLines.maxLines = maxLines;
  }

  setMagnet(enabled: boolean): void {
    this.magnet = enabled;
  }

  /** Places a line at a price (keyboard and typed input); undefined when `maxLines` is reached. */
  addLine(price: number): ChartLine | undefined {
    const line = this.userLines.add(price);
    if (!line) {
      if (this.userLines.isFull) {
        this.accessibility.announce(
          `You can draw at most ${this.userLines.maxLines} lines. Delete one to draw another.`,
        );
      }
      return undefined;
    }
    this.linesChanged();
    const count = this.userLines.list.length;
    const limit = Number.isFinite(this.userLines.maxLines) ? ` of ${this.userLines.maxLines}` : '';
    this.accessibility.announce(
      `Line ${count}${limit} placed at ${this.formatLinePrice(line.price)}.`,
    );
    if (this.userLines.isFull) this.setTool('none');
    return line;
  }

  moveLine(id: string, price: number): boolean {
    if (!this.userLines.move(id, price)) return false;
    this.linesChanged();
    return true;
  }

  removeLine(id: string): boolean {
    const line = this.userLines.get(id);
    if (!line || !this.userLines.remove(id)) return false;
    if (this.hoveredLineId === id) this.hoveredLineId = undefined;
    this.events.emit('selectionchange', this.userLines.selectedId ?? null);
    this.linesChanged();
    this.accessibility.announce(
      `Line at ${this.formatLinePrice(line.price)} deleted. ${this.userLines.list.length} left.`,
    );
    return true;
  }

  clearLines(): void {
    if (!this.userLines.clear()) return;
    this.hoveredLineId = undefined;
    this.events.emit('selectionchange', null);
    this.linesChanged();
    this.accessibility.announce('All lines cleared.');
  }

  selectLine(id: string | undefined): void {
    const next = id !== undefined && this.userLines.get(id) ? id : undefined;
    if (next === this.userLines.selectedId) return;
    this.userLines.selectedId = next;
    this.scheduler.request('overlays');
    this.events.emit('selectionchange', next ?? null);
  }

  // ---- zones and marks -----------------------------------------------------------------------

  /**
   * Shows a zone as a box (e.g. the correct answer), opening with a short animation. Resolves
   * when it is fully drawn. The price axis widens if needed so the whole box is in view.
   */
  revealZone(zone: RevealedZone, options: { animate?: boolean } = {}): Promise<void> {
    if (!Number.isFinite(zone.upper) || !Number.isFinite(zone.lower)) {
      throw new RangeError(`zone bounds must be finite (${zone.upper}, ${zone.lower})`);
    }
    const revealed = { zone: { ...zone }, progress: 0 };
    this.revealedZone = revealed;
    const step = this.priceStep();
    const [low, high] = [Math.min(zone.upper, zone.lower), Math.max(zone.upper, zone.lower)];
    this.accessibility.announce(
      `${zone.label ?? 'Zone'} revealed from ${formatPrice(low, step)} to ${formatPrice(high, step)}.`,
    );
    this.scheduler.request('base');
    if (!(options.animate ?? true) || this.reducedMotion) {
      this.animations.finish('reveal');
      revealed.progress = 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.animations.start(
        'reveal',
        REVEAL_MS,
        (t) => {
          revealed.progress = easeOutCubic(t);
          this.scheduler.mark('overlays');
        },
        resolve,
      );
    });
  }

  clearRevealedZone(): void {
    if (!this.revealedZone) return;
    this.animations.finish('reveal');
    this.revealedZone = undefined;
    this.scheduler.request('base');
  }

  /** Lines carried over from an earlier chart: dashed, in their own colour, not draggable. */
  setPulledLines(prices: readonly number[]): void {
    this.pulledLines = prices.filter((price) => Number.isFinite(price));
    this.scheduler.request('overlays');
  }

  /** The prices of the lines carried over from an earlier chart, as shown. */
  pulledLinePrices(): readonly number[] {
    return this.pulledLines;
  }

  /**
   * Emphasises the candles at these times (e.g. a zone's base and the move away from it). On a
   * longer timeframe, the candle containing each time is emphasised.
   */
  highlightCandles(times: readonly number[]): void {
    this.highlightedTimes = [...times];
    this.refreshHighlights();
    this.scheduler.request('overlays');
  }

  // ---- replay --------------------------------------------------------------------------------

  /**
   * Hides the candles after `from` and shows them one at a time, every `speedMs`, keeping the
   * newest in view. Emits 'replaychange' on each step and 'replayend' at the end.
   */
  startReplay(options: ReplayOptions): void {
    this.animations.finish('timeframe');
    const initiallyShown = bisectRight(this.series.times, options.from);
    this.replay.start(
      initiallyShown,
      this.series.count,
      options.speedMs ?? DEFAULT_REPLAY_SPEED_MS,
    );
  }

  pauseReplay(): void {
    this.replay.pause();
  }

  resumeReplay(): void {
    this.replay.resume();
  }

  /** Shows the next candle of a running or paused replay. */
  stepReplay(): void {
    this.replay.step();
  }

  /** Ends the replay and shows every candle. */
  stopReplay(): void {
    this.replay.stop();
  }

  // ---- accessibility and lifecycle -------------------------------------------------------------

  /** Says `text` through the chart's live region (e.g. "Correct! Both lines are in the zone."). */
  announce(text: string): void {
    this.accessibility.announce(text);
  }

  /** Resolves once every running animation (reveal, timeframe morph) has finished. */
  settled(): Promise<void> {
    return this.animations.whenIdle();
  }

  /** Draws any pending change now instead of on the next animation frame. */
  renderNow(): void {
    if (!this.destroyed) this.scheduler.flush();
  }

  /** Frees the canvas, every GPU buffer and texture, and every listener. Safe to call twice. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    liveEngines--;
    this.scheduler.cancel();
    this.levelBuilder.cancel();
    this.replay.dispose();
    this.animations.cancelAll();
    this.resizeObserver.disconnect();
    this.detachInput();
    this.detachContextListeners();
    this.events.clear();
    this.accessibility.destroy();
    this.mesh.destroy();
    this.stores.clear();
    this.stage.destroy();
    this.renderer.destroy({ removeView: true });
  }

  // ---- internals -----------------------------------------------------------------------------

  /** A slice of the levels of detail, for the series on screen first; false when all are built. */
  private buildNextLevels(): boolean {
    if (this.series.buildLevels(LEVEL_SLICE_COLUMNS)) return true;
    for (const store of this.stores.values()) {
      if (store.buildLevels(LEVEL_SLICE_COLUMNS)) return true;
    }
    return false;
  }

  private loadStores(options: Pick<ChartOptions, 'candles' | 'series' | 'timeframe'>): SeriesStore {
    const stores = new Map<Timeframe | undefined, SeriesStore>();
    const { series } = options;
    if (series && Object.keys(series).length > 0) {
      const fine = series['5min'];
      for (const [key, candles] of Object.entries(series) as [Timeframe, readonly Candle[]][]) {
        stores.set(key, new SeriesStore(candles));
      }
      if (fine && !series['1hr']) {
        stores.set('1hr', new SeriesStore(aggregateCandles(fine, TIMEFRAMES['1hr'])));
      }
      const wanted = options.timeframe;
      this.activeTimeframe =
        wanted && stores.has(wanted) ? wanted : stores.has('5min') ? '5min' : this.firstKey(stores);
    } else {
      stores.set(undefined, new SeriesStore(options.candles ?? []));
      this.activeTimeframe = undefined;
    }
    this.stores = stores;
    this.timeframeList = [...stores.keys()].filter((key): key is Timeframe => key !== undefined);
    const active = stores.get(this.activeTimeframe);
    if (!active) throw new Error('no series to show');
    return active;
  }

  private firstKey(stores: Map<Timeframe | undefined, SeriesStore>): Timeframe | undefined {
    return stores.keys().next().value;
  }

  private replaceData(options: Pick<ChartOptions, 'candles' | 'series' | 'timeframe'>): void {
    this.animations.finish('timeframe');
    this.replay.dispose();
    const previousTimeframe = this.activeTimeframe;
    this.series = this.loadStores(options);
    this.shownCount = this.series.count;
    this.crosshairTarget = undefined;
    this.refreshHighlights();
    this.updateDescription();
    if (previousTimeframe !== this.activeTimeframe) {
      this.events.emit('timeframechange', this.activeTimeframe);
    }
    this.setViewport(this.startingViewport());
    this.levelBuilder.start();
  }

  private startingViewport(): IndexViewport {
    return clampViewport(initialViewport(this.series.count, this.initialBars), {
      candleCount: this.series.count,
    });
  }

  private resize(): void {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    if (width === this.layout.width && height === this.layout.height) return;
    this.layout = plotLayout(width, height);
    this.renderer.resize(width, height);
    this.scheduler.request('base');
  }

  private fitPriceScale([min, max]: PriceDomain): ScaleLinear<number, number> {
    const padding = (max - min || Math.abs(max) || 1) * PRICE_PADDING;
    return createPriceScale([min - padding, max + padding], [this.layout.plotHeight, 0]);
  }

  private geometry(): FrameGeometry {
    const indexScale = createIndexScale(this.view, [0, this.layout.plotWidth]);
    const [low, high] = this.framePriceScale.domain() as [number, number];
    return {
      layout: this.layout,
      xOfIndex: indexScale,
      indexOfX: (x) => indexScale.invert(x),
      yOfPrice: this.framePriceScale,
      barSpacing: this.layout.plotWidth / (this.view.toIndex - this.view.fromIndex),
      priceTicks: niceTicks(low, high, Math.max(2, this.layout.plotHeight / PX_PER_PRICE_TICK)),
      devicePixelRatio: this.renderer.resolution,
    };
  }

  private draw(dirty: DirtyLayers): void {
    if (this.destroyed) return;
    if (this.contextLost) return;
    if (dirty.base) this.drawBase();
    if (dirty.overlays) this.overlayLayer.update(this.frame, this.overlayState(), this.theme);
    if (dirty.crosshair) {
      this.crosshairLayer.update(this.frame, this.crosshairState(), this.theme, '');
    }
    this.mesh.prepare();
    // Always render: frames are only scheduled for a change, and a flush (renderNow) must leave
    // a fresh image in the drawing buffer for whoever reads it back.
    this.renderer.render({ container: this.stage });
    if (this.animations.active) this.scheduler.schedule();
  }

  private drawBase(): void {
    const dpr = this.renderer.resolution;
    const { plotWidth } = this.layout;
    if (this.morph) {
      this.drawMorph(this.morph, dpr);
      return;
    }
    const { fromIndex, toIndex } = this.view;
    const columns = this.series.columns(fromIndex, toIndex, plotWidth * dpr, this.shownCount);
    // The axis fits what is drawn: the extremes of the drawn columns, no pass over the candles.
    const extent = this.withRevealedZone(columnsPriceRange(columns));
    if (extent) this.framePriceScale = this.fitPriceScale(extent);
    this.frame = this.geometry();
    const perColumn = columns.candlesPerColumn;
    const indexScale = this.frame.xOfIndex;
    this.candleLayer.update(columns, {
      // A merged column is centred on the middle of the candles it stands for.
      firstCenterX: indexScale(columns.firstCandle + (perColumn - 1) / 2),
      columnStep: indexScale(perColumn) - indexScale(0),
      priceToY: affineOf(this.framePriceScale),
      devicePixelRatio: dpr,
    });
    this.timeTicks = timeAxisTicks(this.series.times, this.view, [0, plotWidth], {
      timeZone: this.timeZone,
    });
    this.axesLayer.update(this.frame, this.timeTicks, this.theme);
  }

  private drawMorph(inProgress: MorphInProgress, dpr: number): void {
    const { plotWidth } = this.layout;
    const { fineView, coarseView, morph, progress } = inProgress;
    const fineX = createIndexScale(fineView, [0, plotWidth]);
    const coarseX = createIndexScale(coarseView, [0, plotWidth]);
    const candles = morph.at(
      progress,
      fineX,
      plotWidth / (fineView.toIndex - fineView.fromIndex),
      coarseX,
      plotWidth / (coarseView.toIndex - coarseView.fromIndex),
    );
    const extent = this.withRevealedZone(
      candles.count > 0 && candles.min <= candles.max ? [candles.min, candles.max] : undefined,
    );
    if (extent) this.framePriceScale = this.fitPriceScale(extent);
    this.frame = this.geometry();
    this.candleLayer.updateFree(candles, {
      priceToY: affineOf(this.framePriceScale),
      devicePixelRatio: dpr,
    });
    // Time labels would belong to neither timeframe mid-morph: the axis is blank until it lands.
    this.axesLayer.update(this.frame, [], this.theme);
  }

  private withRevealedZone(extent: PriceDomain | undefined): PriceDomain | undefined {
    const zone = this.revealedZone?.zone;
    if (!zone) return extent;
    const low = Math.min(zone.upper, zone.lower);
    const high = Math.max(zone.upper, zone.lower);
    return extent ? [Math.min(extent[0], low), Math.max(extent[1], high)] : [low, high];
  }

  private overlayState() {
    return {
      lines: this.userLines.list,
      selectedId: this.userLines.selectedId,
      hoveredId: this.hoveredLineId,
      pulledLines: this.pulledLines,
      revealedZone: this.revealedZone && {
        ...this.revealedZone.zone,
        progress: this.revealedZone.progress,
      },
      highlighted: this.highlightedIndices,
      priceDecimalsStep: this.valueStep(),
    };
  }

  /**
   * Step whose decimals prices are printed with: the series' own decimals, but never more than two
   * beyond the axis labels' (simulated prices can carry fifteen).
   */
  private valueStep(): number {
    return Math.max(10 ** -this.series.priceDecimals, this.frame.priceTicks.step / 100);
  }

  private priceStep(): number {
    return Math.min(this.frame.priceTicks.step, 10 ** -this.series.priceDecimals);
  }

  private formatLinePrice(price: number): string {
    return formatPrice(price, this.tickSize ?? this.valueStep());
  }

  private crosshairState(): CrosshairState | undefined {
    const target = this.crosshairTarget;
    if (!target || this.morph) return undefined;
    const { plotWidth, plotHeight } = this.layout;
    let index: number | undefined;
    let x: number;
    let y: number;
    let price: number;
    if (target.kind === 'pointer') {
      if (target.x < 0 || target.x > plotWidth || target.y < 0 || target.y > plotHeight) {
        return undefined;
      }
      index = candleIndexAtX(target.x, { invert: this.frame.indexOfX }, this.shownCount);
      x = index === undefined ? target.x : this.frame.xOfIndex(index);
      y = target.y;
      price = this.priceAtY(y);
    } else {
      index = target.index;
      x = this.frame.xOfIndex(index);
      price = target.price;
      y = this.yOfPrice(price);
    }
    const candle = index === undefined ? undefined : this.series.candle(index);
    const step = this.valueStep();
    return {
      x,
      y,
      price,
      timeLabel: candle ? formatCrosshairTime(candle.time, { timeZone: this.timeZone }) : undefined,
      readout: candle
        ? `O ${formatPrice(candle.open, step)}  H ${formatPrice(candle.high, step)}  ` +
          `L ${formatPrice(candle.low, step)}  C ${formatPrice(candle.close, step)}`
        : undefined,
      rising: candle ? candle.close >= candle.open : true,
      priceStep: step,
    };
  }

  private crosshairInfo(): CrosshairInfo | null {
    const state = this.crosshairState();
    if (!state) return null;
    const target = this.crosshairTarget;
    const index =
      target?.kind === 'keyboard'
        ? target.index
        : candleIndexAtX(state.x, { invert: this.frame.indexOfX }, this.shownCount);
    const candle = index === undefined ? undefined : this.series.candle(index);
    return { index, time: candle?.time, price: state.price, candle };
  }

  private hover(x: number, y: number): void {
    this.crosshairTarget = { kind: 'pointer', x, y };
    const hovered = this.gestureMachine.draggedLine ?? this.hitLine(y, 6);
    if (hovered !== this.hoveredLineId) {
      this.hoveredLineId = hovered;
      this.scheduler.request('overlays');
    }
    this.scheduler.request('crosshair');
    this.events.emit('crosshairmove', this.crosshairInfo());
  }

  private pointerLeft(): void {
    if (this.crosshairTarget?.kind !== 'pointer' && this.hoveredLineId === undefined) return;
    this.crosshairTarget = undefined;
    this.hoveredLineId = undefined;
    this.scheduler.request('crosshair', 'overlays');
    this.events.emit('crosshairmove', null);
  }

  private cursorAt(y: number): string {
    if (this.hitLine(y, 6) !== undefined) return 'ns-resize';
    return this.activeTool === 'line' ? 'crosshair' : '';
  }

  private hitLine(y: number, tolerancePx: number): string | undefined {
    return hitTestLine(this.userLines.list, y, (price) => this.yOfPrice(price), tolerancePx)?.id;
  }

  /**
   * The price for a pointer at `y`: rounded to the instrument's tick, or else to the finest power
   * of ten under a pixel (so it maps back to the same pixel), then pulled by the magnet.
   */
  private priceForPointer(y: number): number {
    const raw = this.priceAtY(y);
    const pricePerPx = Math.abs(this.priceAtY(0) - this.priceAtY(1)) || 1;
    const step = this.tickSize ?? 10 ** Math.floor(Math.log10(pricePerPx));
    let price = roundToTick(raw, step);
    if (this.magnet) {
      const target = this.crosshairTarget;
      const index =
        target?.kind === 'pointer'
          ? candleIndexAtX(target.x, { invert: this.frame.indexOfX }, this.shownCount)
          : undefined;
      const candle = index === undefined ? undefined : this.series.candle(index);
      if (candle) price = snapToCandle(price, candle, MAGNET_PX, (p) => this.yOfPrice(p)).price;
    }
    return price;
  }

  private placeLineAt(price: number): void {
    const line = this.addLine(price);
    if (line) this.selectLine(line.id);
  }

  private linesChanged(): void {
    this.scheduler.request('overlays');
    this.events.emit('lineschange', this.userLines.list);
    this.updateDescription();
  }

  private keyboardTick(): number {
    return priceTickSize(this.frame.priceTicks.step, this.tickSize);
  }

  /** The keyboard crosshair, starting on the newest candle in view at its close. */
  private keyboardCrosshair(): { kind: 'keyboard'; index: number; price: number } {
    const target = this.crosshairTarget;
    if (target?.kind === 'keyboard') return target;
    const lastInView = Math.floor(Math.min(this.view.toIndex, this.shownCount - 0.5));
    const index =
      target?.kind === 'pointer'
        ? (candleIndexAtX(target.x, { invert: this.frame.indexOfX }, this.shownCount) ?? lastInView)
        : Math.max(0, lastInView);
    const price = roundToTick(
      this.series.candle(index)?.close ?? this.priceAtY(this.layout.plotHeight / 2),
      this.keyboardTick(),
    );
    const created = { kind: 'keyboard' as const, index, price };
    this.crosshairTarget = created;
    return created;
  }

  private runKeyCommand(command: KeyCommand): void {
    const tick = this.keyboardTick();
    switch (command) {
      case 'zoom-in':
        this.zoom(KEY_ZOOM_FACTOR);
        return;
      case 'zoom-out':
        this.zoom(1 / KEY_ZOOM_FACTOR);
        return;
      case 'pan-earlier':
        this.pan(KEY_PAN_PX);
        return;
      case 'pan-later':
        this.pan(-KEY_PAN_PX);
        return;
      case 'crosshair-left':
      case 'crosshair-right': {
        const crosshair = this.keyboardCrosshair();
        const delta = command === 'crosshair-left' ? -1 : 1;
        crosshair.index = Math.min(Math.max(crosshair.index + delta, 0), this.shownCount - 1);
        this.keepIndexInView(crosshair.index);
        this.keyboardCrosshairMoved(true);
        return;
      }
      case 'crosshair-up':
      case 'crosshair-down': {
        const crosshair = this.keyboardCrosshair();
        crosshair.price = roundToTick(
          crosshair.price + (command === 'crosshair-up' ? tick : -tick),
          tick,
        );
        this.keyboardCrosshairMoved(false);
        return;
      }
      case 'move-line-up':
      case 'move-line-down': {
        const line = this.userLines.get(this.userLines.selectedId ?? '');
        if (!line) return;
        const price = roundToTick(line.price + (command === 'move-line-up' ? tick : -tick), tick);
        this.moveLine(line.id, price);
        this.accessibility.announce(`Line moved to ${this.formatLinePrice(price)}.`);
        return;
      }
      case 'place-line': {
        const crosshair = this.keyboardCrosshair();
        this.placeLineAt(crosshair.price);
        this.scheduler.request('crosshair');
        return;
      }
      case 'delete-line': {
        const id = this.userLines.selectedId;
        if (id !== undefined) this.removeLine(id);
        return;
      }
      case 'select-next-line': {
        const next = this.userLines.nextAfterSelected();
        if (!next) {
          this.accessibility.announce('There are no lines to select.');
          return;
        }
        this.selectLine(next.id);
        this.accessibility.announce(
          `Line at ${this.formatLinePrice(next.price)} selected. Up and down arrows move it, Delete removes it.`,
        );
        return;
      }
      case 'escape':
        this.selectLine(undefined);
        if (this.crosshairTarget?.kind === 'keyboard') {
          this.crosshairTarget = undefined;
          this.scheduler.request('crosshair');
          this.events.emit('crosshairmove', null);
        }
        return;
    }
  }

  private keyboardCrosshairMoved(announceCandle: boolean): void {
    this.scheduler.request('crosshair');
    const info = this.crosshairInfo();
    this.events.emit('crosshairmove', info);
    if (!info) return;
    const step = this.valueStep();
    if (announceCandle && info.candle) {
      const { candle } = info;
      this.accessibility.announce(
        `${formatCrosshairTime(candle.time, { timeZone: this.timeZone })}: open ${formatPrice(candle.open, step)}, ` +
          `high ${formatPrice(candle.high, step)}, low ${formatPrice(candle.low, step)}, close ${formatPrice(candle.close, step)}.`,
      );
    } else {
      this.accessibility.announce(
        `Price ${formatPrice(info.price, Math.min(step, this.keyboardTick()))}.`,
      );
    }
  }

  private keepIndexInView(index: number): void {
    const { fromIndex, toIndex } = this.view;
    if (index - 0.5 < fromIndex)
      this.setViewport({ fromIndex: index - 1, toIndex: index - 1 + (toIndex - fromIndex) });
    else if (index + 0.5 > toIndex)
      this.setViewport({ fromIndex: index + 1 - (toIndex - fromIndex), toIndex: index + 1 });
  }

  private remapKeyboardCrosshair(source: SeriesStore, target: SeriesStore): void {
    const crosshair = this.crosshairTarget;
    if (crosshair?.kind !== 'keyboard') {
      this.crosshairTarget = undefined;
      return;
    }
    const time = source.times[crosshair.index] ?? 0;
    crosshair.index = Math.min(Math.max(bisectRight(target.times, time) - 1, 0), target.count - 1);
  }

  private showCandles(shown: number): void {
    this.shownCount = Math.min(Math.max(shown, 0), this.series.count);
    const newest = this.shownCount - 1;
    const { fromIndex, toIndex } = this.view;
    const width = toIndex - fromIndex;
    // Keep the newest candle in view with some room after it, as a live chart would.
    if (newest + 2 > toIndex || newest < fromIndex) {
      this.view = { fromIndex: newest + 3 - width, toIndex: newest + 3 };
      this.events.emit('viewportchange', this.view);
    }
    this.scheduler.request('base');
  }

  private refreshHighlights(): void {
    const times = this.series.times;
    const indices = new Set<number>();
    for (const time of this.highlightedTimes) {
      const index = bisectRight(times, time) - 1;
      if (index >= 0 && index < this.series.count) indices.add(index);
    }
    this.highlightedIndices = [...indices].sort((a, b) => a - b);
  }

  private updateDescription(): void {
    const { times, count } = this.series;
    this.accessibility.describe(
      describeChart({
        timeframe: this.activeTimeframe,
        candleCount: count,
        firstTime: times[0],
        lastTime: times[count - 1],
        priceRange: this.series.priceRange,
        priceStep: 10 ** -this.series.priceDecimals,
        lines: this.userLines.list.map((line) => line.price),
        timeZone: this.timeZone,
      }),
    );
  }

  private watchContextLoss(canvas: HTMLCanvasElement): () => void {
    const lost = () => {
      this.contextLost = true;
    };
    const restored = () => {
      this.contextLost = false;
      // pixi re-creates its GPU objects on restore; every layer re-uploads on the next frame.
      this.scheduler.request('base');
    };
    canvas.addEventListener('webglcontextlost', lost);
    canvas.addEventListener('webglcontextrestored', restored);
    return () => {
      canvas.removeEventListener('webglcontextlost', lost);
      canvas.removeEventListener('webglcontextrestored', restored);
    };
  }
}
