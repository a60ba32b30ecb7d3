/** WCAG 2 relative luminance of a 0xRRGGBB colour. */
export function relativeLuminance(color: number): number {
  const channel = (shift: number) => {
    const value = ((color >> shift) & 0xff) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** WCAG 2 contrast ratio of two 0xRRGGBB colours (1 to 21). */
export function contrastRatio(first: number, second: number): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * Of the candidate text colours, the one that reads best on `background`. Tags take their fill
 * from the theme (or the caller), so a fixed white text measured 3.2:1 on the dark theme's blue
 * zone tag and 2.7:1 on its violet pulled-line tag.
 */
export function readableTextOn(background: number, candidates: readonly number[]): number {
  let best = candidates[0] ?? 0xffffff;
  for (const candidate of candidates) {
    if (contrastRatio(candidate, background) > contrastRatio(best, background)) best = candidate;
  }
  return best;
}
