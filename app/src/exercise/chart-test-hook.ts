import type { ChartEngine } from 'chart-kit';

declare global {
  interface Window {
    /** Set by browser tests before the app loads, to reach the exercise chart's engine. */
    __CHART_TEST__?: boolean;
    __chartEngine?: ChartEngine;
  }
}

/**
 * Hands the exercise chart's engine to a browser test (for its price <-> pixel mapping), only when
 * the test asked for it; ordinary visitors never get a global.
 */
export function exposeEngineForTests(engine: ChartEngine | undefined): void {
  if (typeof window === 'undefined' || window.__CHART_TEST__ !== true) return;
  if (engine) window.__chartEngine = engine;
  else delete window.__chartEngine;
}
