import { useCallback, useState } from 'react';
import type { ChartEngine } from 'chart-kit';

declare global {
  interface Window {
    /**
     * The chart of the story on screen: try `chartEngine.addLine(180)` in the browser console.
     * The Storybook browser tests drive and inspect stories through it.
     */
    chartEngine?: ChartEngine;
  }
}

/** Makes `engine` the page's `window.chartEngine` (or removes it when the chart goes away). */
export function exposeEngine(engine: ChartEngine | undefined): void {
  if (engine) window.chartEngine = engine;
  else if (window.chartEngine?.canvas.isConnected === false) delete window.chartEngine;
}

/**
 * The engine of a `<Chart>` as React state, for stories that call its methods: pass `onEngine` to
 * the chart. The engine is also exposed on `window.chartEngine`.
 */
export function useStoryEngine(): [
  ChartEngine | undefined,
  (engine: ChartEngine | undefined) => void,
] {
  const [engine, setEngine] = useState<ChartEngine>();
  const onEngine = useCallback((next: ChartEngine | undefined) => {
    setEngine(next);
    exposeEngine(next);
  }, []);
  return [engine, onEngine];
}
