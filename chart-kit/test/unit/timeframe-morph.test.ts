import { jest } from '@jest/globals';
import {
  aggregateCandles,
  TIMEFRAMES,
  type Candle,
  SeriesStore,
  indexAtTime,
  maxViewportBars,
  timeAtIndex,
} from '@chart-kit/core';
import { ReplayController, type ReplayState } from '../../src/model/replay.js';
import { TimeframeMorph, viewAfterSwitch } from '../../src/model/timeframe-morph.js';

const HOUR = 3600;
const fiveMinute: Candle[] = Array.from({ length: 48 }, (_, i) => ({
  time: 10 * HOUR + i * 300,
  open: 100 + i,
  close: 100.5 + i,
  high: 101 + i,
  low: 99 + i,
}));
const fine = new SeriesStore(fiveMinute);
const coarse = new SeriesStore(aggregateCandles(fiveMinute, TIMEFRAMES['1hr']));

describe('index <-> time mapping', () => {
  it('is linear between candles, extrapolates by the period, and round-trips', () => {
    expect(timeAtIndex(fine.times, 1.5, 300)).toBe(10 * HOUR + 450);
    expect(timeAtIndex(fine.times, -2, 300)).toBe(10 * HOUR - 600);
    expect(timeAtIndex(fine.times, 49, 300)).toBe(10 * HOUR + 49 * 300);
    for (const index of [-3, 0, 7.25, 47, 50.5]) {
      expect(indexAtTime(fine.times, timeAtIndex(fine.times, index, 300), 300)).toBeCloseTo(index);
    }
  });
});

describe('viewAfterSwitch', () => {
  it('keeps the same time when splitting hours into 5-min candles', () => {
    const view = viewAfterSwitch(
      { times: coarse.times, periodSeconds: HOUR, view: { fromIndex: 0, toIndex: 3 } },
      { times: fine.times, periodSeconds: 300 },
    );
    expect(view.fromIndex).toBeCloseTo(0);
    expect(view.toIndex).toBeCloseTo(36);
  });

  it('keeps the right-hand margin in bars and enough candles to read when merging', () => {
    const view = viewAfterSwitch(
      { times: fine.times, periodSeconds: 300, view: { fromIndex: 29.5, toIndex: 49.5 } },
      { times: coarse.times, periodSeconds: HOUR },
    );
    expect(view.toIndex).toBeCloseTo(coarse.count - 1 + 2.5);
    // Twenty bars were in view, but four hours (and room around them) are all there is: the view
    // is as wide as the clamp allows, so it stays anchored at the same end.
    expect(view.toIndex - view.fromIndex).toBe(maxViewportBars({ candleCount: coarse.count }));
    // The same four hours after a day and a half of history: twenty bars fit.
    const longer = new SeriesStore(
      Array.from({ length: 40 }, (_, i) => ({
        time: (i - 26) * HOUR,
        open: 100,
        close: 101,
        high: 102,
        low: 99,
      })),
    );
    const wide = viewAfterSwitch(
      { times: fine.times, periodSeconds: 300, view: { fromIndex: 29.5, toIndex: 49.5 } },
      { times: longer.times, periodSeconds: HOUR },
    );
    expect(wide.toIndex - wide.fromIndex).toBe(20);
  });
});

