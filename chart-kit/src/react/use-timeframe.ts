import { useCallback, useState } from 'react';
import type { Timeframe } from '@chart-kit/core';
import type { ChartEngine } from '../engine/chart-engine.js';
import { useEngineValue } from './use-engine-value.js';

export interface UseTimeframeResult {
  timeframe: Timeframe | undefined;
  /** The timeframes the chart has data for. */
  timeframes: readonly Timeframe[];
  /** True while the morph between two timeframes runs. */
  switching: boolean;
  /** Switches with the animated morph; resolves when it has landed. */
  setTimeframe: (timeframe: Timeframe) => Promise<void>;
}

const NO_TIMEFRAMES: readonly Timeframe[] = [];

/** The chart's timeframe and the ones it offers (shortest first, e.g. 5min / 1hr) as React state. */
export function useTimeframe(engine: ChartEngine | undefined): UseTimeframeResult {
  const timeframe = useEngineValue(
    engine,
    ['timeframechange'],
    (chart) => chart.timeframe,
    undefined,
  );
  const timeframes = useEngineValue(
    engine,
    ['timeframechange'],
    (chart) => chart.timeframes,
    NO_TIMEFRAMES,
  );
  const [switching, setSwitching] = useState(false);

  const setTimeframe = useCallback(
    async (next: Timeframe) => {
      if (!engine) return;
      setSwitching(true);
      try {
        await engine.setTimeframe(next);
      } finally {
        setSwitching(false);
      }
    },
    [engine],
  );

  return { timeframe, timeframes, switching, setTimeframe };
}
