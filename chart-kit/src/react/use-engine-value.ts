import { useCallback, useSyncExternalStore } from 'react';
import type { ChartEngine, ChartEvents } from '../engine/chart-engine.js';

/**
 * A value read from the engine that re-renders when one of `events` fires. `read` must return the
 * same object until the value changes (the engine's getters do), as useSyncExternalStore requires.
 */
export function useEngineValue<T>(
  engine: ChartEngine | undefined,
  events: readonly (keyof ChartEvents)[],
  read: (engine: ChartEngine) => T,
  fallback: T,
): T {
  const eventKey = events.join(' ');
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!engine) return noop;
      const offs = eventKey
        .split(' ')
        .map((event) => engine.on(event as keyof ChartEvents, onChange));
      return () => {
        for (const off of offs) off();
      };
    },
    [engine, eventKey],
  );
  const snapshot = () => (engine ? read(engine) : fallback);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function noop(): void {
  // Nothing to unsubscribe before the engine exists.
}
