import { bisectLeft, bisectRight } from 'd3-array';
import {
  type Timeframe,
  type Candle,
  type ChartSize,
  fitFrame,
  paddedPriceDomain,
  plotFrame,
  plotLayout,
  priceHeightOf,
  type PlotFrame,
  resolveViewport,
  unionDomain,
  type ViewTarget,
  candleIndexAtX,
  hitTestLine,
  type VisibleColumns,
  formatPrice,
  type IndexViewport,
  type PriceDomain,
  priceTickSize,
  type SeriesStore,
  clampViewport,
  initialViewport,
  maxViewportBars,
  panViewport,
  zoomViewport,
} from '@chart-kit/core';
import { DEFAULT_CHART_OPTIONS } from './defaults.js';
import { Animations, easeInOutCubic, easeOutCubic } from './animations.js';
import { Emitter } from './emitter.js';
import type {
  ChartMarker,
  ChartNotice,
  ChartTool,
  CrosshairInfo,
  LinePlacement,
  LineSeriesValue,
  ModelEvents,
  ReferenceLine,
  ReplayOptions,
  ChartZone,
} from './events.js';
import {
  type ChartLineSeries,
  type LineSeriesOptions,
  loadLineSeries,
  type VolumeOptions,
  volumeShare,
} from './line-series.js';
import { linePlacement } from './line-snap.js';
import { ChartMarks } from './marks.js';
import { ReplayController, type ReplayState } from './replay.js';
import { type HomeViews, SeriesSet, type SeriesSource } from './series-set.js';
import { type MorphFrame, TimeframeMorph, viewAfterSwitch } from './timeframe-morph.js';
import { type ChartLine, type LineRole, UserLines } from './user-lines.js';

/** A part of the picture that must be drawn again (see `ChartModel.onInvalidate`). */
export type InvalidLayer = 'base' | 'overlays' | 'crosshair';

export interface ChartModelOptions extends SeriesSource {
  /** How many candles the first view shows (the latest ones) without a home view. Default 80. */
  initialBars?: number;
  /** The view a single series (`candles`) opens on; see `homeViews` for several timeframes. */
  homeView?: ViewTarget;
  /** The view each timeframe of `series` opens on, and returns to on a switch or `resetView`. */
  homeViews?: HomeViews;
  /** Most lines the user may draw. Default: no limit (one per role when `lineRoles` is set). */
  maxLines?: number;
  /**
   * What each line means, when lines are not interchangeable (a trade plan's entry, stop and
   * target): each placed line takes the first free role, drawn in its colour with its name.
   * The user's zone box is not shaded on such a chart; roles shade bands of their own.
   */
  lineRoles?: readonly LineRole[];
  /** Snap placed and dragged lines to the nearest open, high, low or close. Default false. */
  magnet?: boolean;
  /** The instrument's price increment. */
  tickSize?: number;
  /** IANA time zone of times shown and announced. Default 'UTC'. */
  timeZone?: string;
  /**
   * Skip animations. Default false for a model of its own; `ChartEngine` defaults it to the
   * user's `prefers-reduced-motion` setting.
   */
  reducedMotion?: boolean;
  /** The chart's CSS size and device pixel ratio. Default 800 x 600 at 1. */
  size?: ChartSize;
  /** Lines drawn over the candles on their price scale (moving averages); see setLineSeries. */
  lineSeries?: readonly LineSeriesOptions[];
  /**
   * The candles' volume as a histogram in a strip of its own below them: true for the default
   * strip (a fifth of the plot), or its `heightShare`. Default off.
   */
  volume?: boolean | VolumeOptions;
}

/** Where the crosshair is: under a pointer, or moved by keys onto a candle and a price. */
export type CrosshairTarget =
  { kind: 'pointer'; x: number; y: number } | { kind: 'keyboard'; index: number; price: number };

/** The candles of the frame: level-of-detail columns, or free candles mid-morph. */
export type DrawnCandles =
  | { kind: 'columns'; columns: VisibleColumns }
  | { kind: 'morph'; candles: MorphFrame; fineView: IndexViewport; coarseView: IndexViewport };

interface MorphInProgress {
  morph: TimeframeMorph;
  fineView: IndexViewport;
  coarseView: IndexViewport;
  /** The two series' candle times and periods, to place line series' points in both. */
  fine: { times: Float64Array; periodSeconds: number };
  coarse: { times: Float64Array; periodSeconds: number };
  /** 0 shows the fine timeframe, 1 the coarse one. */
  progress: number;
}

