import {
  aggregateTimeframe,
  type Candle,
  STANDARD_TIMEFRAMES,
  SeriesStore,
  type Timeframe,
  TimeframeError,
  TimeframeMultipleError,
} from '@chart-kit/core';
import { ChartModel } from '../../src/model/chart-model.js';
import { SeriesSet } from '../../src/model/series-set.js';
import { MAX_MORPH_CANDLES, TimeframeMorph } from '../../src/model/timeframe-morph.js';
import { ChartHarness } from '../harness/chart-harness.js';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
// Monday 2024-01-08 00:00 UTC; 14:30 UTC is the 09:30 New York open in winter.
const MONDAY = 1_704_672_000;

/** 1-minute candles of 09:30 to 16:00 New York sessions on weekdays, `weeks` weeks long. */
function usMinutes(weeks: number): Candle[] {
  const candles: Candle[] = [];
  let price = 100;
  for (let day = 0; day < weeks * 7; day++) {
    if (day % 7 >= 5) continue;
    for (let minute = 0; minute < 390; minute++) {
      const open = price;
      price = Math.round((price + Math.sin((day * 390 + minute) / 37) * 0.2) * 100) / 100;
      candles.push({
        time: MONDAY + day * DAY + 14.5 * HOUR + minute * MINUTE,
        open,
        close: price,
        high: Math.max(open, price) + 0.05,
        low: Math.min(open, price) - 0.05,
      });
    }
  }
  return candles;
}

const MINUTES = usMinutes(2);

describe('timeframes aggregated from the base series', () => {
  it('offers every timeframe asked for, shortest first, aggregated by session', () => {
    const set = new SeriesSet({ series: { '1min': MINUTES }, timeframes: ['1D', '4hr', '15min'] });
    expect(set.timeframes).toEqual(['1min', '15min', '4hr', '1D']);
    expect(set.initial).toBe('1min');
    const fourHours = set.require('4hr');
    // Two candles a session, from 09:30 and 13:30 New York time; ten sessions.
    expect(fourHours.count).toBe(20);
    expect([fourHours.times[0], fourHours.times[1]]).toEqual([
      MONDAY + 14.5 * HOUR,
      MONDAY + 18.5 * HOUR,
    ]);
    expect(set.require('1D').count).toBe(10);
    expect(set.periodSeconds('4hr')).toBe(4 * HOUR);
    expect(set.periodSeconds('1D')).toBe(DAY);
  });

  it("still aggregates '1hr' from '5min' when no timeframes are asked for", () => {
    const fiveMinute = aggregateTimeframe(MINUTES, '5min');
    const set = new SeriesSet({ series: { '5min': fiveMinute } });
    expect(set.timeframes).toEqual(['5min', '1hr']);
    expect(set.initial).toBe('5min');
    expect(set.require('1hr').count).toBe(7 * 10);
  });

  it('keeps given series as they are and aggregates only the missing ones from the shortest', () => {
    const hourly = aggregateTimeframe(MINUTES, '1hr');
    const set = new SeriesSet({
      series: { '1hr': hourly, '5min': aggregateTimeframe(MINUTES, '5min') },
      timeframes: ['15min'],
      timeframe: '1hr',
    });
    expect(set.timeframes).toEqual(['5min', '15min', '1hr']);
    expect(set.initial).toBe('1hr');
    expect(set.require('1hr').count).toBe(hourly.length);
    expect(set.require('15min').count).toBe(26 * 10);
  });

  it('refuses a timeframe that is not a whole multiple of the base, and a malformed one', () => {
    const tenMinute = aggregateTimeframe(MINUTES, '10min');
    expect(() => new ChartModel({ series: { '10min': tenMinute }, timeframes: ['15min'] })).toThrow(
      TimeframeMultipleError,
    );
    expect(() => new ChartModel({ series: { '5min': MINUTES }, timeframes: ['1min'] })).toThrow(
      TimeframeMultipleError,
    );
    expect(
      () => new ChartModel({ series: { '1min': MINUTES }, timeframes: ['1h' as Timeframe] }),
    ).toThrow(TimeframeError);
    // TypeScript reads '1 ' as a number, so only the check at run time catches this one.
    expect(() => new ChartModel({ series: { '1 min': MINUTES } })).toThrow(TimeframeError);
  });
});

