import { bisectLeft } from 'd3-array';
import { AXIS_LABEL_CHAR_PX, type TimeTick } from '@chart-kit/core';
import { bodyHalfWidth, candleRects, wickWidthFor } from '../candle-geometry.js';
import type { CandleColumns, CandleLayout, FreeColumns, FreeLayout } from '../candle-layer.js';
import {
  AXIS_TICK_LENGTH,
  BAND_ALPHA,
  HANDLE_INSET,
  HANDLE_SIZE,
  LABEL_ABOVE_LINE,
  MARK_LINE_WIDTH,
  MAX_HIGHLIGHT_BANDS,
  PRICE_LABEL_INSET,
  READOUT_BACKING_ALPHA,
  READOUT_INSET,
  READOUT_PADDING,
  ROLE_LABEL_CHAR_PX,
  ROLE_LABEL_RIGHT_GAP,
  SNAP_MARKER_HOLE,
  SNAP_MARKER_SIZE,
  TIME_LABEL_TOP,
  TIME_TAG_PADDING,
  TIME_TAG_TEXT_TOP,
  VOLUME_ALPHA,
  ZONE_LABEL_INSET,
  ZONE_LABEL_TOP,
} from '../chart-style.js';
import type { CrosshairState, SnapMarkerState } from '../crosshair-layer.js';
import { forEachDash } from '../dashes.js';
import { lineSegmentQuads } from '../line-series-geometry.js';
import { lineSeriesColor } from '../series-colors.js';
import type { LineSeriesState, VolumeState } from '../series-layers.js';
import { volumeRects } from '../volume-geometry.js';
import { type FrameGeometry, snapToDevicePixel } from '../layout.js';
import type { OverlayMarker, OverlayState } from '../overlay-layer.js';
import { PRICE_TAG_HEIGHT, type PriceTag } from '../price-tag.js';
import { priceTagColors } from '../price-tag-colors.js';
import type { ChartTheme } from '../themes.js';
import { type CanvasLayer, LayeredCanvas } from './layered-canvas.js';

/** The candles to draw: evenly spaced columns, or candles at free places mid-morph. */
export type SceneCandles =
  | { kind: 'columns'; columns: CandleColumns; layout: CandleLayout }
  | { kind: 'free'; columns: CandleColumns & FreeColumns; layout: FreeLayout };

/**
 * Everything one picture of a chart shows, as the views describe it (views/*: candlesView,
 * timeTicksView, priceLabelsView, overlayView, crosshairView, snapMarkerView, priceTagsView).
 */
export interface ChartScene {
  frame: FrameGeometry;
  candles: SceneCandles;
  /** The volume strip below the candles (views/volume-view.ts); none when volume is off. */
  volume?: VolumeState | undefined;
  /** Lines over the candles (views/line-series-view.ts), such as moving averages. */
  lineSeries?: readonly LineSeriesState[];
  timeTicks: readonly TimeTick[];
  priceLabels: readonly { text: string; y: number }[];
  overlay: OverlayState;
  priceTags: readonly PriceTag[];
  crosshair?: CrosshairState | undefined;
  snapMarker?: SnapMarkerState | undefined;
}

/**
 * Draws a chart's scene on a Canvas 2D context whose canvas is `width x height` CSS pixels at the
 * frame's device pixel ratio: the same layers, order, geometry and theme colours as the WebGL
 * renderer, with no pixi.js and no GPU context. Clears the canvas to the theme's background.
 */
export function paintChart(
  context: CanvasRenderingContext2D,
  scene: ChartScene,
  theme: ChartTheme,
): void {
  const { frame } = scene;
  const { width, height } = frame.layout;
  const dpr = frame.devicePixelRatio;
  context.setTransform(dpr, 0, 0, dpr, 0, 0);
  context.globalAlpha = 1;
  context.fillStyle = cssHex(theme.background);
  context.fillRect(0, 0, width, height);
  const canvas = new LayeredCanvas(context, dpr);
  paintCandles(canvas.layer('candles'), scene.candles, theme);
  if (scene.volume) paintVolume(canvas.layer('volume'), frame, scene.volume, theme);
  paintLineSeries(canvas.layer('line-series'), scene.lineSeries ?? [], dpr);
  paintAxes(canvas, frame, scene.timeTicks, scene.priceLabels, theme);
  paintOverlay(canvas, frame, scene.overlay, theme);
  paintCrosshair(canvas, frame, scene.crosshair, scene.snapMarker, theme);
  paintPriceTags(canvas, frame, scene.priceTags, theme);
  canvas.paint();
}