const DEFAULT_SIZE: Required<ChartSize> = { width: 800, height: 600, devicePixelRatio: 1 };
const MORPH_MS = 320;
const VIEW_MS = 300;
const DEFAULT_REPLAY_SPEED_MS = 400;
const HOVER_LINE_PX = 6;
const MORPH_TWEEN = 'timeframe';
const VIEW_TWEEN = 'view';

/**
 * Everything a chart shows and the rules that change it, with no DOM, no WebGL and no timers of
 * its own beyond the replay's: the series and timeframes, the viewport and the fitted frame, the
 * user's lines and selection, marks, the crosshair and the replay. Changes are announced as
 * events and as invalidated layers; the engine draws, the tools and keys call its methods, and
 * tests drive it in plain Node.
 */
export class ChartModel {
  readonly events = new Emitter<ModelEvents>();
  readonly animations = new Animations();
  readonly lines: UserLines;
  readonly marks: ChartMarks;
  readonly timeZone: string;
  readonly reducedMotion: boolean;
  private readonly initialBars: number;
  private readonly replay: ReplayController;
  private readonly invalidationListeners = new Set<(layers: readonly InvalidLayer[]) => void>();
  private sizeNow: Required<ChartSize>;
  private data: SeriesSet;
  private activeTimeframe: Timeframe | undefined;
  private store: SeriesStore;
  private shown: number;
  private view: IndexViewport;
  private homes: HomeViews;
  private singleHome: ViewTarget | undefined;
  private morph: MorphInProgress | undefined;
  private cached: { frame: PlotFrame; drawn: DrawnCandles } | undefined;
  private lastDomain: PriceDomain | undefined;
  private activeTool: ChartTool = 'none';
  private magnetOn: boolean;
  private tick: number | undefined;
  private hovered: string | undefined;
  private crosshairAt: CrosshairTarget | undefined;
  private marker: { index: number; price: number } | undefined;
  private pending: readonly number[] | undefined;
  private lineSeriesList: readonly ChartLineSeries[] = [];
  private volumeStrip: number;

  constructor(options: ChartModelOptions = {}) {
    this.initialBars = options.initialBars ?? DEFAULT_CHART_OPTIONS.initialBars;
    this.timeZone = options.timeZone ?? DEFAULT_CHART_OPTIONS.timeZone;
    // No window here to ask for the user's setting (ChartEngine does).
    this.reducedMotion = options.reducedMotion ?? false;
    this.magnetOn = options.magnet ?? DEFAULT_CHART_OPTIONS.magnet;
    this.tick = options.tickSize;
    this.sizeNow = { ...DEFAULT_SIZE, ...options.size };
    this.lines = new UserLines(options.maxLines, options.lineRoles);
    this.homes = { ...options.homeViews };
    this.singleHome = options.homeView;
    this.volumeStrip = volumeShare(options.volume);
    for (const series of options.lineSeries ?? []) this.putLineSeries(series);
    this.marks = new ChartMarks({
      animations: this.animations,
      reducedMotion: this.reducedMotion,
      zoneChanged: () => {
        this.frameChanged();
      },
      overlaysChanged: () => {
        this.invalidate('overlays');
      },
    });
    this.replay = new ReplayController({
      show: (shown) => {
        this.showCandles(shown);
      },
      changed: (state) => {
        this.events.emit('replaychange', state);
        if (state.status === 'finished') {
          this.events.emit('replayend', state);
          this.notify({ kind: 'replay-finished' });
        }
      },
    });
    this.data = new SeriesSet(options);
    this.activeTimeframe = this.data.initial;
    this.store = this.data.require(this.activeTimeframe);
    this.shown = this.store.count;
    this.view = this.homeViewport();
  }

  // ---- invalidation and events ---------------------------------------------------------------

  /** Calls `listener` with the layers to redraw after every change; returns the unsubscriber. */
  onInvalidate(listener: (layers: readonly InvalidLayer[]) => void): () => void {
    this.invalidationListeners.add(listener);
    return () => {
      this.invalidationListeners.delete(listener);
    };
  }

  invalidate(...layers: InvalidLayer[]): void {
    for (const listener of this.invalidationListeners) listener(layers);
  }

  /** Says something to screen readers (through the announcer), e.g. after a key command. */
  notify(notice: ChartNotice): void {
    this.events.emit('notice', notice);
  }

  // ---- size, data and view -------------------------------------------------------------------

  get size(): Required<ChartSize> {
    return this.sizeNow;
  }

