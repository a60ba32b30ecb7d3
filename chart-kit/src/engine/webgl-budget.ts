/**
 * WebGL contexts the charts of one page may hold at once. Chromium keeps about 16 a page and
 * silently drops the oldest beyond that (its charts go blank); the rest are left to the page's
 * own canvases and to charts that ask for WebGL outright. Beyond this, charts stay on Canvas 2D.
 */
export const WEBGL_CHARTS_PER_PAGE = 8;

let inUse = 0;

/**
 * Takes one of the page's WebGL places for a chart, or returns undefined when none is left.
 * The returned function gives it back (once, however often it is called).
 */
export function reserveWebGLPlace(
  options: { beyondBudget?: boolean } = {},
): (() => void) | undefined {
  // A chart that asked for WebGL outright gets it, and counts against the charts that did not.
  if (inUse >= WEBGL_CHARTS_PER_PAGE && !options.beyondBudget) return undefined;
  inUse++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inUse--;
  };
}

/** How many charts of the page hold a WebGL place now (tests and diagnostics). */
export function webglPlacesInUse(): number {
  return inUse;
}
