import type { Timeframe, Candle, PriceZone, OhlcField, IndexViewport } from '@chart-kit/core';
import type { ReplayState } from './replay.js';
import type { ChartLine } from './user-lines.js';

/** 'line': a click or tap places a line and a drag draws a box; 'none': a drag pans. */
export type ChartTool = 'none' | 'line';

/** What the crosshair points at; `candle` and `time` are undefined beyond the series. */
export interface CrosshairInfo {
  index: number | undefined;
  time: number | undefined;
  price: number;
  /** The candle under the crosshair, with its `volume` when the series has volumes. */
  candle: Candle | undefined;
  /** Each line series' value on that candle (its last point within the candle), if it has one. */
  lineValues: readonly LineSeriesValue[];
}

/** A line series' value on a candle (see `CrosshairInfo.lineValues`). */
export interface LineSeriesValue {
  id: string;
  label: string;
  value: number;
}

/** A zone drawn as a box between two prices, e.g. a demand zone or an exercise's answer. */
export interface ChartZone extends PriceZone {
  /** Written inside the box, e.g. 'Demand zone'. */
  label?: string;
}

/** @deprecated Use {@link ChartZone}; this name goes in the next release. */
export type RevealedZone = ChartZone;

/**
 * A labelled horizontal line the application draws, not the user: a model answer, a level to
 * compare with. Kept in view by the price scale, with its own tag on the price axis.
 */
export interface ReferenceLine {
  price: number;
  /** Written above the line at the plot's left, e.g. 'Course stop'. */
  label?: string;
  /** 0xRRGGBB; the theme's pulled-line colour by default. */
  color?: number;
  /** Dashed (default) or solid. */
  dashed?: boolean;
}

/** A labelled point on a candle, e.g. where a trade filled or left. */
export interface ChartMarker {
  /** Unix seconds of the candle (on a longer timeframe, the candle holding it). */
  time: number;
  price: number;
  /** Written beside the point, e.g. 'Target +2.4R'. */
  text: string;
  /** 0xRRGGBB; the theme's line colour by default. */
  color?: number;
}

export interface ReplayOptions {
  /** Unix seconds: candles after this time are hidden, then shown one by one. */
  from: number;
  /** Milliseconds between two revealed candles. Default 400. */
  speedMs?: number;
}

/** Where a line placed or dragged by a pointer lands, and the candle price it snapped to. */
export interface LinePlacement {
  price: number;
  /** Set when the magnet pulled the line onto a candle's open, high, low or close. */
  snap: { index: number; field: OhlcField } | undefined;
}

/** The events a chart emits (see `ChartEngine.on`). */
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
  /**
   * The browser took the chart's drawing context away (too many WebGL contexts on the page, a GPU
   * reset, a driver update, memory pressure). A chart with `renderer: 'auto'` on WebGL goes back
   * to Canvas 2D at once ('rendererchange' follows); otherwise it shows its last image and draws
   * no change until 'contextrestored', when the browser restores the context.
   */
  contextlost: undefined;
  /** The context is back; the chart has been drawn again. */
  contextrestored: undefined;
  /** Another renderer took over drawing the chart (WebGL for a large series, Canvas 2D on loss). */
  rendererchange: 'canvas2d' | 'webgl' | 'webgpu';
}

/**
 * Something a user did or saw that a screen reader should hear about; the announcer turns each
 * into a sentence. Emitted as the model's `notice` event.
 */
export type ChartNotice =
  | { kind: 'line-added'; line: ChartLine; count: number; maxLines: number }
  | { kind: 'box-drawn'; lines: readonly ChartLine[] }
  | { kind: 'line-refused'; maxLines: number }
  | { kind: 'line-moved'; line: ChartLine }
  | { kind: 'line-removed'; line: ChartLine; remaining: number }
  | { kind: 'lines-cleared' }
  | { kind: 'line-selected'; line: ChartLine }
  | { kind: 'no-line-to-select' }
  | { kind: 'zone-revealed'; zone: ChartZone }
  | { kind: 'markers-shown'; markers: readonly ChartMarker[] }
  | { kind: 'timeframe-shown'; timeframe: Timeframe }
  | { kind: 'view-reset' }
  | { kind: 'replay-finished' }
  | { kind: 'crosshair-candle'; candle: Candle }
  | { kind: 'crosshair-price'; price: number };

/** The model's events: the public ones, plus notices and data changes for the announcer. */
export interface ModelEvents extends ChartEvents {
  notice: ChartNotice;
  /** The series were replaced (the chart's description changes). */
  datachange: undefined;
}
