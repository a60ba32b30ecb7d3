import { bisectLeft } from 'd3-array';
import {
  BAND_ALPHA,
  HANDLE_INSET,
  HANDLE_SIZE,
  LABEL_ABOVE_LINE,
  MARK_LINE_WIDTH,
  MAX_HIGHLIGHT_BANDS,
  ROLE_LABEL_CHAR_PX,
  ROLE_LABEL_RIGHT_GAP,
  ZONE_LABEL_INSET,
  ZONE_LABEL_TOP,
} from './chart-style.js';
import type { ChartMesh } from './draw-order.js';
import { type LabelFont, LabelPool } from './label-pool.js';
import { type FrameGeometry, snapToDevicePixel } from './layout.js';
import { DashPool, RectPool } from './rect-pool.js';
import type { ChartTheme } from './themes.js';

export interface OverlayLine {
  id: string;
  price: number;
  /** A role's colour (0xRRGGBB), instead of the theme's line colour. */
  color?: number;
  /** A role's name, written above the line at the plot's right. */
  label?: string;
}

/** A shaded band between two prices (a trade plan's risk or reward), in a colour of its own. */
export interface OverlayBand {
  upper: number;
  lower: number;
  color: number;
}

/** A zone box to show, with how far its entrance animation has got (0..1, eased). */
export interface OverlayZone {
  upper: number;
  lower: number;
  label?: string;
  /** Where the label starts, in CSS pixels from the plot's left edge (default 8). */
  labelX?: number;
  progress: number;
}

/** What the overlay draws this frame (see views/overlay-view.ts); this layer only draws it. */
export interface OverlayState {
  lines: readonly OverlayLine[];
  /** Lines a gesture is drawing and has not placed yet (a box being dragged out). */
  draftLines: readonly number[];
  selectedId: string | undefined;
  hoveredId: string | undefined;
  /** The user's zone box (between their first two lines, drafts included), shaded. */
  userZone: { upper: number; lower: number } | undefined;
  /** Lines carried over from an earlier chart: dashed, in their own colour. */
  pulledLines: readonly number[];
  revealedZone: OverlayZone | undefined;
  /** Candle indices to emphasise, ascending. */
  highlighted: readonly number[];
  /** Bands shaded between role lines (risk and reward of a trade plan). */
  bands: readonly OverlayBand[];
  /** The application's labelled lines (a model answer), dashed unless asked otherwise. */
  referenceLines: readonly OverlayReferenceLine[];
  /** Labelled points on candles, each with the index of its candle on screen. */
  markers: readonly OverlayMarker[];
}

export interface OverlayReferenceLine {
  price: number;
  label?: string;
  /** Where views/overlay-view.ts put the label (top left), clear of other text. */
  labelX?: number;
  labelY?: number;
  color?: number;
  dashed?: boolean;
}

/** A marker placed by views/overlay-view.ts: its square's centre and size, its text's top left. */
export interface OverlayMarker {
  x: number;
  y: number;
  size: number;
  text: string;
  textX: number;
  textY: number;
  color?: number;
}

export { ZONE_LABEL_INSET };

/**
 * User lines (and those being drawn), the user's zone box, pulled lines, the revealed zone and
 * candle highlights: zones behind the candles, lines above them (see DRAW_ORDER). Their price
 * tags are the price tag layer's. Redrawn when a line, a zone or the view changes, with no
 * per-candle work.
 */
export class OverlayLayer {
  private readonly boxes: RectPool;
  private readonly solidLines: RectPool;
  private readonly dashedLines: DashPool;
  private readonly zoneLabels: LabelPool;

  constructor(mesh: ChartMesh, font: LabelFont) {
    this.boxes = new RectPool(mesh.layer('zones'));
    this.solidLines = new RectPool(mesh.layer('lines'));
    this.dashedLines = new DashPool(mesh.layer('pulled-lines'));
    this.zoneLabels = new LabelPool(mesh.layer('zone-labels'), font);
  }

  update(frame: FrameGeometry, state: OverlayState, theme: ChartTheme): void {
    const { layout, yOfPrice, devicePixelRatio: dpr } = frame;
    const { plotWidth, plotHeight } = layout;
    const snap = (value: number) => snapToDevicePixel(value, dpr);
    const hairline = 1 / dpr;
    for (const pool of [this.boxes, this.solidLines, this.zoneLabels]) {
      pool.begin();
    }
    this.dashedLines.begin();

    this.drawHighlights(frame, state.highlighted, theme);

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
      this.boxes.rect(0, boxTop, plotWidth, boxBottom - boxTop, theme.revealedZone, alpha);
      this.solidLines.rect(0, boxTop, plotWidth, hairline, theme.revealedZone, zone.progress);
      this.solidLines.rect(0, boxBottom, plotWidth, hairline, theme.revealedZone, zone.progress);
      if (zone.label && zone.progress >= 1) {
        this.zoneLabels.text(zone.label, zone.labelX ?? ZONE_LABEL_INSET, boxTop + ZONE_LABEL_TOP, {
          color: theme.revealedZone,
        });
      }
    }