  /** The chart's CSS size and device pixel ratio changed. */
  setSize(size: ChartSize): void {
    const next = { ...this.sizeNow, ...size };
    const now = this.sizeNow;
    if (
      next.width === now.width &&
      next.height === now.height &&
      next.devicePixelRatio === now.devicePixelRatio
    ) {
      return;
    }
    this.sizeNow = next;
    this.frameChanged();
  }

  /** The series on screen. */
  get series(): SeriesStore {
    return this.store;
  }

  /** All loaded series (idle work builds their levels of detail). */
  get seriesSet(): SeriesSet {
    return this.data;
  }

  get timeframe(): Timeframe | undefined {
    return this.activeTimeframe;
  }

  get timeframes(): readonly Timeframe[] {
    return this.data.timeframes;
  }

  /** Candles on screen: all of them, or the first ones during a replay. */
  get shownCount(): number {
    return this.shown;
  }

  candle(index: number): Candle | undefined {
    return index < this.shown ? this.store.candle(index) : undefined;
  }

  /**
   * Replaces the data (lines, zones and marks stay) and opens on the home view of the timeframe
   * shown. `homeViews`/`homeView`, when given, replace the previous ones. Throws a
   * ChartDataError, changing nothing, when a candle cannot be drawn.
   */
  setData(
    source: SeriesSource,
    homes: { homeViews?: HomeViews; homeView?: ViewTarget } = {},
  ): void {
    // Validated first: bad candles throw a ChartDataError and leave the chart as it was.
    const data = new SeriesSet(source);
    this.animations.finish(MORPH_TWEEN);
    this.animations.stop(VIEW_TWEEN);
    this.replay.dispose();
    const previous = this.activeTimeframe;
    if (homes.homeViews) this.homes = { ...homes.homeViews };
    if ('homeView' in homes) this.singleHome = homes.homeView;
    this.data = data;
    this.activeTimeframe = this.data.initial;
    this.store = this.data.require(this.activeTimeframe);
    this.shown = this.store.count;
    this.crosshairAt = undefined;
    this.marker = undefined;
    this.marks.mapHighlights(this.store.times);
    this.events.emit('datachange', undefined);
    if (previous !== this.activeTimeframe) {
      this.events.emit('timeframechange', this.activeTimeframe);
    }
    this.setViewport(this.homeViewport());
  }

  /** New home views (per timeframe, or `single` for a single series); the view stays. */
  setHomeViews(homeViews: HomeViews, single?: ViewTarget): void {
    this.homes = { ...homeViews };
    this.singleHome = single;
  }

  get viewport(): IndexViewport {
    return this.view;
  }

  /** Whether a timeframe morph is running (the frame then belongs to neither timeframe). */
  get morphing(): boolean {
    return this.morph !== undefined;
  }

  setViewport(viewport: IndexViewport): void {
    this.animations.finish(MORPH_TWEEN);
    this.animations.stop(VIEW_TWEEN);
    this.applyViewport(viewport);
  }

  /** Moves the view by a pixel distance; positive shows earlier candles. */
  pan(deltaPx: number): void {
    this.setViewport(panViewport(this.view, deltaPx, this.frame.layout.plotWidth));
  }

  /** Zooms by `factor` (> 1 zooms in) around the x pixel `anchorX` (default: the centre). */
  zoom(factor: number, anchorX = this.frame.layout.plotWidth / 2): void {
    this.setViewport(zoomViewport(this.view, factor, this.frame.indexOfX(anchorX)));
  }

  /**
   * The view the timeframe on screen opens on: its home view when one was given, otherwise the
   * latest `initialBars` candles.
   */
  homeViewport(timeframe = this.activeTimeframe): IndexViewport {
    const store = this.data.require(timeframe);
    const home = timeframe === undefined ? this.singleHome : this.homes[timeframe];
    if (home) return resolveViewport(store.times, home, this.data.periodSeconds(timeframe));
    const limits = { candleCount: store.count };
    // A series shorter than `initialBars` opens as wide as the clamp allows, anchored at its
    // newest candle: clamping the full width would recentre the view on the oldest ones.
    const bars = Math.min(this.initialBars, maxViewportBars(limits));
    return clampViewport(initialViewport(store.count, bars), limits);
  }