function cssHex(color: number): string {
  return `#${color.toString(16).padStart(6, '0')}`;
}

function paintCandles(layer: CanvasLayer, candles: SceneCandles, theme: ChartTheme): void {
  const { priceToY, devicePixelRatio } = candles.layout;
  // Two paths, one per colour: a chart of a thousand candles is two fills.
  const rising = new Path2D();
  const falling = new Path2D();
  let path = rising;
  const rect = (left: number, top: number, right: number, bottom: number) => {
    path.rect(left, top, right - left, bottom - top);
  };
  const { count, open, high, low, close } = candles.columns;
  const candle = (centerX: number, slot: number, i: number) => {
    const o = open[i] ?? 0;
    const c = close[i] ?? 0;
    path = c >= o ? rising : falling;
    candleRects(
      centerX,
      bodyHalfWidth(slot, devicePixelRatio),
      wickWidthFor(slot, devicePixelRatio),
      o,
      high[i] ?? 0,
      low[i] ?? 0,
      c,
      priceToY,
      devicePixelRatio,
      rect,
    );
  };
  if (candles.kind === 'columns') {
    const { firstCenterX, columnStep } = candles.layout;
    for (let i = 0; i < count; i++) candle(firstCenterX + i * columnStep, columnStep, i);
  } else {
    const { centers, slotWidths } = candles.columns;
    for (let i = 0; i < count; i++) candle(centers[i] ?? 0, slotWidths[i] ?? 1, i);
  }
  layer.fill(rising, theme.up);
  layer.fill(falling, theme.down);
}

/** The volume bars and the hairline above their strip, as VolumeLayer draws them. */
function paintVolume(
  layer: CanvasLayer,
  frame: FrameGeometry,
  volume: VolumeState,
  theme: ChartTheme,
): void {
  const dpr = frame.devicePixelRatio;
  volumeRects(volume, dpr, (left, top, right, bottom, rising) => {
    layer.rect(left, top, right - left, bottom - top, rising ? theme.up : theme.down, VOLUME_ALPHA);
  });
  const y = Math.round(volume.top * dpr) / dpr;
  layer.rect(0, y, frame.layout.plotWidth, 1 / dpr, theme.axisBorder);
}

/** Each line series as one filled path of its segments' quads, as LineSeriesLayer draws them. */
function paintLineSeries(
  layer: CanvasLayer,
  lines: readonly LineSeriesState[],
  devicePixelRatio: number,
): void {
  for (const line of lines) {
    if (line.count === 0) continue;
    const path = new Path2D();
    lineSegmentQuads(
      line.xy,
      line.count,
      line.width,
      devicePixelRatio,
      (x0, y0, x1, y1, x2, y2, x3, y3) => {
        path.moveTo(x0, y0);
        path.lineTo(x1, y1);
        path.lineTo(x2, y2);
        path.lineTo(x3, y3);
        path.closePath();
      },
    );
    layer.fill(path, lineSeriesColor(line.color, line.place));
  }
}

