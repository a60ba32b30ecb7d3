import { AXIS_LABEL_CHAR_PX } from '@chart-kit/core';
import type { ChartModel } from '../model/chart-model.js';
import type { OverlayState } from '../render/overlay-layer.js';
import { placeLineLabels, TakenBoxes } from './label-layout.js';

const NO_DRAFT: readonly number[] = [];
/** The zone label's inset from the plot's edge, and the height of its line, in CSS pixels. */
const LABEL_INSET = 8;
const LABEL_LINE = 14;

/** The bands roles ask to shade: between a role's line and its `shadeTo` role's line. */
function roleBands(model: ChartModel): OverlayState['bands'] {
  const { roles, list } = model.lines;
  const priceOf = (name: string) => list.find((line) => line.role === name)?.price;
  const bands: { upper: number; lower: number; color: number }[] = [];
  for (const role of roles) {
    if (role.shadeTo === undefined || role.color === undefined) continue;
    const from = priceOf(role.name);
    const to = priceOf(role.shadeTo);
    if (from === undefined || to === undefined) continue;
    bands.push({ upper: Math.max(from, to), lower: Math.min(from, to), color: role.color });
  }
  return bands;
}

/**
 * Where the revealed zone's label goes: at the plot's left, unless candles there cross the
 * label's line (a base at the left edge, often on a phone), then at the right if it is clear
 * there; left otherwise.
 */
function zoneLabelX(model: ChartModel, label: string, upper: number): number {
  const { frame } = model;
  const width = label.length * AXIS_LABEL_CHAR_PX;
  const top = frame.yOfPrice(upper) + 4;
  const [labelLow, labelHigh] = [frame.priceOfY(top + LABEL_LINE), frame.priceOfY(top)];
  const series = model.series;
  // The label's width of candles, read from the level of detail the chart draws with: at most one
  // merged column per pixel (each keeps the true high and low), not every candle under the label
  // (a hundred thousand of them on a zoomed-out million-candle chart, every frame).
  const crosses = (fromX: number): boolean => {
    const columns = series.columns(frame.indexOfX(fromX), frame.indexOfX(fromX + width), width);
    for (let column = 0; column < columns.count; column++) {
      const low = columns.low[column] ?? Infinity;
      const high = columns.high[column] ?? -Infinity;
      if (low <= labelHigh && high >= labelLow) return true;
    }
    return false;
  };
  if (!crosses(LABEL_INSET)) return LABEL_INSET;
  const right = frame.layout.plotWidth - width - LABEL_INSET;
  return right > LABEL_INSET && !crosses(right) ? right : LABEL_INSET;
}

/**
 * What the overlay layer draws: the user's lines and those a gesture is drawing, the zone box
 * between the first two of them, pulled lines, the revealed zone and highlighted candles.
 */
export function overlayView(model: ChartModel): OverlayState {
  const userLines = model.lines;
  const withRoles = userLines.roles.length > 0;
  const lines = withRoles
    ? userLines.list.map((line) => {
        const role = userLines.roleOf(line);
        return {
          ...line,
          ...(role?.color === undefined ? {} : { color: role.color }),
          ...(role ? { label: role.name } : {}),
        };
      })
    : userLines.list;
  const draftLines = model.draftLines ?? NO_DRAFT;
  const [first, second] = [...lines.map((line) => line.price), ...draftLines];
  const shown = model.marks.revealedZone;
  return {
    lines,
    draftLines,
    selectedId: model.selectedLine,
    hoveredId: model.hoveredLine,
    // Roles give lines their own meaning: no zone box between the first two.
    userZone:
      !withRoles && first !== undefined && second !== undefined
        ? { upper: Math.max(first, second), lower: Math.min(first, second) }
        : undefined,
    bands: roleBands(model),
    pulledLines: model.marks.pulledLines,
    revealedZone: shown && {
      ...shown.zone,
      progress: shown.progress,
      ...(shown.zone.label === undefined
        ? {}
        : {
            labelX: zoneLabelX(
              model,
              shown.zone.label,
              Math.max(shown.zone.upper, shown.zone.lower),
            ),
          }),
    },
    highlighted: model.marks.highlighted,
    ...labelledMarks(model, lines),
  };
}

