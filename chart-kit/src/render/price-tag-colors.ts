import { INK } from './chart-style.js';
import type { PriceTag } from './price-tag.js';
import { readableTextOn } from './readable-text.js';
import type { ChartTheme } from './themes.js';

/** A price tag's fill (its kind's theme colour, or a role's) and the text colour that reads on it. */
export function priceTagColors(
  tag: PriceTag,
  theme: ChartTheme,
): { background: number; text: number } {
  const background = tagBackground(tag, theme);
  return { background, text: readableTextOn(background, [theme.tagText, theme.background, INK]) };
}

function tagBackground(tag: PriceTag, theme: ChartTheme): number {
  if (tag.color !== undefined) return tag.color;
  switch (tag.kind) {
    case 'zone':
      return theme.revealedZone;
    case 'pulled':
      return theme.pulledLine;
    case 'line':
      return theme.line;
    case 'selected-line':
      return theme.selectedLine;
    case 'crosshair':
      return theme.crosshairTag;
  }
}