  /** Goes back to the home view (animated unless `animate` is false or motion is reduced). */
  resetView(options: { animate?: boolean } = {}): Promise<void> {
    this.animations.finish(MORPH_TWEEN);
    const target = this.homeViewport();
    const start = this.view;
    this.notify({ kind: 'view-reset' });
    if (!(options.animate ?? true) || this.reducedMotion) {
      this.setViewport(target);
      return Promise.resolve();
    }
    this.animations.stop(VIEW_TWEEN);
    const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
    return new Promise((resolve) => {
      this.animations.start(
        VIEW_TWEEN,
        VIEW_MS,
        (t) => {
          const eased = easeOutCubic(t);
          this.applyViewport({
            fromIndex: lerp(start.fromIndex, target.fromIndex, eased),
            toIndex: lerp(start.toIndex, target.toIndex, eased),
          });
        },
        resolve,
      );
      this.invalidate('base');
    });
  }

  /**
   * Switches to another timeframe, animating each candle into (or out of) the candle of the other
   * timeframe that contains it. Lines keep their prices; the view goes to the target's home view,
   * or else keeps the same time in view (see `viewAfterSwitch`). Resolves when it has landed.
   */
  setTimeframe(timeframe: Timeframe, options: { animate?: boolean } = {}): Promise<void> {
    const target = this.data.store(timeframe);
    const from = this.activeTimeframe;
    if (!target || timeframe === from || from === undefined) return Promise.resolve();
    this.animations.finish(MORPH_TWEEN);
    this.animations.stop(VIEW_TWEEN);
    this.replay.stop();
    const source = this.store;
    const fromSeconds = this.data.periodSeconds(from);
    const toSeconds = this.data.periodSeconds(timeframe);
    const targetView = this.homes[timeframe]
      ? this.homeViewport(timeframe)
      : clampViewport(
          viewAfterSwitch(
            { times: source.times, periodSeconds: fromSeconds, view: this.view },
            { times: target.times, periodSeconds: toSeconds },
          ),
          { candleCount: target.count },
        );
    const toCoarse = toSeconds > fromSeconds;
    const land = () => {
      this.morph = undefined;
      this.activeTimeframe = timeframe;
      this.store = target;
      this.shown = target.count;
      this.view = targetView;
      this.marks.mapHighlights(target.times);
      this.remapKeyboardCrosshair(source, target);
      this.marker = undefined;
      this.frameChanged();
      this.events.emit('viewportchange', this.view);
      this.events.emit('timeframechange', timeframe);
      this.events.emit('datachange', undefined);
      this.notify({ kind: 'timeframe-shown', timeframe });
    };
    let morph: TimeframeMorph | undefined;
    if ((options.animate ?? true) && !this.reducedMotion) {
      try {
        morph = toCoarse
          ? new TimeframeMorph(source, target, this.view, targetView, toSeconds)
          : new TimeframeMorph(target, source, targetView, this.view, fromSeconds);
      } catch (error) {
        // Too many candles in view to animate: switch at once.
        if (!(error instanceof RangeError)) throw error;
      }
    }
    if (!morph) {
      land();
      return Promise.resolve();
    }
    const sourceSide = { times: source.times, periodSeconds: fromSeconds };
    const targetSide = { times: target.times, periodSeconds: toSeconds };
    const inProgress: MorphInProgress = {
      morph,
      fineView: toCoarse ? this.view : targetView,
      coarseView: toCoarse ? targetView : this.view,
      fine: toCoarse ? sourceSide : targetSide,
      coarse: toCoarse ? targetSide : sourceSide,
      progress: toCoarse ? 0 : 1,
    };
    this.morph = inProgress;
    this.setCrosshair(undefined);
    return new Promise((resolve) => {
      this.animations.start(
        MORPH_TWEEN,
        MORPH_MS,
        (t) => {
          const eased = easeInOutCubic(t);
          inProgress.progress = toCoarse ? eased : 1 - eased;
          this.frameChanged();
        },
        () => {
          land();
          resolve();
        },
      );
      this.invalidate('base');
    });
  }

  // ---- the frame -----------------------------------------------------------------------------

  /**
   * The geometry of the picture: the plot layout and the scales, the price scale fitted to the
   * drawn candles and the revealed zone (see `fitFrame` in core/frame.ts). What the user sees is
   * what a pointer maps to.
   */
  get frame(): PlotFrame {
    return this.computed().frame;
  }

  /** The candles drawn in this frame. */
  get drawn(): DrawnCandles {
    return this.computed().drawn;
  }

