import { AXIS_LABEL_CHAR_PX } from '../core/time-axis.js';
import type { ChartModel } from '../model/chart-model.js';
import type { OverlayState } from '../render/overlay-layer.js';

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
  const base = series.base;
  const crosses = (fromX: number): boolean => {
    const first = Math.max(0, Math.floor(frame.indexOfX(fromX)));
    const last = Math.min(series.count - 1, Math.ceil(frame.indexOfX(fromX + width)));
    for (let index = first; index <= last; index++) {
      if ((base.low[index] ?? Infinity) <= labelHigh && (base.high[index] ?? -Infinity) >= labelLow)
        return true;
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
    referenceLines: model.marks.referenceLines,
    markers: markersView(model),
  };
}

/** A marker's square and the gap to its text, and the height of one line of text, in CSS px. */
const MARKER_SIZE = 7;
const MARKER_TEXT_GAP = 5;
const MARKER_TEXT_LINE = 14;

/**
 * Where each marker and its text go. A marker on a candle the replay has not shown yet waits for
 * it. Texts go right of their square (left of it near the plot's right edge) and never cover one
 * another: a text that would is moved down, or up, a line at a time, as price tags are stacked.
 */
function markersView(model: ChartModel): OverlayState['markers'] {
  const { frame } = model;
  const { plotWidth, plotHeight } = frame.layout;
  const placed: { left: number; right: number; top: number; bottom: number }[] = [];
  const free = (left: number, right: number, top: number) =>
    top >= 0 &&
    top + MARKER_TEXT_LINE <= plotHeight &&
    placed.every(
      (box) =>
        right <= box.left ||
        left >= box.right ||
        top + MARKER_TEXT_LINE <= box.top ||
        top >= box.bottom,
    );
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
    const width = marker.text.length * AXIS_LABEL_CHAR_PX;
    const half = MARKER_SIZE / 2;
    const rightOf = marker.x + half + MARKER_TEXT_GAP;
    const textX =
      rightOf + width <= plotWidth - 4 ? rightOf : marker.x - half - MARKER_TEXT_GAP - width;
    let textY = marker.y - MARKER_TEXT_LINE / 2;
    for (let step = 1; step <= 8 && !free(textX, textX + width, textY); step++) {
      const down = marker.y - MARKER_TEXT_LINE / 2 + step * MARKER_TEXT_LINE;
      const up = marker.y - MARKER_TEXT_LINE / 2 - step * MARKER_TEXT_LINE;
      textY = free(textX, textX + width, down) ? down : up;
    }
    placed.push({
      left: textX,
      right: textX + width,
      top: textY,
      bottom: textY + MARKER_TEXT_LINE,
    });
    return {
      x: marker.x,
      y: marker.y,
      size: MARKER_SIZE,
      text: marker.text,
      textX,
      textY,
      ...(marker.color === undefined ? {} : { color: marker.color }),
    };
  });
}
