import type { ChartDataCandle, ExerciseChartData } from '../api/index.js';
import { REACTION_CANDLES, replayUntil } from './chart-series.js';

const candle = (index: number, low: number, high: number): ChartDataCandle => ({
  time: 1_700_000_000 + index * 300,
  open: low,
  high,
  low,
  close: high,
});

function chartWithNext(next: ChartDataCandle[]): ExerciseChartData {
  return {
    type: 'demand',
    timeframe: '5min',
    data: [candle(0, 104, 105)],
    view: { from: 0, to: 0 },
    next,
  };
}

describe('replayUntil', () => {
  const zone = { upper: 101, lower: 100 };

  it('stops the replay a reaction after price came back to the zone', () => {
    const next = Array.from({ length: 100 }, (_, index) =>
      index === 10 ? candle(index + 1, 100.5, 102) : candle(index + 1, 103, 104),
    );
    expect(replayUntil(chartWithNext(next), zone)).toBe(next[10 + REACTION_CANDLES]?.time);
  });

  it('plays everything when price never came back, or stops at the end of a short one', () => {
    const away = Array.from({ length: 30 }, (_, index) => candle(index + 1, 103, 104));
    expect(replayUntil(chartWithNext(away), zone)).toBeUndefined();
    const short = [candle(1, 100.5, 102), candle(2, 103, 104)];
    expect(replayUntil(chartWithNext(short), zone)).toBe(short[1]?.time);
  });
});