describe('TimeframeMorph', () => {
  const fineView = { fromIndex: -0.5, toIndex: 47.5 };
  const coarseView = { fromIndex: -0.5, toIndex: 3.5 };
  const morph = new TimeframeMorph(fine, coarse, fineView, coarseView, HOUR);
  const fineX = (index: number) => (index + 0.5) * 10;
  const coarseX = (index: number) => (index + 0.5) * 120;

  it('starts as the 5-min candles', () => {
    const frame = morph.at(0, fineX, 10, coarseX, 120);
    expect(frame.count).toBe(48);
    expect(frame.centers[13]).toBe(fineX(13));
    expect(frame.open[13]).toBe(fiveMinute[13]?.open);
    expect(frame.slotWidths[13]).toBe(10);
  });

  it('ends with every 5-min candle on top of its hour, with the hour prices', () => {
    const frame = morph.at(1, fineX, 10, coarseX, 120);
    const hour = coarse.candle(1);
    expect(frame.centers[13]).toBe(coarseX(1));
    expect(frame.slotWidths[13]).toBe(120);
    expect([frame.open[13], frame.high[13], frame.low[13], frame.close[13]]).toEqual([
      hour?.open,
      hour?.high,
      hour?.low,
      hour?.close,
    ]);
    expect(frame.max).toBe(coarse.priceRange?.[1]);
  });

  it('moves each volume to its hour’s total, and grows the volume of an hour with no 5-min candle', () => {
    // 5-min candles from 11:00 only: the 10:00 hour has none to morph and grows in place.
    const traded = fiveMinute.map((candle, i) => ({ ...candle, volume: 100 + i }));
    const fineTraded = new SeriesStore(traded.slice(12));
    const hoursTraded = new SeriesStore(aggregateCandles(traded, TIMEFRAMES['1hr']));
    const volumeMorph = new TimeframeMorph(
      fineTraded,
      hoursTraded,
      { fromIndex: -0.5, toIndex: 35.5 },
      { fromIndex: -0.5, toIndex: 3.5 },
      HOUR,
    );
    const hourOf = (fineIndex: number) => 1 + Math.floor(fineIndex / 12);
    // An hour's volume is the sum of its 5-min volumes (aggregation makes it so).
    const hourTotal = (hour: number) =>
      traded.slice(hour * 12, hour * 12 + 12).reduce((sum, candle) => sum + candle.volume, 0);
    expect(hoursTraded.volumes[2]).toBe(hourTotal(2));
    const start = volumeMorph.at(0, fineX, 10, coarseX, 120);
    expect(start.count).toBe(37);
    expect(start.volume[20]).toBe(traded[32]?.volume);
    expect(start.volume[36]).toBe(0);
    const middle = volumeMorph.at(0.25, fineX, 10, coarseX, 120);
    let largest = 0;
    for (let i = 0; i < 36; i++) {
      const from = traded[12 + i]?.volume ?? 0;
      const to = hourTotal(hourOf(i));
      expect(middle.volume[i]).toBeCloseTo(from + (to - from) * 0.25, 9);
      largest = Math.max(largest, middle.volume[i] ?? 0);
    }
    // The 10:00 hour, last in the frame, a quarter grown.
    expect(middle.volume[36]).toBeCloseTo(hourTotal(0) * 0.25, 9);
    expect(middle.maxVolume).toBe(Math.max(largest, middle.volume[36] ?? 0));
    const end = volumeMorph.at(1, fineX, 10, coarseX, 120);
    expect(end.volume[20]).toBe(hourTotal(hourOf(20)));
    expect(end.volume[36]).toBe(hourTotal(0));
  });

  it('refuses to animate an enormous view', () => {
    const many = new SeriesStore(
      Array.from({ length: 25_000 }, (_, i) => ({
        time: i * 300,
        open: 1,
        high: 2,
        low: 0,
        close: 1,
      })),
    );
    const hours = new SeriesStore(
      aggregateCandles(
        Array.from({ length: 25_000 }, (_, i) => ({
          time: i * 300,
          open: 1,
          high: 2,
          low: 0,
          close: 1,
        })),
        HOUR,
      ),
    );
    expect(
      () =>
        new TimeframeMorph(
          many,
          hours,
          { fromIndex: 0, toIndex: 25_000 },
          { fromIndex: 0, toIndex: 2100 },
          HOUR,
        ),
    ).toThrow(RangeError);
  });
});

describe('SeriesStore during a replay', () => {
  it('never shows a hidden candle, even merged into a zoomed-out column', () => {
    const store = new SeriesStore([
      ...fiveMinute.slice(0, 40),
      { time: fiveMinute[39]!.time + 300, open: 140, high: 500, low: 139, close: 141 },
    ]);
    const columns = store.columns(-0.5, 40.5, 8, 40);
    let highest = 0;
    for (let i = 0; i < columns.count; i++) highest = Math.max(highest, columns.high[i] ?? 0);
    expect(columns.level).toBeGreaterThan(0);
    expect(highest).toBe(fiveMinute[39]?.high);
  });
});

describe('ReplayController', () => {
  it('shows one more candle per tick, pauses, and reports the end once', () => {
    jest.useFakeTimers();
    try {
      const shown: number[] = [];
      const states: ReplayState[] = [];
      const replay = new ReplayController({
        show: (count) => shown.push(count),
        changed: (state) => states.push(state),
      });
      replay.start(3, 6, 100);
      jest.advanceTimersByTime(100);
      replay.pause();
      jest.advanceTimersByTime(1000);
      expect(shown).toEqual([3, 4]);
      replay.resume();
      jest.advanceTimersByTime(1000);
      expect(shown).toEqual([3, 4, 5, 6]);
      expect(states.filter((state) => state.status === 'finished')).toHaveLength(1);
      expect(replay.state).toEqual({ status: 'finished', shown: 6, total: 6 });
    } finally {
      jest.useRealTimers();
    }
  });
});
