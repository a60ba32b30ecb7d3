import { ChartDataError } from '../../src/model/chart-data-error.js';
import { ChartModel } from '../../src/model/chart-model.js';
import { ChartStartError, isChartError, toChartError } from '../../src/engine/chart-error.js';
import type { Candle } from '@chart-kit/core';
import { waveSeries } from '../browser/series.js';

const GOOD = waveSeries(50);

function withBadCandle(index: number, change: Partial<Candle>): Candle[] {
  return GOOD.map((candle, i) => (i === index ? { ...candle, ...change } : candle));
}

function dataErrorOf(create: () => unknown): ChartDataError {
  try {
    create();
  } catch (error) {
    if (error instanceof ChartDataError) return error;
    throw error;
  }
  throw new Error('expected a ChartDataError');
}

describe('data errors name the candle and the problem, and nothing about WebGL', () => {
  it('for a single series: index, time and problem', () => {
    const bad = withBadCandle(7, { high: 1 });
    const error = dataErrorOf(() => new ChartModel({ candles: bad }));
    expect(error.kind).toBe('data');
    expect(error.index).toBe(7);
    expect(error.time).toBe(GOOD[7]?.time);
    expect(error.timeframe).toBeUndefined();
    expect(error.problem).toMatch(/^high 1 is below the body top/);
    expect(error.message).toBe(`Candle 7 (time ${GOOD[7]?.time}): ${error.problem}`);
    expect(error.message).not.toMatch(/webgl/i);
    expect(isChartError(error)).toBe(true);
  });

  it('for several timeframes: which series; a time that is not a number is left out', () => {
    const bad = withBadCandle(3, { time: Number.NaN });
    const error = dataErrorOf(() => new ChartModel({ series: { '5min': bad } }));
    expect(error.timeframe).toBe('5min');
    expect(error.time).toBeUndefined();
    expect(error.message).toBe('Candle 3 of the 5min series: time is not a finite number (NaN)');
  });

  it('a missing candle (a hole, or null from JSON) is named too', () => {
    const holey = [...GOOD] as (Candle | null)[];
    holey[2] = null;
    const error = dataErrorOf(() => new ChartModel({ candles: holey as Candle[] }));
    expect(error.index).toBe(2);
    expect(error.problem).toBe('is not a candle object (null)');
  });

  it('new data that is bad changes nothing: the chart keeps what it showed', () => {
    const model = new ChartModel({ candles: GOOD });
    const view = model.viewport;
    const error = dataErrorOf(() => {
      model.setData({ candles: withBadCandle(10, { time: GOOD[9]?.time ?? 0 }) });
    });
    expect(error.problem).toMatch(/^duplicate time/);
    expect(model.series.count).toBe(GOOD.length);
    expect(model.viewport).toEqual(view);
  });

  it('anything else thrown while starting becomes a start-failed error with its cause', () => {
    const cause = new TypeError('shader did not compile');
    const error = toChartError(cause);
    expect(error).toBeInstanceOf(ChartStartError);
    expect(error.kind).toBe('start-failed');
    expect(error.message).toBe('The chart could not start: shader did not compile');
    expect((error as ChartStartError).cause).toBe(cause);
  });
});