/** The grid behind the candles and the axis panels in front of them, as AxesLayer draws them. */
function paintAxes(
  canvas: LayeredCanvas,
  frame: FrameGeometry,
  timeTicks: readonly TimeTick[],
  priceLabels: readonly { text: string; y: number }[],
  theme: ChartTheme,
): void {
  const { layout, yOfPrice, priceTicks, devicePixelRatio: dpr } = frame;
  const { width, height, plotWidth, plotHeight } = layout;
  const hairline = 1 / dpr;
  const grid = canvas.layer('grid');
  const panels = canvas.layer('axis-panels');
  const labels = canvas.layer('axis-labels');

  panels.rect(plotWidth, 0, width - plotWidth, height, theme.axisBackground);
  panels.rect(0, plotHeight, width, height - plotHeight, theme.axisBackground);
  panels.rect(plotWidth, 0, hairline, plotHeight, theme.axisBorder);
  panels.rect(0, plotHeight, plotWidth + hairline, hairline, theme.axisBorder);

  for (const value of priceTicks.values) {
    const y = snapToDevicePixel(yOfPrice(value), dpr);
    if (y < 0 || y > plotHeight) continue;
    grid.rect(0, y, plotWidth, hairline, theme.grid);
    panels.rect(plotWidth, y, AXIS_TICK_LENGTH, hairline, theme.axisBorder);
  }
  for (const label of priceLabels) {
    labels.text(label.text, plotWidth + PRICE_LABEL_INSET, snapToDevicePixel(label.y, dpr), {
      color: theme.text,
      anchorY: 0.5,
    });
  }
  for (const tick of timeTicks) {
    const x = snapToDevicePixel(tick.x, dpr);
    if (x < 0 || x > plotWidth) continue;
    grid.rect(x, 0, hairline, plotHeight, theme.grid);
    panels.rect(x, plotHeight, hairline, AXIS_TICK_LENGTH, theme.axisBorder);
    // A label cut by the canvas edge reads as a different time: leave it out.
    const halfLabel = (tick.label.length * AXIS_LABEL_CHAR_PX) / 2;
    if (x - halfLabel < 0 || x + halfLabel > plotWidth) continue;
    labels.text(tick.label, x, plotHeight + TIME_LABEL_TOP, { color: theme.text, anchorX: 0.5 });
  }
}

function dashedHorizontal(
  layer: CanvasLayer,
  x: number,
  y: number,
  width: number,
  thickness: number,
  color: number,
): void {
  forEachDash(x, x + width, (start, end) => {
    layer.rect(start, y, end - start, thickness, color);
  });
}

function dashedVertical(
  layer: CanvasLayer,
  x: number,
  y: number,
  height: number,
  thickness: number,
  color: number,
): void {
  forEachDash(y, y + height, (start, end) => {
    layer.rect(x, start, thickness, end - start, color);
  });
}