describe('switching between any two timeframes', () => {
  const pairs = STANDARD_TIMEFRAMES.flatMap((from) =>
    STANDARD_TIMEFRAMES.filter((to) => to !== from).map((to) => [from, to] as const),
  );

  it.each(pairs)('morphs %s -> %s and keeps the lines at their prices', async (from, to) => {
    const harness = new ChartHarness({
      series: { '1min': MINUTES },
      timeframes: STANDARD_TIMEFRAMES,
      timeframe: from,
    });
    harness.model.addLines([101.25, 99.5]);
    const landed = harness.model.setTimeframe(to);
    // An animation, not a cut: the frame belongs to neither timeframe until it lands.
    expect(harness.model.morphing).toBe(true);
    harness.advance(160);
    const drawn = harness.model.drawn;
    expect(drawn.kind).toBe('morph');
    if (drawn.kind === 'morph') expect(drawn.candles.count).toBeGreaterThan(0);
    harness.advance(400);
    await landed;
    expect(harness.model.morphing).toBe(false);
    expect(harness.model.timeframe).toBe(to);
    expect(harness.linePrices()).toEqual([101.25, 99.5]);
    expect(harness.lastAnnouncement).toBe(`Showing ${to} candles.`);
    harness.dispose();
  });

  it('goes 1min -> 1D -> 1min with the morph, the lines kept, and the latest candle in view', async () => {
    const harness = new ChartHarness({
      series: { '1min': MINUTES },
      timeframes: STANDARD_TIMEFRAMES,
    });
    harness.model.addLine(100.5);
    const down = harness.model.setTimeframe('1D');
    expect(harness.model.morphing).toBe(true);
    harness.advance(400);
    await down;
    const daily = harness.model.series;
    expect(harness.model.viewport.toIndex).toBeGreaterThanOrEqual(daily.count - 1);
    const up = harness.model.setTimeframe('1min');
    expect(harness.model.morphing).toBe(true);
    harness.advance(400);
    await up;
    expect(harness.model.series.count).toBe(MINUTES.length);
    expect(harness.model.viewport.toIndex).toBeGreaterThanOrEqual(MINUTES.length - 1);
    expect(harness.linePrices()).toEqual([100.5]);
    harness.dispose();
  });
});

describe('TimeframeMorph several levels apart', () => {
  // Eleven weeks of 1-minute candles: more than the morph animates.
  const many = usMinutes(11);
  const fine = new SeriesStore(many);
  const coarse = new SeriesStore(aggregateTimeframe(many, '1D'));
  const fineView = { fromIndex: many.length - 81, toIndex: many.length - 1 };
  const coarseView = { fromIndex: coarse.count - 41, toIndex: coarse.count - 1 };

  it('moves only the fine candles on screen and grows the other daily candles in place', () => {
    expect(40 * 390).toBeLessThan(MAX_MORPH_CANDLES);
    const longView = { fromIndex: 0, toIndex: coarse.count - 1 };
    expect(many.length).toBeGreaterThan(MAX_MORPH_CANDLES);
    const morph = new TimeframeMorph(fine, coarse, fineView, longView, DAY);
    const x = (index: number) => index;
    const start = morph.at(0, x, 1, x, 1);
    // The 81 minutes on screen, plus every other day of the daily view.
    expect(start.count).toBe(81 + coarse.count - 1);
    const end = morph.at(1, x, 1, x, 1);
    const lastDay = coarse.candle(coarse.count - 1);
    // At the end each moving minute is its day's candle.
    expect(end.high[0]).toBe(lastDay?.high);
    expect(end.low[80]).toBe(lastDay?.low);
    expect(end.centers[0]).toBe(coarse.count - 1);
  });

  it('still animates all the minutes of a daily view when they are few enough', () => {
    const morph = new TimeframeMorph(fine, coarse, fineView, coarseView, DAY);
    const x = (index: number) => index;
    expect(morph.at(0.5, x, 1, x, 1).count).toBeGreaterThan(40 * 390 - 390);
  });
});
