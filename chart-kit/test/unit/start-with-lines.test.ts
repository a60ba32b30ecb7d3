import type { Candle } from '@chart-kit/core';
import { ChartModel } from '../../src/model/chart-model.js';
import type { ChartNotice } from '../../src/model/events.js';

const CANDLES: Candle[] = Array.from({ length: 30 }, (_, i) => ({
  time: 1_700_000_000 + i * 300,
  open: 100 + (i % 3),
  high: 103 + (i % 3),
  low: 99 + (i % 3),
  close: 101 + (i % 3),
}));

describe('lines a chart starts with', () => {
  it('are the user’s own lines, kept within maxLines, and announced as no new placement', () => {
    const model = new ChartModel({ candles: CANDLES, maxLines: 2 });
    const notices: ChartNotice[] = [];
    const changes: number[] = [];
    model.events.on('notice', (notice) => notices.push(notice));
    model.events.on('lineschange', (lines) => changes.push(lines.length));

    model.startWithLines([101.5, Number.NaN, 102.5, 104]);

    expect(model.lines.list.map((line) => line.price)).toEqual([101.5, 102.5]);
    expect(notices).toEqual([]);
    expect(changes).toEqual([2]);
    // They move and go like drawn lines.
    const [first] = model.lines.list;
    expect(first && model.moveLine(first.id, 101)).toBe(true);
    expect(first && model.removeLine(first.id)).toBe(true);
    model.dispose();
  });

  it('change nothing when none are given', () => {
    const model = new ChartModel({ candles: CANDLES });
    const changes: number[] = [];
    model.events.on('lineschange', (lines) => changes.push(lines.length));
    model.startWithLines([]);
    expect(changes).toEqual([]);
    model.dispose();
  });
});