/** Zones, bands, highlights, lines and their names, as OverlayLayer draws them. */
function paintOverlay(
  canvas: LayeredCanvas,
  frame: FrameGeometry,
  state: OverlayState,
  theme: ChartTheme,
): void {
  const { layout, yOfPrice, devicePixelRatio: dpr } = frame;
  const { plotWidth, plotHeight } = layout;
  const snap = (value: number) => snapToDevicePixel(value, dpr);
  const hairline = 1 / dpr;
  const boxes = canvas.layer('zones');
  const solidLines = canvas.layer('lines');
  const dashedLines = canvas.layer('pulled-lines');
  const zoneLabels = canvas.layer('zone-labels');

  paintHighlights(boxes, frame, state.highlighted, theme);

  const zone = state.revealedZone;
  if (zone && zone.progress > 0) {
    const top = yOfPrice(Math.max(zone.upper, zone.lower));
    const bottom = yOfPrice(Math.min(zone.upper, zone.lower));
    // Entrance: the box opens from its middle and fades in.
    const middle = (top + bottom) / 2;
    const half = ((bottom - top) / 2) * zone.progress;
    const boxTop = snap(middle - half);
    const boxBottom = snap(middle + half);
    const alpha = theme.revealedZoneAlpha * zone.progress;
    boxes.rect(0, boxTop, plotWidth, boxBottom - boxTop, theme.revealedZone, alpha);
    solidLines.rect(0, boxTop, plotWidth, hairline, theme.revealedZone, zone.progress);
    solidLines.rect(0, boxBottom, plotWidth, hairline, theme.revealedZone, zone.progress);
    if (zone.label && zone.progress >= 1) {
      zoneLabels.text(zone.label, zone.labelX ?? ZONE_LABEL_INSET, boxTop + ZONE_LABEL_TOP, {
        color: theme.revealedZone,
      });
    }
  }

  for (const band of state.bands) {
    const top = snap(yOfPrice(Math.max(band.upper, band.lower)));
    const bottom = snap(yOfPrice(Math.min(band.upper, band.lower)));
    boxes.rect(0, top, plotWidth, bottom - top, band.color, BAND_ALPHA);
  }

  const box = state.userZone;
  if (box) {
    const top = snap(yOfPrice(Math.max(box.upper, box.lower)));
    const bottom = snap(yOfPrice(Math.min(box.upper, box.lower)));
    boxes.rect(0, top, plotWidth, bottom - top, theme.userZone, theme.userZoneAlpha);
  }

  const markLine = Math.max(hairline, snap(MARK_LINE_WIDTH));
  for (const price of state.pulledLines) {
    const y = snap(yOfPrice(price));
    if (y < -2 || y > plotHeight + 2) continue;
    dashedHorizontal(dashedLines, 0, y, plotWidth, markLine, theme.pulledLine);
  }

  for (const line of state.referenceLines) {
    const y = snap(yOfPrice(line.price));
    if (y < -2 || y > plotHeight + 2) continue;
    const color = line.color ?? theme.pulledLine;
    if (line.dashed === false) solidLines.rect(0, y - markLine / 2, plotWidth, markLine, color);
    else dashedHorizontal(dashedLines, 0, y - markLine / 2, plotWidth, markLine, color);
    if (line.label) {
      zoneLabels.text(
        line.label,
        line.labelX ?? ZONE_LABEL_INSET,
        line.labelY ?? y - LABEL_ABOVE_LINE,
        { color },
      );
    }
  }

  for (const line of state.lines) {
    const y = snap(yOfPrice(line.price));
    if (y < -2 || y > plotHeight + 2) continue;
    const selected = line.id === state.selectedId;
    const emphasised = selected || line.id === state.hoveredId;
    const thickness = emphasised ? snap(2) : Math.max(hairline, snap(1));
    const color = line.color ?? (selected ? theme.selectedLine : theme.line);
    solidLines.rect(0, y - thickness / 2, plotWidth, thickness, color);
    if (line.label) {
      const width = line.label.length * ROLE_LABEL_CHAR_PX;
      zoneLabels.text(line.label, plotWidth - width - ROLE_LABEL_RIGHT_GAP, y - LABEL_ABOVE_LINE, {
        color,
      });
    }
    if (selected) {
      const handleTop = y - HANDLE_SIZE / 2;
      solidLines.rect(HANDLE_INSET, handleTop, HANDLE_SIZE, HANDLE_SIZE, color);
      solidLines.rect(
        plotWidth - HANDLE_INSET - HANDLE_SIZE,
        handleTop,
        HANDLE_SIZE,
        HANDLE_SIZE,
        color,
      );
    }
  }

  paintMarkers(solidLines, zoneLabels, frame, state.markers, theme);

  for (const price of state.draftLines) {
    const y = snap(yOfPrice(price));
    if (y < -2 || y > plotHeight + 2) continue;
    const thickness = snap(2);
    solidLines.rect(0, y - thickness / 2, plotWidth, thickness, theme.selectedLine);
  }
}

function paintMarkers(
  squares: CanvasLayer,
  texts: CanvasLayer,
  frame: FrameGeometry,
  markers: readonly OverlayMarker[],
  theme: ChartTheme,
): void {
  const snap = (value: number) => snapToDevicePixel(value, frame.devicePixelRatio);
  for (const marker of markers) {
    const { size } = marker;
    const half = size / 2;
    const color = marker.color ?? theme.line;
    // The ring keeps the square readable on a candle of its own colour.
    squares.rect(
      snap(marker.x - half - 1),
      snap(marker.y - half - 1),
      size + 2,
      size + 2,
      theme.background,
    );
    squares.rect(snap(marker.x - half), snap(marker.y - half), size, size, color);
    texts.text(marker.text, marker.textX, marker.textY, { color });
  }
}

