import fc from 'fast-check';
import { aggregateCandles, aggregateTimeframe } from './aggregate.js';
import { SeriesError, validateSeries, type Candle } from './candle.js';
import { sessionStarts } from './sessions.js';
import {
  STANDARD_TIMEFRAMES,
  TimeframeError,
  TimeframeMultipleError,
  timeframeSeconds,
} from './timeframe.js';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
// Monday 2024-01-08 00:00 UTC; 14:30 UTC is the 09:30 New York open in winter.
const MONDAY = 1_704_672_000;
const OPEN = 14.5 * HOUR;

/** Candles every `step` seconds from `open`; prices rise by one a candle from `firstPrice`. */
function candlesFrom(open: number, count: number, step: number, firstPrice = 100): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    time: open + i * step,
    open: firstPrice + i,
    high: firstPrice + i + 2,
    low: firstPrice + i - 1,
    close: firstPrice + i + 1,
    volume: 10,
  }));
}

/** 09:30 to 16:00 New York sessions of 1-minute candles on the given days after MONDAY. */
function usSessions(days: readonly number[]): Candle[] {
  return days.flatMap((day, n) =>
    candlesFrom(MONDAY + day * DAY + OPEN, 390, MINUTE, 100 + n * 1000),
  );
}

const times = (candles: readonly Candle[]) => candles.map((candle) => candle.time);
const clock = (day: number, hours: number, minutes = 0) =>
  MONDAY + day * DAY + hours * HOUR + minutes * MINUTE;

describe('aggregateTimeframe', () => {
  it('starts intraday buckets at the session open and ends the last one at the close', () => {
    const fourHours = aggregateTimeframe(usSessions([0]), '4hr');
    // 09:30-13:30 and 13:30-16:00 New York time.
    expect(times(fourHours)).toEqual([clock(0, 14, 30), clock(0, 18, 30)]);
    expect(fourHours[0]).toEqual({
      time: clock(0, 14, 30),
      open: 100,
      high: 100 + 239 + 2,
      low: 99,
      close: 100 + 239 + 1,
      volume: 2400,
    });
    expect(fourHours[1]?.volume).toBe(150 * 10);
    expect(times(aggregateTimeframe(usSessions([0]), '1hr'))).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((hour) => clock(0, 14 + hour, 30)),
    );
  });

  it('never merges candles across a session gap', () => {
    const candles = usSessions([0, 1, 4, 7]);
    for (const name of ['15min', '1hr', '4hr', '1D'] as const) {
      const merged = aggregateTimeframe(candles, name);
      merged.forEach((bucket, index) => {
        const end = merged[index + 1]?.time ?? Number.POSITIVE_INFINITY;
        const members = candles.filter((c) => c.time >= bucket.time && c.time < end);
        const day = Math.floor((bucket.time - MONDAY) / DAY);
        expect(members.every((c) => Math.floor((c.time - MONDAY) / DAY) === day)).toBe(true);
      });
    }
    expect(aggregateTimeframe(candles, '4hr')).toHaveLength(8);
  });

  it('makes one daily candle per session and merges whole sessions for several days', () => {
    const candles = usSessions([0, 1, 2, 3, 4, 7, 8]);
    const daily = aggregateTimeframe(candles, '1D');
    expect(times(daily)).toEqual([0, 1, 2, 3, 4, 7, 8].map((day) => clock(day, 14, 30)));
    expect(daily[1]).toMatchObject({ open: 1100, close: 1100 + 390, high: 1100 + 391, low: 1099 });
    expect(daily.every((candle) => candle.volume === 3900)).toBe(true);
    // Five sessions from the first: Monday to Friday, then the next Monday and Tuesday.
    expect(times(aggregateTimeframe(candles, '5D'))).toEqual([clock(0, 14, 30), clock(7, 14, 30)]);
  });

  it('counts a session that opens late from its first candle', () => {
    const candles = candlesFrom(clock(0, 14, 45), 120, MINUTE);
    expect(times(aggregateTimeframe(candles, '1hr'))).toEqual([clock(0, 14, 45), clock(0, 15, 45)]);
  });

  it('matches clock-aligned aggregation for a market that opens on the hour', () => {
    const candles = candlesFrom(clock(0, 0), 2 * 24 * 12, 5 * MINUTE);
    expect(aggregateTimeframe(candles, '1hr')).toEqual(aggregateCandles(candles, HOUR));
    expect(aggregateTimeframe(candles, '1D')).toEqual(aggregateCandles(candles, DAY));
  });

  it('uses the session options', () => {
    // Forex-like: no pause, trading days from 22:00 UTC.
    const candles = candlesFrom(clock(0, 20), 2 * 24 * 4, 15 * MINUTE);
    const daily = aggregateTimeframe(candles, '1D', { sessions: { dayStartSeconds: 22 * HOUR } });
    expect(times(daily)).toEqual([clock(0, 20), clock(0, 22), clock(1, 22)]);
  });

  it('leaves a series already at the timeframe unchanged', () => {
    const candles = usSessions([0, 1]);
    expect(aggregateTimeframe(candles, '1min')).toEqual(candles);
  });

  it('refuses a timeframe that is not a whole multiple of the base period', () => {
    const tenMinutes = candlesFrom(clock(0, 14, 30), 39, 10 * MINUTE);
    expect(() => aggregateTimeframe(tenMinutes, '15min')).toThrow(TimeframeMultipleError);
    expect(() => aggregateTimeframe(tenMinutes, '15min')).toThrow(
      "15min is not a whole multiple of the series' 10min candles",
    );
    expect(() => aggregateTimeframe(tenMinutes, '5min')).toThrow(TimeframeMultipleError);
    expect(aggregateTimeframe(tenMinutes, '30min')).toHaveLength(13);
    // A named base decides even when the candles' steps would say otherwise.
    expect(() => aggregateTimeframe(candlesFrom(0, 3, 1800), '1hr', { base: '45min' })).toThrow(
      TimeframeMultipleError,
    );
  });

  it('refuses a malformed timeframe and an invalid series', () => {
    expect(() => aggregateTimeframe([], '1.5hr')).toThrow(TimeframeError);
    const backwards = [...candlesFrom(600, 1, 300), ...candlesFrom(300, 1, 300)];
    expect(() => aggregateTimeframe(backwards, '1hr')).toThrow(SeriesError);
  });

  it('returns an empty series for an empty input', () => {
    expect(aggregateTimeframe([], '4hr')).toEqual([]);
  });
});