/** Height of one line of label text, in CSS px (the label font is 11 px). */
const TEXT_LINE = 14;
/** Advance of one glyph of the label font. */
const CHAR_PX = AXIS_LABEL_CHAR_PX;
/** Between a line and its label: the label's text sits 2 px clear of the line. */
const LINE_LABEL_GAP = 2;

/**
 * Where the texts of reference lines and markers go, clear of the zone's label, the role names,
 * the zone box (a reference line's name inside the zone would read as a level inside it) and
 * each other.
 */
function labelledMarks(
  model: ChartModel,
  lines: readonly { price: number; label?: string }[],
): Pick<OverlayState, 'referenceLines' | 'markers'> {
  const { frame } = model;
  const { plotWidth, plotHeight } = frame.layout;
  const taken = new TakenBoxes({ width: plotWidth, height: plotHeight }, TEXT_LINE);
  const zone = model.marks.revealedZone?.zone;
  if (zone) {
    const top = frame.yOfPrice(Math.max(zone.upper, zone.lower));
    const bottom = frame.yOfPrice(Math.min(zone.upper, zone.lower));
    taken.take({ left: 0, right: plotWidth, top, bottom });
  }
  for (const line of lines) {
    if (!line.label) continue;
    const width = line.label.length * CHAR_PX;
    const y = frame.yOfPrice(line.price);
    // Where the overlay layer writes a role's name: above its line, at the plot's right.
    taken.take({ left: plotWidth - width - 16, right: plotWidth - 16, top: y - 16, bottom: y - 2 });
  }
  const labelled = model.marks.referenceLines.filter((line) => line.label);
  const places = placeLineLabels(
    labelled.map((line) => ({
      y: frame.yOfPrice(line.price),
      width: (line.label?.length ?? 0) * CHAR_PX,
    })),
    {
      plot: { width: plotWidth, height: plotHeight },
      lineHeight: TEXT_LINE,
      inset: LABEL_INSET,
      gap: LINE_LABEL_GAP,
      taken,
      // Unlabelled reference lines (a zone's other bound) and the user's lines.
      lines: [
        ...model.marks.referenceLines.map((line) => frame.yOfPrice(line.price)),
        ...lines.map((line) => frame.yOfPrice(line.price)),
      ],
    },
  );
  const referenceLines = model.marks.referenceLines.map((line) => {
    const place = places[labelled.indexOf(line)];
    return place ? { ...line, labelX: place.x, labelY: place.y } : line;
  });
  return { referenceLines, markers: markersView(model, taken) };
}

/** A marker's square and the gap to its text, in CSS px. */
const MARKER_SIZE = 7;
const MARKER_TEXT_GAP = 5;

/**
 * Where each marker and its text go. A marker on a candle the replay has not shown yet waits for
 * it. Texts go right of their square (left of it near the plot's right edge) and never cover other
 * text: a text that would is moved down, or up, a line at a time.
 */
function markersView(model: ChartModel, taken: TakenBoxes): OverlayState['markers'] {
  const { frame } = model;
  const { plotWidth } = frame.layout;
  const shown = model.marks.markers
    .filter((marker) => marker.index >= 0 && marker.index < model.shownCount)
    .map((marker) => ({
      ...marker,
      x: frame.xOfIndex(marker.index),
      y: frame.yOfPrice(marker.price),
    }))
    .filter((marker) => marker.x >= -MARKER_SIZE && marker.x <= plotWidth + MARKER_SIZE)
    .sort((a, b) => a.y - b.y);
  return shown.map((marker) => {
    const width = marker.text.length * CHAR_PX;
    const half = MARKER_SIZE / 2;
    const rightOf = marker.x + half + MARKER_TEXT_GAP;
    const x =
      rightOf + width <= plotWidth - 4 ? rightOf : marker.x - half - MARKER_TEXT_GAP - width;
    const middle = marker.y - TEXT_LINE / 2;
    const candidates = [{ x, y: middle }];
    for (let step = 1; step <= 8; step++) {
      candidates.push({ x, y: middle + step * TEXT_LINE }, { x, y: middle - step * TEXT_LINE });
    }
    const placed = taken.place(candidates, width);
    return {
      x: marker.x,
      y: marker.y,
      size: MARKER_SIZE,
      text: marker.text,
      textX: placed.x,
      textY: placed.y,
      ...(marker.color === undefined ? {} : { color: marker.color }),
    };
  });
}
