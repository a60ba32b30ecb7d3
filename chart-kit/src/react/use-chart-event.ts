import { useEffect, useRef } from 'react';
import type { ChartEngine, ChartEvents } from '../engine/chart-engine.js';

/**
 * Calls `listener` on each `event` of the engine while mounted. The latest listener is always
 * called, so an inline arrow function does not resubscribe on every render.
 */
export function useChartEvent<K extends keyof ChartEvents>(
  engine: ChartEngine | undefined,
  event: K,
  listener: (payload: ChartEvents[K]) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!engine) return;
    return engine.on(event, (payload) => {
      latest.current(payload);
    });
  }, [engine, event]);
}
