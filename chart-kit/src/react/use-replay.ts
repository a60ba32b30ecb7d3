import { useCallback } from 'react';
import type { ChartEngine, ReplayOptions } from '../engine/chart-engine.js';
import type { ReplayState } from '../model/replay.js';
import { useEngineValue } from './use-engine-value.js';

export interface UseReplayResult {
  state: ReplayState;
  start: (options: ReplayOptions) => void;
  pause: () => void;
  resume: () => void;
  step: () => void;
  stop: () => void;
}

const IDLE: ReplayState = { status: 'idle', shown: 0, total: 0 };

/** Replay controls and progress ("what price did next") as React state. */
export function useReplay(engine: ChartEngine | undefined): UseReplayResult {
  const state = useEngineValue(engine, ['replaychange'], (chart) => chart.replayState, IDLE);
  return {
    state,
    start: useCallback((options: ReplayOptions) => engine?.startReplay(options), [engine]),
    pause: useCallback(() => engine?.pauseReplay(), [engine]),
    resume: useCallback(() => engine?.resumeReplay(), [engine]),
    step: useCallback(() => engine?.stepReplay(), [engine]),
    stop: useCallback(() => engine?.stopReplay(), [engine]),
  };
}