  private computed(): { frame: PlotFrame; drawn: DrawnCandles } {
    if (this.cached) return this.cached;
    const { width, height, devicePixelRatio } = this.sizeNow;
    const kept = this.marks.keptInView;
    let result: { frame: PlotFrame; drawn: DrawnCandles };
    if (this.morph) {
      const { morph, fineView, coarseView, progress } = this.morph;
      const layout = plotLayout(width, height);
      const { plotWidth } = layout;
      const fineSpacing = plotWidth / (fineView.toIndex - fineView.fromIndex);
      const coarseSpacing = plotWidth / (coarseView.toIndex - coarseView.fromIndex);
      const candles = morph.at(
        progress,
        (index) => (index - fineView.fromIndex) * fineSpacing,
        fineSpacing,
        (index) => (index - coarseView.fromIndex) * coarseSpacing,
        coarseSpacing,
      );
      const extent = unionDomain(
        candles.count > 0 && candles.min <= candles.max ? [candles.min, candles.max] : undefined,
        kept,
      );
      const domain = extent
        ? paddedPriceDomain(extent)
        : (this.lastDomain ?? paddedPriceDomain([0, 1]));
      const priceHeight = priceHeightOf(layout, this.stripShare());
      result = {
        frame: plotFrame(layout, this.view, domain, devicePixelRatio, priceHeight),
        drawn: { kind: 'morph', candles, fineView, coarseView },
      };
    } else {
      const fitted = fitFrame(this.store, this.view, this.sizeNow, {
        shownCount: this.shown,
        include: unionDomain(kept, this.lineSeriesExtent()),
        fallbackDomain: this.lastDomain,
        stripShare: this.stripShare(),
      });
      result = { frame: fitted.frame, drawn: { kind: 'columns', columns: fitted.columns } };
    }
    this.lastDomain = result.frame.priceDomain;
    this.cached = result;
    return result;
  }

  // ---- line series and volume ----------------------------------------------------------------

  /** The line series drawn over the candles, in the order added. */
  get lineSeries(): readonly ChartLineSeries[] {
    return this.lineSeriesList;
  }

  /**
   * Adds a line series, or replaces the one with the same id (keeping its place). Throws a
   * ChartDataError naming the first bad point (or a TypeError / RangeError for a bad option),
   * changing nothing.
   */
  setLineSeries(options: LineSeriesOptions): void {
    this.putLineSeries(options);
    this.frameChanged();
    this.events.emit('datachange', undefined);
  }

  /** Removes the line series with this id; false when there is none. */
  removeLineSeries(id: string): boolean {
    const kept = this.lineSeriesList.filter((series) => series.id !== id);
    if (kept.length === this.lineSeriesList.length) return false;
    this.lineSeriesList = kept;
    this.frameChanged();
    this.events.emit('datachange', undefined);
    return true;
  }

  /**
   * Mid-morph, where a line series' points sit in both timeframes and how far the morph has gone
   * (0 shows the fine timeframe, 1 the coarse): the line moves with the candles. Undefined when
   * no morph runs.
   */
  lineMorph(series: ChartLineSeries):
    | {
        fine: Float64Array;
        coarse: Float64Array;
        fineView: IndexViewport;
        coarseView: IndexViewport;
        progress: number;
      }
    | undefined {
    const morph = this.morph;
    if (!morph) return undefined;
    const { fine, coarse, fineView, coarseView, progress } = morph;
    return {
      fine: series.data.indicesOn(fine.times, fine.periodSeconds),
      coarse: series.data.indicesOn(coarse.times, coarse.periodSeconds),
      fineView,
      coarseView,
      progress,
    };
  }

  /** Each point's fractional candle index on the timeframe on screen. */
  lineIndices(series: ChartLineSeries): Float64Array {
    return series.data.indicesOn(this.store.times, this.data.periodSeconds(this.activeTimeframe));
  }

  /**
   * The value of each line series on the candle at `index` of the timeframe on screen: its last
   * point within the candle's period (a 5min line's value at the end of an hourly candle).
   */
  lineValuesAt(index: number): LineSeriesValue[] {
    const time = this.store.times[index];
    if (time === undefined || index >= this.shown) return [];
    const periodEnd = time + this.data.periodSeconds(this.activeTimeframe);
    const values: LineSeriesValue[] = [];
    for (const series of this.lineSeriesList) {
      const { times, values: points } = series.data;
      const at = bisectLeft(times, periodEnd) - 1;
      const pointTime = times[at];
      const value = points[at];
      if (pointTime === undefined || value === undefined || pointTime < time) continue;
      values.push({ id: series.id, label: series.label, value });
    }
    return values;
  }

  /** Share of the plot's height the volume strip takes; 0 when volume is off. */
  get volumeShare(): number {
    return this.volumeStrip;
  }

  /**
   * Shows the candles' volume in a strip below them (true: the default share; or its
   * `heightShare`), or hides it (false). Throws a RangeError for a share out of range.
   */
  setVolume(volume: boolean | VolumeOptions): void {
    const share = volumeShare(volume);
    if (share === this.volumeStrip) return;
    this.volumeStrip = share;
    this.frameChanged();
  }

