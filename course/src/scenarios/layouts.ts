import type { ScenarioStyle } from './scenario-types.js';

/** Where a chart's parts go, as ranges of candles each attempt draws from. */
export interface Layout {
  /** Sessions of new candles (after a continued chart's). */
  sessions: number;
  /** Where the pattern's context starts, in candles from the start of the new candles. */
  patternStart: [number, number];
  /** Candles of the context that leads into the pattern. */
  context: [number, number];
  /** Candles of the drift further away after the move away. */
  away: [number, number];
  /** Candles of the pull back towards the answer that ends the puzzle. */
  pullBack: [number, number];
}

export const LAYOUTS: Record<ScenarioStyle | 'continuation', Layout> = {
  normal: {
    sessions: 5,
    patternStart: [160, 240],
    context: [16, 30],
    away: [6, 22],
    pullBack: [6, 16],
  },
  easy: {
    sessions: 3,
    patternStart: [95, 135],
    context: [14, 24],
    away: [5, 14],
    pullBack: [5, 10],
  },
  continuation: {
    sessions: 1,
    patternStart: [2, 8],
    context: [4, 8],
    away: [4, 10],
    pullBack: [5, 10],
  },
};
