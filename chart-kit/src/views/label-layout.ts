/** A rectangle of the plot in CSS pixels, `top` above `bottom`. */
export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A text's top-left corner. */
export interface TextPlace {
  x: number;
  y: number;
}

/**
 * Boxes already taken by text (and areas text should stay out of), to place new text clear of
 * them inside the plot.
 */
export class TakenBoxes {
  private readonly boxes: Box[] = [];

  constructor(
    private readonly plot: { width: number; height: number },
    private readonly lineHeight: number,
  ) {}

  take(box: Box): void {
    this.boxes.push(box);
  }

  /** Inside the plot and clear of every taken box (and of `avoid`). */
  isFree(box: Box, avoid: readonly Box[] = []): boolean {
    return (
      box.left >= 0 &&
      box.right <= this.plot.width &&
      box.top >= 0 &&
      box.bottom <= this.plot.height &&
      this.boxes.every((taken) => !overlap(box, taken)) &&
      avoid.every((other) => !overlap(box, other))
    );
  }

  boxAt(place: TextPlace, width: number): Box {
    return {
      left: place.x,
      right: place.x + width,
      top: place.y,
      bottom: place.y + this.lineHeight,
    };
  }

  /**
   * Places along a row of text whose top is `top`: `x` first, then just right of each taken box
   * the row meets, so a text slides past others on its row rather than leaving it.
   */
  alongRow(top: number, x: number, gap: number): TextPlace[] {
    const row = { left: -Infinity, right: Infinity, top, bottom: top + this.lineHeight };
    const after = this.boxes
      .filter((taken) => overlap(row, taken) && taken.right + gap > x)
      .map((taken) => taken.right + gap)
      .sort((a, b) => a - b);
    return [{ x, y: top }, ...after.map((left) => ({ x: left, y: top }))];
  }

  /**
   * The first free place of `candidates` (clear of `avoid` too), taken; the first one if none is
   * free.
   */
  place(candidates: readonly TextPlace[], width: number, avoid: readonly Box[] = []): TextPlace {
    const chosen = candidates.find((candidate) => this.isFree(this.boxAt(candidate, width), avoid));
    const place = chosen ?? candidates[0];
    if (!place) throw new RangeError('no place to choose from');
    this.take(this.boxAt(place, width));
    return place;
  }
}

function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** A label written beside a horizontal line at `y`, `width` CSS pixels wide. */
export interface LineLabel {
  y: number;
  width: number;
}

export interface LineLabelLayout {
  plot: { width: number; height: number };
  /** Height of a line of text. */
  lineHeight: number;
  /** Distance of a label from the plot's left edge. */
  inset: number;
  /** Space kept between the line and its label, and between two labels on a row. */
  gap: number;
  /** What labels must stay clear of (other texts, a zone box); added to as labels are placed. */
  taken?: TakenBoxes;
  /**
   * The y of other horizontal lines no label may be written across (a label across a
   * neighbouring line reads as that line's). The labels' own lines are always included.
   */
  lines?: readonly number[];
}

/**
 * Where the labels of horizontal lines go (e.g. "Course stop", "2R target"), in the order given,
 * so that no label covers another, anything already taken, or a line (its own or `lines`). Each
 * label goes as near its line as it can: above it at the plot's left, else below it, else
 * further along the same row past the labels in the way, else a row further from its line
 * (above, then below, alternating). Only when no place in the plot is free does a label overlap,
 * at its first choice. Returns each label's top-left corner.
 */
export function placeLineLabels(
  labels: readonly LineLabel[],
  layout: LineLabelLayout,
): TextPlace[] {
  const { plot, lineHeight, inset, gap } = layout;
  const taken = layout.taken ?? new TakenBoxes(plot, lineHeight);
  const rowsAway = Math.ceil(plot.height / lineHeight);
  const lineBoxes = [...(layout.lines ?? []), ...labels.map((label) => label.y)].map((y) => ({
    left: 0,
    right: plot.width,
    top: y - 0.5,
    bottom: y + 0.5,
  }));
  return labels.map(({ y, width }) => {
    const above = y - gap - lineHeight;
    const below = y + gap;
    const candidates: TextPlace[] = [
      { x: inset, y: above },
      { x: inset, y: below },
      ...taken.alongRow(above, inset, gap * 3),
      ...taken.alongRow(below, inset, gap * 3),
    ];
    for (let row = 1; row <= rowsAway; row++) {
      candidates.push(
        ...taken.alongRow(above - row * lineHeight, inset, gap * 3),
        ...taken.alongRow(below + row * lineHeight, inset, gap * 3),
      );
    }
    return taken.place(candidates, width, lineBoxes);
  });
}