/** 1-minute candles in a few sessions of random lengths and gaps, with missing minutes. */
const sessionSeriesArbitrary = fc
  .array(
    fc.record({
      pauseMinutes: fc.integer({ min: 61, max: 4 * 24 * 60 }),
      steps: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 120 }),
      price: fc.integer({ min: 1, max: 1000 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((sessions) => {
    let time = MONDAY;
    const candles: Candle[] = [];
    for (const { pauseMinutes, steps, price } of sessions) {
      time += pauseMinutes * MINUTE;
      steps.forEach((step, i) => {
        if (i > 0) time += step * MINUTE;
        candles.push({
          time,
          open: price,
          high: price + i + step,
          low: price - 1,
          close: price + i,
          volume: step,
        });
      });
    }
    return candles;
  });

describe('aggregateTimeframe properties', () => {
  it('keeps every bucket inside one session, the totals, and a valid ascending series', () => {
    fc.assert(
      fc.property(
        sessionSeriesArbitrary,
        fc.constantFrom(...STANDARD_TIMEFRAMES),
        (candles, name) => {
          const merged = aggregateTimeframe(candles, name, { base: '1min' });
          expect(() => {
            validateSeries(merged);
          }).not.toThrow();
          const opens = sessionStarts(times(candles), MINUTE).map((index) => candles[index]!.time);
          const sessionOf = (time: number) => opens.filter((open) => open <= time).length - 1;
          let consumed = 0;
          merged.forEach((bucket, index) => {
            const end = merged[index + 1]?.time ?? Number.POSITIVE_INFINITY;
            const members = candles.filter((c) => c.time >= bucket.time && c.time < end);
            expect(members[0]?.time).toBe(name === '1D' ? bucket.time : members[0]?.time);
            expect(new Set(members.map((c) => sessionOf(c.time))).size).toBe(1);
            if (name !== '1D') {
              expect(members.at(-1)!.time - bucket.time).toBeLessThan(timeframeSeconds(name));
            }
            expect(bucket.open).toBe(members[0]!.open);
            expect(bucket.close).toBe(members.at(-1)!.close);
            expect(bucket.high).toBe(Math.max(...members.map((c) => c.high)));
            expect(bucket.low).toBe(Math.min(...members.map((c) => c.low)));
            expect(bucket.volume).toBe(members.reduce((sum, c) => sum + (c.volume ?? 0), 0));
            consumed += members.length;
          });
          expect(consumed).toBe(candles.length);
        },
      ),
    );
  });

  it('nests: aggregating an aggregate gives the same candles as aggregating the base', () => {
    fc.assert(
      fc.property(sessionSeriesArbitrary, (candles) => {
        const fifteen = aggregateTimeframe(candles, '15min', { base: '1min' });
        expect(aggregateTimeframe(fifteen, '1hr', { base: '15min' })).toEqual(
          aggregateTimeframe(candles, '1hr', { base: '1min' }),
        );
        expect(aggregateTimeframe(fifteen, '1D', { base: '15min' })).toEqual(
          aggregateTimeframe(candles, '1D', { base: '1min' }),
        );
      }),
    );
  });
});
