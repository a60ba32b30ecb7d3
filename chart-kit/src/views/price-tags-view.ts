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
  const zoneBounds = new Set<string>();
  // A user's line on a revealed zone's bound (drawn there before the reveal, or snapped to it)
  // keeps its own tag; the zone's would only repeat it: "146.84 146.84".
  const userLineTexts = new Set(
    [...model.lines.list.map((line) => line.price), ...(model.draftLines ?? [])].map((price) =>
      formatPrice(price, lineStep),
    ),
  );
  if (zone && zone.progress >= 1) {
    for (const bound of [zone.zone.upper, zone.zone.lower].sort((a, b) => b - a)) {
      const text = formatPrice(bound, step);
      zoneBounds.add(text);
      if (!userLineTexts.has(text)) add('zone', bound);
    }
  }
  // A pulled or reference line drawn on a zone's bound (a lesson picture showing the two lines
  // that mark it, a plan's entry at the zone's proximal line) would only repeat the zone's tag
  // beside it: "50.55 50.55 50.15 50.15". Its own label on the plot still names it.
  for (const price of model.marks.pulledLines) {
    if (!zoneBounds.has(formatPrice(price, step))) add('pulled', price);
  }
  for (const line of model.marks.referenceLines) {
    if (!zoneBounds.has(formatPrice(line.price, step)))
      add('pulled', line.price, false, line.color);
  }
  for (const line of model.lines.list) {
    const color = model.lines.roleOf(line)?.color;
    add(line.id === model.selectedLine ? 'selected-line' : 'line', line.price, false, color);
  }
  for (const price of model.draftLines ?? []) add('selected-line', price);
  const crosshair = crosshairView(model);
  // Resting on a line, the crosshair would repeat the line's tag beside it.
  const onTaggedPrice =
    crosshair !== undefined &&
    wanted.some(
      (tag) =>
        Math.abs(tag.y - crosshair.y) < PRICE_TAG_HEIGHT &&
        formatPrice(tag.price, textStep(tag.kind)) === formatPrice(crosshair.price, step),
    );
  if (crosshair && !onTaggedPrice && crosshair.y >= 0 && crosshair.y <= plotHeight) {
    wanted.push({ kind: 'crosshair', price: crosshair.price, y: crosshair.y, pinned: true });
  }
  if (wanted.length === 0) return [];
  const centres = stackPriceTags(
    wanted.map((tag) => ({ y: tag.y, height: PRICE_TAG_HEIGHT, pinned: tag.pinned })),
    { top: 0, bottom: plotHeight },
  );
  return wanted.map((tag, index) => ({
    kind: tag.kind,
    ...(tag.color === undefined ? {} : { color: tag.color }),
    text: formatPrice(tag.price, textStep(tag.kind)),
    y: centres[index] ?? tag.y,
  }));
}
