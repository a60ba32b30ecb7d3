import type { ChartModel } from '../model/chart-model.js';
import type { OverlayState } from '../render/overlay-layer.js';

const NO_DRAFT: readonly number[] = [];

/**
 * What the overlay layer draws: the user's lines and those a gesture is drawing, the zone box
 * between the first two of them, pulled lines, the revealed zone and highlighted candles.
 */
export function overlayView(model: ChartModel): OverlayState {
  const lines = model.lines.list;
  const draftLines = model.draftLines ?? NO_DRAFT;
  const [first, second] = [...lines.map((line) => line.price), ...draftLines];
  const shown = model.marks.revealedZone;
  return {
    lines,
    draftLines,
    selectedId: model.selectedLine,
    hoveredId: model.hoveredLine,
    userZone:
      first !== undefined && second !== undefined
        ? { upper: Math.max(first, second), lower: Math.min(first, second) }
        : undefined,
    pulledLines: model.marks.pulledLines,
    revealedZone: shown && { ...shown.zone, progress: shown.progress },
    highlighted: model.marks.highlighted,
  };
}
