/** A tag wanting to sit centred on `y` on the price axis. */
export interface TagSlot {
  y: number;
  height: number;
  /** Stays exactly at `y` (the crosshair's tag); the others make room around it. At most one. */
  pinned?: boolean;
}

interface Span {
  /** Index of the tag in the caller's list. */
  index: number;
  desired: number;
  height: number;
}

/**
 * Where each price tag goes so that none overlaps another, as a chart's price axis stacks its
 * labels: every tag stays inside `top..bottom`, tags keep the order of their prices, and tags
 * that would collide are pushed apart as a group centred where its tags want to be (so a tag
 * moves as little as the others let it). A pinned tag never moves: the tags above it stack
 * upwards and those below it downwards, moving to the other side only when one runs out of room.
 * Returns the centre of each tag, in the order given.
 */
export function stackPriceTags(
  tags: readonly TagSlot[],
  bounds: { top: number; bottom: number },
): number[] {
  const centres = tags.map((tag) => tag.y);
  const pinnedIndex = tags.findIndex((tag) => tag.pinned);
  const pinned = tags[pinnedIndex];
  const spans: Span[] = [];
  tags.forEach((tag, index) => {
    if (index === pinnedIndex) return;
    const half = tag.height / 2;
    spans.push({
      index,
      desired: clamp(tag.y, bounds.top + half, bounds.bottom - half),
      height: tag.height,
    });
  });
  spans.sort((a, b) => a.desired - b.desired || a.index - b.index);

  if (!pinned) {
    placeInside(spans, bounds.top, bounds.bottom, centres);
    return centres;
  }
  const pinnedCentre = clamp(
    pinned.y,
    bounds.top + pinned.height / 2,
    bounds.bottom - pinned.height / 2,
  );
  centres[pinnedIndex] = pinnedCentre;
  const gapTop = pinnedCentre - pinned.height / 2;
  const gapBottom = pinnedCentre + pinned.height / 2;
  let above = spans.filter((span) => span.desired < pinnedCentre);
  let below = spans.filter((span) => span.desired >= pinnedCentre);
  const room = (list: Span[]) => list.reduce((sum, span) => sum + span.height, 0);
  // A side without room for its tags hands the ones nearest the pinned tag to the other side.
  while (room(above) > gapTop - bounds.top && room(below) < bounds.bottom - gapBottom) {
    const moved = above.at(-1);
    if (!moved) break;
    above = above.slice(0, -1);
    below = [moved, ...below];
  }
  while (room(below) > bounds.bottom - gapBottom && room(above) < gapTop - bounds.top) {
    const moved = below[0];
    if (!moved) break;
    below = below.slice(1);
    above = [...above, moved];
  }
  placeInside(above, bounds.top, gapTop, centres);
  placeInside(below, gapBottom, bounds.bottom, centres);
  return centres;
}

interface Cluster {
  spans: Span[];
  height: number;
  /** Sum over members of (desired centre - offset of its centre from the cluster's top). */
  anchorSum: number;
  top: number;
}

/** Lays sorted spans out between `top` and `bottom` without overlap, writing their centres. */
function placeInside(spans: readonly Span[], top: number, bottom: number, out: number[]): void {
  if (spans.length === 0) return;
  const total = spans.reduce((sum, span) => sum + span.height, 0);
  if (total > bottom - top) {
    // More tags than room: spread them evenly (they overlap, but all stay readable in order).
    const step =
      spans.length > 1 ? (bottom - top - (spans[0]?.height ?? 0)) / (spans.length - 1) : 0;
    spans.forEach((span, i) => {
      out[span.index] = top + span.height / 2 + i * step;
    });
    return;
  }
  const clusters: Cluster[] = [];
  for (const span of spans) {
    let cluster: Cluster = {
      spans: [span],
      height: span.height,
      anchorSum: span.desired - span.height / 2,
      top: 0,
    };
    position(cluster, top, bottom);
    let previous = clusters.at(-1);
    while (previous && previous.top + previous.height > cluster.top) {
      clusters.pop();
      cluster = merge(previous, cluster);
      position(cluster, top, bottom);
      previous = clusters.at(-1);
    }
    clusters.push(cluster);
  }
  for (const cluster of clusters) {
    let y = cluster.top;
    for (const span of cluster.spans) {
      out[span.index] = y + span.height / 2;
      y += span.height;
    }
  }
}

function merge(first: Cluster, second: Cluster): Cluster {
  // The second cluster's members sit `first.height` lower within the merged cluster.
  return {
    spans: [...first.spans, ...second.spans],
    height: first.height + second.height,
    anchorSum: first.anchorSum + second.anchorSum - second.spans.length * first.height,
    top: 0,
  };
}

/** The cluster's top that puts its members, on average, where they want to be, inside the bounds. */
function position(cluster: Cluster, top: number, bottom: number): void {
  cluster.top = clamp(cluster.anchorSum / cluster.spans.length, top, bottom - cluster.height);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}
