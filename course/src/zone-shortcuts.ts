import type { Candle } from '@chart-kit/core';
import { gradeZone, type GradedZone, type GradeResult } from './grade.js';
import type { ZoneType } from './zones.js';

/** Candle indexes (inclusive) of a chart's opening view. */
export interface ViewWindow {
  from: number;
  to: number;
}

/** A box drawn without the skill, and how the course grades it on the first try. */
export interface LazyBox {
  lines: [number, number];
  grade: GradeResult;
}

/** The two lazy boxes of a zone chart (see {@link lazyBoxes}). */
export interface LazyBoxes {
  /** At the opening view's lowest low (demand) or highest high (supply). */
  view: LazyBox;
  /** At the same extreme of every candle the learner can scroll back to. */
  history: LazyBox;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

function boxAtExtreme(
  candles: readonly Candle[],
  type: ZoneType,
  height: number,
): [number, number] {
  if (type === 'demand') {
    const low = Math.min(...candles.map((candle) => candle.low));
    return [low, low + height];
  }
  const high = Math.max(...candles.map((candle) => candle.high));
  return [high, high - height];
}

/**
 * The shortcut a zone exercise must not reward: a box one median candle range tall (the median
 * of the candles in the opening view) drawn at the opening view's lowest low for a demand zone
 * (its highest high for supply), and the same box at that extreme of the whole puzzle, each
 * graded with {@link gradeZone} against the answer as a first try. `puzzle` is what the learner
 * sees before the reveal; `view` the candle indexes the chart opens on.
 */
export function lazyBoxes(
  puzzle: readonly Candle[],
  view: ViewWindow,
  zone: GradedZone & { type: ZoneType },
): LazyBoxes {
  const inView = puzzle.slice(Math.max(0, view.from), view.to + 1);
  if (inView.length === 0) throw new RangeError(`no candles in view ${view.from} to ${view.to}`);
  const height = median(inView.map((candle) => candle.high - candle.low));
  const graded = (lines: [number, number]): LazyBox => ({ lines, grade: gradeZone(lines, zone) });
  return {
    view: graded(boxAtExtreme(inView, zone.type, height)),
    history: graded(boxAtExtreme(puzzle, zone.type, height)),
  };
}