    for (const band of state.bands) {
      const top = snap(yOfPrice(Math.max(band.upper, band.lower)));
      const bottom = snap(yOfPrice(Math.min(band.upper, band.lower)));
      this.boxes.rect(0, top, plotWidth, bottom - top, band.color, BAND_ALPHA);
    }

    const box = state.userZone;
    if (box) {
      const top = snap(yOfPrice(Math.max(box.upper, box.lower)));
      const bottom = snap(yOfPrice(Math.min(box.upper, box.lower)));
      this.boxes.rect(0, top, plotWidth, bottom - top, theme.userZone, theme.userZoneAlpha);
    }

    for (const price of state.pulledLines) {
      const y = snap(yOfPrice(price));
      if (y < -2 || y > plotHeight + 2) continue;
      this.dashedLines.horizontalLine(
        0,
        y,
        plotWidth,
        Math.max(hairline, snap(MARK_LINE_WIDTH)),
        theme.pulledLine,
      );
    }

    for (const line of state.referenceLines) {
      const y = snap(yOfPrice(line.price));
      if (y < -2 || y > plotHeight + 2) continue;
      const color = line.color ?? theme.pulledLine;
      const thickness = Math.max(hairline, snap(MARK_LINE_WIDTH));
      if (line.dashed === false)
        this.solidLines.rect(0, y - thickness / 2, plotWidth, thickness, color);
      else this.dashedLines.horizontalLine(0, y - thickness / 2, plotWidth, thickness, color);
      // The name at the left, where the user's role names (at the right) never are.
      if (line.label) {
        this.zoneLabels.text(
          line.label,
          line.labelX ?? ZONE_LABEL_INSET,
          line.labelY ?? y - LABEL_ABOVE_LINE,
          {
            color,
          },
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
      this.solidLines.rect(0, y - thickness / 2, plotWidth, thickness, color);
      if (line.label) {
        // The role's name above the line, at the right, clear of the price axis.
        const width = line.label.length * ROLE_LABEL_CHAR_PX;
        this.zoneLabels.text(
          line.label,
          plotWidth - width - ROLE_LABEL_RIGHT_GAP,
          y - LABEL_ABOVE_LINE,
          { color },
        );
      }
      if (selected) {
        // Grab handles at both ends say "this one can be dragged or deleted".
        const handleTop = y - HANDLE_SIZE / 2;
        this.solidLines.rect(HANDLE_INSET, handleTop, HANDLE_SIZE, HANDLE_SIZE, color);
        this.solidLines.rect(
          plotWidth - HANDLE_INSET - HANDLE_SIZE,
          handleTop,
          HANDLE_SIZE,
          HANDLE_SIZE,
          color,
        );
      }
    }

    this.drawMarkers(frame, state.markers, theme);

    for (const price of state.draftLines) {
      const y = snap(yOfPrice(price));
      if (y < -2 || y > plotHeight + 2) continue;
      const thickness = snap(2);
      this.solidLines.rect(0, y - thickness / 2, plotWidth, thickness, theme.selectedLine);
    }
  }

  /** Each marker's square, ringed in the background colour, and its text where the view put it. */
  private drawMarkers(
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
      this.solidLines.rect(
        snap(marker.x - half - 1),
        snap(marker.y - half - 1),
        size + 2,
        size + 2,
        theme.background,
      );
      this.solidLines.rect(snap(marker.x - half), snap(marker.y - half), size, size, color);
      this.zoneLabels.text(marker.text, marker.textX, marker.textY, { color });
    }
  }

  private drawHighlights(
    frame: FrameGeometry,
    indices: readonly number[],
    theme: ChartTheme,
  ): void {
    if (indices.length === 0) return;
    const { xOfIndex, indexOfX, barSpacing, layout } = frame;
    const width = Math.max(1, barSpacing);
    const lastVisible = indexOfX(layout.plotWidth) + 1;
    let drawn = 0;
    // Sorted indices: start at the first one in view rather than walking every highlight.
    for (let i = bisectLeft(indices, indexOfX(0) - 1); i < indices.length; i++) {
      const index = indices[i] ?? 0;
      if (index > lastVisible) break;
      const x = xOfIndex(index);
      this.boxes.rect(
        x - width / 2,
        0,
        width,
        layout.plotHeight,
        theme.highlight,
        theme.highlightAlpha,
      );
      if (++drawn >= MAX_HIGHLIGHT_BANDS) break;
    }
  }
}