function paintHighlights(
  layer: CanvasLayer,
  frame: FrameGeometry,
  indices: readonly number[],
  theme: ChartTheme,
): void {
  if (indices.length === 0) return;
  const { xOfIndex, indexOfX, barSpacing, layout } = frame;
  const width = Math.max(1, barSpacing);
  const lastVisible = indexOfX(layout.plotWidth) + 1;
  let drawn = 0;
  for (let i = bisectLeft(indices, indexOfX(0) - 1); i < indices.length; i++) {
    const index = indices[i] ?? 0;
    if (index > lastVisible) break;
    const x = xOfIndex(index);
    layer.rect(x - width / 2, 0, width, layout.plotHeight, theme.highlight, theme.highlightAlpha);
    if (++drawn >= MAX_HIGHLIGHT_BANDS) break;
  }
}

/** Crosshair lines, the time tag, the OHLC readout and the magnet's marker, as CrosshairLayer. */
function paintCrosshair(
  canvas: LayeredCanvas,
  frame: FrameGeometry,
  state: CrosshairState | undefined,
  marker: SnapMarkerState | undefined,
  theme: ChartTheme,
): void {
  const { layout, devicePixelRatio: dpr } = frame;
  const { plotWidth, plotHeight } = layout;
  const dashes = canvas.layer('crosshair-lines');
  const tags = canvas.layer('crosshair-tags');
  const labels = canvas.layer('crosshair-labels');
  if (marker) {
    const x = snapToDevicePixel(marker.x, dpr);
    const y = snapToDevicePixel(marker.y, dpr);
    const outer = SNAP_MARKER_SIZE / 2;
    const inner = SNAP_MARKER_HOLE / 2;
    tags.rect(x - outer, y - outer, SNAP_MARKER_SIZE, SNAP_MARKER_SIZE, theme.selectedLine);
    tags.rect(x - inner, y - inner, SNAP_MARKER_HOLE, SNAP_MARKER_HOLE, theme.background);
  }
  if (!state) return;
  const x = snapToDevicePixel(state.x, dpr);
  const y = snapToDevicePixel(state.y, dpr);
  const hairline = 1 / dpr;
  if (x >= 0 && x <= plotWidth) dashedVertical(dashes, x, 0, plotHeight, hairline, theme.crosshair);
  if (y >= 0 && y <= plotHeight) {
    dashedHorizontal(dashes, 0, y, plotWidth, hairline, theme.crosshair);
  }
  if (state.timeLabel && x >= 0 && x <= plotWidth) {
    const tagWidth = labels.measure(state.timeLabel) + TIME_TAG_PADDING;
    const left = Math.min(Math.max(x - tagWidth / 2, 0), plotWidth - tagWidth);
    tags.rect(left, plotHeight + 1, tagWidth, layout.height - plotHeight - 1, theme.crosshairTag);
    labels.text(state.timeLabel, Math.round(left + tagWidth / 2), plotHeight + TIME_TAG_TEXT_TOP, {
      color: theme.tagText,
      anchorX: 0.5,
    });
  }
  if (state.readout) {
    const textAt = READOUT_INSET + READOUT_PADDING;
    const width = labels.measure(state.readout);
    tags.rect(
      READOUT_INSET,
      READOUT_INSET,
      width + 2 * READOUT_PADDING,
      LABEL_LINE_HEIGHT + 2 * READOUT_PADDING,
      theme.background,
      READOUT_BACKING_ALPHA,
    );
    labels.text(state.readout, textAt, textAt, { color: state.rising ? theme.up : theme.down });
  }
}

/** Height of a line of label text (the WebGL label font's line height at 11 px). */
const LABEL_LINE_HEIGHT = 13;

/** The price axis' tags where priceTagsView stacked them, as PriceTagLayer draws them. */
function paintPriceTags(
  canvas: LayeredCanvas,
  frame: FrameGeometry,
  tags: readonly PriceTag[],
  theme: ChartTheme,
): void {
  const { plotWidth, width } = frame.layout;
  const rects = canvas.layer('price-tags');
  const labels = canvas.layer('price-tag-labels');
  for (const tag of tags) {
    const { background, text } = priceTagColors(tag, theme);
    rects.rect(
      plotWidth + 1,
      tag.y - PRICE_TAG_HEIGHT / 2,
      width - plotWidth - 1,
      PRICE_TAG_HEIGHT,
      background,
    );
    labels.text(tag.text, plotWidth + PRICE_LABEL_INSET, tag.y, { color: text, anchorY: 0.5 });
  }
}
