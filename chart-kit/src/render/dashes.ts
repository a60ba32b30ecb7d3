/** Length of a dash and of the gap after it, in CSS pixels. */
export const DASH = 4;
export const DASH_GAP = 3;
const PERIOD = DASH + DASH_GAP;

/**
 * The dashes of the pattern anchored at 0 that fall within `from..to`, clipped to it: dashes are
 * laid out from the plot's left (or top) edge whatever the line's start, so they do not crawl
 * while panning. Shared by every renderer.
 */
export function forEachDash(
  from: number,
  to: number,
  dash: (start: number, end: number) => void,
): void {
  for (let start = Math.floor(from / PERIOD) * PERIOD; start < to; start += PERIOD) {
    const clippedStart = Math.max(start, from);
    const clippedEnd = Math.min(start + DASH, to);
    if (clippedEnd > clippedStart) dash(clippedStart, clippedEnd);
  }
}