  private putLineSeries(options: LineSeriesOptions): void {
    const loaded = loadLineSeries(options);
    const list = [...this.lineSeriesList];
    const at = list.findIndex((series) => series.id === loaded.id);
    if (at >= 0) list[at] = loaded;
    else list.push(loaded);
    this.lineSeriesList = list;
  }

  /** The plot's share kept for the volume strip: none when the candles carry no volume. */
  private stripShare(): number {
    return this.store.hasVolume ? this.volumeStrip : 0;
  }

  /** Lowest and highest visible value of the line series that fit the price scale. */
  private lineSeriesExtent(): PriceDomain | undefined {
    let extent: PriceDomain | undefined;
    for (const series of this.lineSeriesList) {
      if (!series.fitPriceScale) continue;
      const indices = this.lineIndices(series);
      const { fromIndex, toIndex } = this.view;
      // Only the points over shown candles: a replay must not leak where the line goes next.
      const range = series.data.visibleRange(
        indices,
        fromIndex,
        Math.min(toIndex, this.shown - 0.5),
      );
      if (!range) continue;
      let { first, last } = range;
      // The points just outside the view only steer the line to the edge; they are not fitted.
      if ((indices[first] ?? 0) < fromIndex) first++;
      while (last >= first && (indices[last] ?? 0) > Math.min(toIndex, this.shown - 0.5)) last--;
      extent = unionDomain(extent, series.data.extent(first, last));
    }
    return extent;
  }

  private frameChanged(): void {
    this.cached = undefined;
    this.invalidate('base');
  }

  private applyViewport(viewport: IndexViewport): void {
    this.view = clampViewport(viewport, { candleCount: this.store.count });
    this.frameChanged();
    this.events.emit('viewportchange', this.view);
  }

  // ---- tool and lines ------------------------------------------------------------------------

  get tool(): ChartTool {
    return this.activeTool;
  }

  /** The interaction tools follow this (see interaction/tools). */
  setTool(tool: ChartTool): void {
    if (tool === this.activeTool) return;
    this.activeTool = tool;
    this.events.emit('toolchange', tool);
  }

  get magnet(): boolean {
    return this.magnetOn;
  }

  setMagnet(enabled: boolean): void {
    this.magnetOn = enabled;
    if (!enabled) this.setSnapMarker(undefined);
  }

  get tickSize(): number | undefined {
    return this.tick;
  }

  /** How many more lines may be drawn (Infinity without a limit). */
  get linesLeft(): number {
    return Math.max(0, this.lines.maxLines - this.lines.list.length);
  }

  setMaxLines(maxLines: number): void {
    this.lines.maxLines = maxLines;
  }

  /** Where a line placed or dragged through this point lands (see model/line-snap.ts). */
  linePlacementAt(point: { x: number; y: number }): LinePlacement {
    return linePlacement(point, {
      frame: this.frame,
      series: this.store,
      shownCount: this.shown,
      magnet: this.magnetOn,
      tickSize: this.tick,
    });
  }

  /** The user's line within `tolerancePx` of `y` (the nearest), if any. */
  lineAt(y: number, tolerancePx: number): ChartLine | undefined {
    return hitTestLine(this.lines.list, y, this.frame.yOfPrice, tolerancePx);
  }

  /** Places a line at a price; undefined when `maxLines` is reached. */
  /**
   * The user's lines a chart starts with (saved ones, restored): added like drawn lines but not
   * announced one by one, since the user did not just place them. Prices past `maxLines` or not
   * finite are left out.
   */
  startWithLines(prices: readonly number[]): void {
    let added = false;
    for (const price of prices) added = this.lines.add(price) !== undefined || added;
    if (added) this.linesChanged();
  }

  addLine(price: number): ChartLine | undefined {
    const line = this.lines.add(price);
    if (!line) {
      if (this.lines.isFull) this.notify({ kind: 'line-refused', maxLines: this.lines.maxLines });
      return undefined;
    }
    this.linesChanged();
    this.notify({
      kind: 'line-added',
      line,
      count: this.lines.list.length,
      maxLines: this.lines.maxLines,
    });
    if (this.lines.isFull) this.setTool('none');
    return line;
  }

