import type { Candle } from '@chart-kit/core';
import { lazyBoxes } from './zone-shortcuts.js';

const candle = (time: number, low: number, high: number): Candle => ({
  time,
  open: low + (high - low) / 4,
  high,
  low,
  close: high - (high - low) / 4,
  volume: 100,
});

// Price dips to 9 long before the view, then trades between 10 and 12 with a low at 10.
const puzzle: Candle[] = [
  candle(0, 9, 9.5),
  candle(300, 10.5, 11),
  candle(600, 10, 10.5),
  candle(900, 10.6, 11.1),
  candle(1200, 11, 12),
];
const view = { from: 1, to: 4 };

describe('lazyBoxes', () => {
  it('passes at the view extreme when the answer sits there, not at the older low', () => {
    const boxes = lazyBoxes(puzzle, view, { type: 'demand', lower: 10, upper: 10.5 });
    expect(boxes.view.lines).toEqual([10, 10.5]);
    expect(boxes.view.grade.pass).toBe(true);
    expect(boxes.history.lines).toEqual([9, 9.5]);
    expect(boxes.history.grade.pass).toBe(false);
  });

  it('misses an answer mid-chart', () => {
    const boxes = lazyBoxes(puzzle, view, { type: 'demand', lower: 10.6, upper: 10.9 });
    expect(boxes.view.grade.pass).toBe(false);
    expect(boxes.history.grade.pass).toBe(false);
  });

  it('boxes a supply zone down from the highest high', () => {
    const boxes = lazyBoxes(puzzle, view, { type: 'supply', lower: 11.5, upper: 12 });
    expect(boxes.view.lines).toEqual([12, 11.5]);
    expect(boxes.view.grade.pass).toBe(true);
  });
});
