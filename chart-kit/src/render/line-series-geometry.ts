/**
 * How a line series is drawn, shared by every renderer (the WebGL mesh and the Canvas 2D painter)
 * so that both cover the same pixels: each segment between two vertices is a quad as wide as the
 * line, turned along the segment and lengthened by half the width at either end, so segments
 * overlap at their joints instead of leaving a notch.
 */

/** Receives a quad's four corners clockwise, in CSS pixels. */
export type QuadSink = (
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
) => void;

/** Default colours of line series by their place (blue, purple, amber, pink, cyan, lime). */
export const LINE_SERIES_COLORS = [0x42a5f5, 0xab47bc, 0xffb300, 0xec407a, 0x26c6da, 0x9ccc65];

/**
 * The quads of a polyline through `count` vertices (`xy`: x0, y0, x1, y1, ... in CSS pixels),
 * `width` CSS pixels thick (at least a device pixel). Vertices far outside the plot still give
 * their segment: the plot's edges are covered by the axis panels.
 */
export function lineSegmentQuads(
  xy: ArrayLike<number>,
  count: number,
  width: number,
  devicePixelRatio: number,
  quad: QuadSink,
): void {
  const half = Math.max(width, 1 / devicePixelRatio) / 2;
  if (count === 1) {
    const x = xy[0] ?? 0;
    const y = xy[1] ?? 0;
    quad(x - half, y - half, x + half, y - half, x + half, y + half, x - half, y + half);
    return;
  }
  for (let i = 1; i < count; i++) {
    const ax = xy[2 * i - 2] ?? 0;
    const ay = xy[2 * i - 1] ?? 0;
    const bx = xy[2 * i] ?? 0;
    const by = xy[2 * i + 1] ?? 0;
    const length = Math.hypot(bx - ax, by - ay);
    // A zero-length segment (a flat column of a decimated line) still shows as a square dot.
    // Scalars, not a destructured pair: this runs for every segment of every frame.
    const ex = length > 0 ? ((bx - ax) / length) * half : half;
    const ey = length > 0 ? ((by - ay) / length) * half : 0;
    // The normal, pointing left of the direction of travel.
    const nx = -ey;
    const ny = ex;
    quad(
      ax - ex + nx,
      ay - ey + ny,
      bx + ex + nx,
      by + ey + ny,
      bx + ex - nx,
      by + ey - ny,
      ax - ex - nx,
      ay - ey - ny,
    );
  }
}