  /**
   * Places the lines of one gesture (a box drawn by a drag: its press and release prices), as
   * many as `maxLines` allows, with one change event; returns those placed.
   */
  addLines(prices: readonly number[]): ChartLine[] {
    const placed: ChartLine[] = [];
    for (const price of prices) {
      const line = this.lines.add(price);
      if (line) placed.push(line);
    }
    if (placed.length === 0) {
      if (this.lines.isFull) this.notify({ kind: 'line-refused', maxLines: this.lines.maxLines });
      return placed;
    }
    this.linesChanged();
    this.notify({ kind: 'box-drawn', lines: placed });
    if (this.lines.isFull) this.setTool('none');
    return placed;
  }

  moveLine(id: string, price: number): boolean {
    if (!this.lines.move(id, price)) return false;
    this.linesChanged();
    return true;
  }

  removeLine(id: string): boolean {
    const line = this.lines.get(id);
    if (!line || !this.lines.remove(id)) return false;
    if (this.hovered === id) this.hovered = undefined;
    this.events.emit('selectionchange', this.lines.selectedId ?? null);
    this.linesChanged();
    this.notify({ kind: 'line-removed', line, remaining: this.lines.list.length });
    return true;
  }

  clearLines(): void {
    if (!this.lines.clear()) return;
    this.hovered = undefined;
    this.events.emit('selectionchange', null);
    this.linesChanged();
    this.notify({ kind: 'lines-cleared' });
  }

  selectLine(id: string | undefined): void {
    const next = id !== undefined && this.lines.get(id) ? id : undefined;
    if (next === this.lines.selectedId) return;
    this.lines.selectedId = next;
    this.invalidate('overlays');
    this.events.emit('selectionchange', next ?? null);
  }

  get selectedLine(): string | undefined {
    return this.lines.selectedId;
  }

  /** The line under the pointer (or being dragged), drawn emphasised. */
  get hoveredLine(): string | undefined {
    return this.hovered;
  }

  setHoveredLine(id: string | undefined): void {
    if (id === this.hovered) return;
    this.hovered = id;
    this.invalidate('overlays');
  }

  /** The line under a pointer at `y`, by the hover distance (for the cursor and emphasis). */
  hoverLineAt(y: number): string | undefined {
    return this.lineAt(y, HOVER_LINE_PX)?.id;
  }

  /**
   * Lines a gesture is drawing and has not placed yet (a box being dragged out): drawn like lines,
   * with the zone box shaded live.
   */
  get draftLines(): readonly number[] | undefined {
    return this.pending;
  }

  setDraftLines(prices: readonly number[] | undefined): void {
    this.pending = prices;
    this.invalidate('overlays');
  }

  /** The candle price the magnet snapped to, marked on the chart while a line is placed. */
  get snapMarker(): { index: number; price: number } | undefined {
    return this.marker;
  }

  setSnapMarker(marker: { index: number; price: number } | undefined): void {
    const now = this.marker;
    if (now?.index === marker?.index && now?.price === marker?.price) return;
    this.marker = marker;
    this.invalidate('crosshair');
  }

  private linesChanged(): void {
    this.invalidate('overlays');
    this.events.emit('lineschange', this.lines.list);
  }

  // ---- marks ---------------------------------------------------------------------------------

  /** Reveals a zone (the answer); the price axis widens to hold it. See model/marks.ts. */
  revealZone(zone: ChartZone, options: { animate?: boolean } = {}): Promise<void> {
    const revealed = this.marks.revealZone(zone, options.animate ?? true);
    this.notify({ kind: 'zone-revealed', zone });
    return revealed;
  }

  clearRevealedZone(): void {
    this.marks.clearRevealedZone();
  }

  setPulledLines(prices: readonly number[]): void {
    this.marks.setPulledLines(prices);
    // The price scale keeps pulled lines in view, so it may have to widen.
    this.frameChanged();
  }

  highlightCandles(times: readonly number[]): void {
    this.marks.highlightCandles(times, this.store.times);
  }

  /** Draws labelled lines of the application's (a model answer); the price scale keeps them in view. */
  setReferenceLines(lines: readonly ReferenceLine[]): void {
    this.marks.setReferenceLines(lines);
    this.frameChanged();
  }

  /** Marks labelled points on candles (a trade's fill and exit) and announces them. */
  setMarkers(markers: readonly ChartMarker[]): void {
    this.marks.setMarkers(markers, this.store.times);
    this.notify({ kind: 'markers-shown', markers: this.marks.markers });
  }

  // ---- crosshair -----------------------------------------------------------------------------

  get crosshair(): CrosshairTarget | undefined {
    return this.crosshairAt;
  }

