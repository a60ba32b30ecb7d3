import type { ViewTarget } from '@chart-kit/core';
import { ChartModel } from '../model/chart-model.js';
import type { ChartMarker, ReferenceLine, ChartZone } from '../model/events.js';
import type { LineSeriesOptions, VolumeOptions } from '../model/line-series.js';
import type { HomeViews, SeriesSource } from '../model/series-set.js';
import { paintChart } from '../render/canvas2d/paint-chart.js';
import { type ChartThemeInput, resolveColor, resolveTheme } from '../render/themes.js';
import { sceneView } from '../views/scene-view.js';

/** What a still picture of a chart shows. Times are unix seconds, prices as in the candles. */
export interface ChartPictureOptions extends SeriesSource {
  /** The view to frame (indices or a time window); default: the latest `initialBars` candles. */
  homeView?: ViewTarget;
  /** The view of each timeframe of `series` (the one shown is `timeframe`'s). */
  homeViews?: HomeViews;
  /** How many candles are framed without a home view. Default 80. */
  initialBars?: number;
  /** Dashed horizontal lines at these prices (lines carried over from an earlier chart). */
  lines?: readonly number[];
  /** A zone drawn as a box between its prices, with its bounds tagged on the price axis. */
  zone?: ChartZone;
  /** Times of candles to emphasise with a band behind them. */
  highlight?: readonly number[];
  /** Labelled lines of the application's (a model answer). */
  referenceLines?: readonly ReferenceLine[];
  /** Labelled points on candles. */
  markers?: readonly ChartMarker[];
  /** The instrument's price increment (the decimals of prices shown). */
  tickSize?: number;
  /** IANA time zone of the time axis. Default 'UTC'. */
  timeZone?: string;
  /** Colours, merged over `DARK_THEME` (CSS colour strings or 0xRRGGBB numbers). */
  theme?: ChartThemeInput;
  /** Lines drawn over the candles on their price scale, such as moving averages. */
  lineSeries?: readonly LineSeriesOptions[];
  /** The candles' volume in a strip below them: true, or `{ heightShare }`. Default off. */
  volume?: boolean | VolumeOptions;
}

/** The picture's size in CSS pixels and the device pixels per CSS pixel to draw it at. */
export interface PictureSize {
  width: number;
  height: number;
  devicePixelRatio: number;
}

/**
 * The model of a picture: its series framed on its view, with its lines, zone, highlights and
 * markers. Throws a ChartDataError for candles it cannot draw, naming the candle. Pair with
 * {@link paintChartPicture}; {@link drawChartPicture} does both at once.
 */
export function chartPictureModel(options: ChartPictureOptions): ChartModel {
  const { lines, zone, highlight, referenceLines, markers } = options;
  for (const series of options.lineSeries ?? []) {
    if (series.color !== undefined) {
      resolveColor(`line series ${JSON.stringify(series.id)}: color`, series.color);
    }
  }
  // A picture shows the finished state at once: no zone entrance, no view animation.
  const model = new ChartModel({ ...options, reducedMotion: true });
  if (lines?.length) model.setPulledLines(lines);
  if (referenceLines?.length) model.setReferenceLines(referenceLines);
  if (zone) void model.revealZone(zone, { animate: false });
  if (highlight?.length) model.highlightCandles(highlight);
  if (markers?.length) model.setMarkers(markers);
  return model;
}

/**
 * Draws `model` on `canvas` with Canvas 2D at `size`: the same views and theme colours as an
 * interactive chart, with no pixi.js and no WebGL context. Sets the canvas' backing store to the
 * size at the device pixel ratio (its CSS size is the caller's). Returns false, drawing nothing,
 * where the canvas gives no 2D context (a DOM without canvas support, such as jsdom, or a canvas
 * already holding a WebGL context).
 */
export function paintChartPicture(
  canvas: HTMLCanvasElement,
  model: ChartModel,
  size: PictureSize,
  theme: ChartThemeInput = {},
): boolean {
  const width = Math.max(1, Math.round(size.width));
  const height = Math.max(1, Math.round(size.height));
  const devicePixelRatio = size.devicePixelRatio > 0 ? size.devicePixelRatio : 1;
  const context = canvas.getContext('2d');
  if (!context) return false;
  model.setSize({ width, height, devicePixelRatio });
  const backingWidth = Math.round(width * devicePixelRatio);
  const backingHeight = Math.round(height * devicePixelRatio);
  // Setting a canvas' size clears it even when unchanged: set it only when it changes.
  if (canvas.width !== backingWidth) canvas.width = backingWidth;
  if (canvas.height !== backingHeight) canvas.height = backingHeight;
  paintChart(context, sceneView(model), resolveTheme(theme));
  return true;
}

/**
 * Draws a still chart on `canvas` with Canvas 2D, with no pixi.js and no WebGL context, so a page
 * of pictures loads neither and is not limited by the browser's budget of WebGL contexts. Throws
 * a ChartDataError for candles it cannot draw; returns false where the canvas gives no 2D context.
 */
export function drawChartPicture(
  canvas: HTMLCanvasElement,
  options: ChartPictureOptions,
  size: PictureSize,
): boolean {
  const model = chartPictureModel(options);
  try {
    return paintChartPicture(canvas, model, size, options.theme);
  } finally {
    model.dispose();
  }
}
