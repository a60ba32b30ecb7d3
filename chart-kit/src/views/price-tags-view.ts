import { formatPrice } from '@chart-kit/core';
import type { ChartModel } from '../model/chart-model.js';
import { PRICE_TAG_HEIGHT, type PriceTag, type PriceTagKind } from '../render/price-tag.js';
import { stackPriceTags } from './price-tag-stack.js';
import { crosshairView } from './crosshair-view.js';

interface WantedTag {
  kind: PriceTagKind;
  price: number;
  y: number;
  pinned?: boolean;
  color?: number;
}

/** How far outside the plot a line may be and still have its tag (pinned to the edge). */
const EDGE_SLACK_PX = 2;

/**
 * The price axis' tags: the revealed zone's bounds, pulled and reference lines, the user's lines
 * (and those being drawn) and the crosshair's price, stacked so that none covers another (see
 * price-tag-stack.ts); the crosshair's stays on the pointer and the others make room.
 */
export function priceTagsView(model: ChartModel): PriceTag[] {
  const { frame } = model;
  const { yOfPrice } = frame;
  const { plotHeight } = frame.layout;
  const wanted: WantedTag[] = [];
  const add = (kind: PriceTagKind, price: number, pinned = false, color?: number) => {
    const y = yOfPrice(price);
    if (y < -EDGE_SLACK_PX || y > plotHeight + EDGE_SLACK_PX) return;
    wanted.push({ kind, price, y, pinned, ...(color === undefined ? {} : { color }) });
  };
  const step = model.valueStep();
  const lineStep = model.tickSize ?? step;
  const textStep = (kind: PriceTagKind) =>
    kind === 'line' || kind === 'selected-line' ? lineStep : step;
  const zone = model.marks.revealedZone;
  if (zone && zone.progress >= 1) {
    for (const bound of [zone.zone.upper, zone.zone.lower].sort((a, b) => b - a)) {
      add('zone', bound);
    }
  }
  for (const price of model.marks.pulledLines) add('pulled', price);
  for (const line of model.marks.referenceLines) add('pulled', line.price, false, line.color);
  for (const line of model.lines.list) {
    const color = model.lines.roleOf(line)?.color;
    add(line.id === model.selectedLine ? 'selected-line' : 'line', line.price, false, color);
  }
  for (const price of model.draftLines ?? []) add('selected-line', price);
  const crosshair = crosshairView(model);
  if (crosshair && crosshair.y >= 0 && crosshair.y <= plotHeight) {
    wanted.push({ kind: 'crosshair', price: crosshair.price, y: crosshair.y, pinned: true });
  }
  const shown = withoutRepeatedTags(
    wanted.map((tag) => ({ ...tag, text: formatPrice(tag.price, textStep(tag.kind)) })),
  );
  if (shown.length === 0) return [];
  const centres = stackPriceTags(
    shown.map((tag) => ({ y: tag.y, height: PRICE_TAG_HEIGHT, pinned: tag.pinned })),
    { top: 0, bottom: plotHeight },
  );
  return shown.map((tag, index) => ({
    kind: tag.kind,
    ...(tag.color === undefined ? {} : { color: tag.color }),
    text: tag.text,
    y: centres[index] ?? tag.y,
  }));
}

/**
 * Which tag stays when two touching tags would read the same price: the line being moved, the
 * user's lines, the revealed zone, pulled and reference lines (whose labels on the plot still
 * name them), and last the crosshair, which would only repeat the tag of what it rests on.
 */
const TAG_PRIORITY: Record<PriceTagKind, number> = {
  'selected-line': 4,
  line: 3,
  zone: 2,
  pulled: 1,
  crosshair: 0,
};

/**
 * The tags without repeats: of two with the same text that would touch on the axis ("146.84 /
 * 146.84", a line on a zone's bound, the crosshair resting on a line), only the one of higher
 * priority (the earlier of equals). Equal texts a tag height apart (zoomed far in) both stay.
 */
function withoutRepeatedTags<Tag extends WantedTag & { text: string }>(
  tags: readonly Tag[],
): Tag[] {
  const outranks = (other: Tag, otherIndex: number, tag: Tag, index: number) =>
    TAG_PRIORITY[other.kind] > TAG_PRIORITY[tag.kind] ||
    (TAG_PRIORITY[other.kind] === TAG_PRIORITY[tag.kind] && otherIndex < index);
  return tags.filter(
    (tag, index) =>
      !tags.some(
        (other, otherIndex) =>
          otherIndex !== index &&
          other.text === tag.text &&
          Math.abs(other.y - tag.y) < PRICE_TAG_HEIGHT &&
          outranks(other, otherIndex, tag, index),
      ),
  );
}