  /** Moves the crosshair (undefined hides it) and emits `crosshairmove`. */
  setCrosshair(target: CrosshairTarget | undefined): void {
    if (target === undefined && this.crosshairAt === undefined) return;
    this.crosshairAt = target;
    this.invalidate('crosshair');
    this.events.emit('crosshairmove', this.crosshairInfo());
  }

  /** The candle index under the crosshair, if it is over a shown candle. */
  crosshairIndex(): number | undefined {
    const target = this.crosshairAt;
    if (!target || this.morph) return undefined;
    if (target.kind === 'keyboard') return target.index;
    return candleIndexAtX(target.x, { invert: this.frame.indexOfX }, this.shown);
  }

  crosshairInfo(): CrosshairInfo | null {
    const target = this.crosshairAt;
    if (!target || this.morph) return null;
    const { frame } = this;
    if (target.kind === 'pointer') {
      const { plotWidth, plotHeight } = frame.layout;
      if (target.x < 0 || target.x > plotWidth || target.y < 0 || target.y > plotHeight) {
        return null;
      }
    }
    const index = this.crosshairIndex();
    const candle = index === undefined ? undefined : this.candle(index);
    const price = target.kind === 'pointer' ? frame.priceOfY(target.y) : target.price;
    const lineValues = index === undefined ? [] : this.lineValuesAt(index);
    return { index, time: candle?.time, price, candle, lineValues };
  }

  private remapKeyboardCrosshair(source: SeriesStore, target: SeriesStore): void {
    const crosshair = this.crosshairAt;
    if (crosshair?.kind !== 'keyboard') {
      this.crosshairAt = undefined;
      return;
    }
    const time = source.times[crosshair.index] ?? 0;
    this.crosshairAt = {
      kind: 'keyboard',
      price: crosshair.price,
      index: Math.min(Math.max(bisectRight(target.times, time) - 1, 0), target.count - 1),
    };
  }

  // ---- prices as shown -----------------------------------------------------------------------

  /**
   * Step whose decimals prices are printed with: the series' own decimals, but never more than two
   * beyond the axis labels' (simulated prices can carry fifteen).
   */
  valueStep(): number {
    return Math.max(10 ** -this.store.priceDecimals, this.frame.priceTicks.step / 100);
  }

  /**
   * Step a line series' values are printed with: as candles' prices, but at least a tenth of the
   * axis step, since an average of whole prices is rarely whole.
   */
  lineValueStep(): number {
    return Math.min(this.valueStep(), this.frame.priceTicks.step / 10);
  }

  /** Step of a zone's bounds as announced: the axis step or the series' decimals, the finer. */
  priceStep(): number {
    return Math.min(this.frame.priceTicks.step, 10 ** -this.store.priceDecimals);
  }

  /** A line's price as the user reads it. */
  formatLinePrice(price: number): string {
    return formatPrice(price, this.tick ?? this.valueStep());
  }

  /** One arrow-key step of a price: the instrument's tick, or a tenth of the axis step. */
  keyboardTick(): number {
    return priceTickSize(this.frame.priceTicks.step, this.tick);
  }

  // ---- replay --------------------------------------------------------------------------------

  get replayState(): ReplayState {
    return this.replay.state;
  }

  /**
   * Hides the candles after `from` and shows them one at a time, every `speedMs`, keeping the
   * newest in view. Emits 'replaychange' on each step and 'replayend' at the end.
   */
  startReplay(options: ReplayOptions): void {
    this.animations.finish(MORPH_TWEEN);
    const initiallyShown = bisectRight(this.store.times, options.from);
    this.replay.start(initiallyShown, this.store.count, options.speedMs ?? DEFAULT_REPLAY_SPEED_MS);
  }

  pauseReplay(): void {
    this.replay.pause();
  }

  resumeReplay(): void {
    this.replay.resume();
  }

  stepReplay(): void {
    this.replay.step();
  }

  stopReplay(): void {
    this.replay.stop();
  }

  private showCandles(shown: number): void {
    this.shown = Math.min(Math.max(shown, 0), this.store.count);
    const newest = this.shown - 1;
    const { fromIndex, toIndex } = this.view;
    const width = toIndex - fromIndex;
    // Keep the newest candle in view with some room after it, as a live chart would.
    if (newest + 2 > toIndex || newest < fromIndex) {
      this.view = { fromIndex: newest + 3 - width, toIndex: newest + 3 };
      this.events.emit('viewportchange', this.view);
    }
    this.frameChanged();
  }

  /** Stops timers and animations; the model is not used afterwards. */
  dispose(): void {
    this.replay.dispose();
    this.animations.cancelAll();
    this.events.clear();
    this.invalidationListeners.clear();
  }
}
