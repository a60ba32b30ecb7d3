import fc from 'fast-check';
import { aggregateCandles, periodStart, TIMEFRAMES } from './aggregate.js';
import { SeriesError, validateSeries, type Candle } from './candle.js';

const HOUR = TIMEFRAMES['1hr'];
const FIVE_MINUTES = TIMEFRAMES['5min'];

function fiveMinuteCandle(time: number, open: number, close: number, volume?: number): Candle {
  const candle: Candle = {
    time,
    open,
    high: Math.max(open, close) + 1,
    low: Math.min(open, close) - 1,
    close,
  };
  if (volume !== undefined) candle.volume = volume;
  return candle;
}

describe('aggregateCandles', () => {
  it('merges twelve 5min candles into one hourly candle', () => {
    const start = 1_700_000_000 - (1_700_000_000 % HOUR);
    const candles = Array.from({ length: 12 }, (_, i) =>
      fiveMinuteCandle(start + i * FIVE_MINUTES, 100 + i, 101 + i, 10),
    );
    expect(aggregateCandles(candles, HOUR)).toEqual([
      { time: start, open: 100, high: 113, low: 99, close: 112, volume: 120 },
    ]);
  });

  it('aligns buckets to the clock, not to the first candle', () => {
    const nineOClock = 9 * HOUR;
    const candles = [
      fiveMinuteCandle(nineOClock + 35 * 60, 10, 11),
      fiveMinuteCandle(nineOClock + 55 * 60, 11, 12),
      fiveMinuteCandle(nineOClock + 60 * 60, 12, 13),
    ];
    expect(aggregateCandles(candles, HOUR).map((candle) => candle.time)).toEqual([
      nineOClock,
      nineOClock + HOUR,
    ]);
  });

  it('skips empty periods instead of inventing flat candles', () => {
    const candles = [fiveMinuteCandle(0, 1, 2), fiveMinuteCandle(5 * HOUR, 2, 3)];
    expect(aggregateCandles(candles, HOUR)).toHaveLength(2);
  });

  it('sums only the volumes that exist and omits volume when none does', () => {
    const withSome = [fiveMinuteCandle(0, 1, 2, 5), fiveMinuteCandle(300, 2, 3)];
    expect(aggregateCandles(withSome, HOUR)[0]?.volume).toBe(5);
    const withNone = [fiveMinuteCandle(0, 1, 2), fiveMinuteCandle(300, 2, 3)];
    expect(aggregateCandles(withNone, HOUR)[0]).not.toHaveProperty('volume');
  });

  it('keeps a zero volume as zero rather than dropping it', () => {
    expect(aggregateCandles([fiveMinuteCandle(0, 1, 2, 0)], HOUR)[0]?.volume).toBe(0);
  });

  it('returns an empty series for an empty input', () => {
    expect(aggregateCandles([], HOUR)).toEqual([]);
  });

  it('buckets negative times down, towards the earlier period', () => {
    expect(periodStart(-1, HOUR)).toBe(-HOUR);
    expect(Object.is(periodStart(-0, HOUR), 0)).toBe(true);
  });

  it('rejects a series out of time order', () => {
    const candles = [fiveMinuteCandle(600, 1, 2), fiveMinuteCandle(300, 2, 3)];
    expect(() => aggregateCandles(candles, HOUR)).toThrow(SeriesError);
  });

  it.each([0, -300, Number.NaN, Number.POSITIVE_INFINITY])('rejects a period of %p', (period) => {
    expect(() => aggregateCandles([], period)).toThrow(RangeError);
  });
});

/** A valid ascending series with arbitrary gaps, so buckets hold 1..many candles or none. */
const seriesArbitrary = fc
  .record({
    startTime: fc.integer({ min: -1_000_000, max: 2_000_000_000 }),
    bars: fc.array(
      fc.record({
        gapSeconds: fc.integer({ min: 1, max: 3 * HOUR }),
        open: fc.double({ min: 0.01, max: 100_000, noNaN: true }),
        close: fc.double({ min: 0.01, max: 100_000, noNaN: true }),
        wickUp: fc.double({ min: 0, max: 1_000, noNaN: true }),
        wickDown: fc.double({ min: 0, max: 1_000, noNaN: true }),
        // Integer volumes keep sums exact whatever order they are added in.
        volume: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
      }),
      { maxLength: 200 },
    ),
  })
  .map(({ startTime, bars }) => {
    let time = startTime;
    return bars.map((bar): Candle => {
      time += bar.gapSeconds;
      const candle: Candle = {
        time,
        open: bar.open,
        high: Math.max(bar.open, bar.close) + bar.wickUp,
        low: Math.min(bar.open, bar.close) - bar.wickDown,
        close: bar.close,
      };
      if (bar.volume !== undefined) candle.volume = bar.volume;
      return candle;
    });
  });

const periodArbitrary = fc.oneof(
  fc.constantFrom(FIVE_MINUTES, HOUR, 4 * HOUR, 24 * HOUR),
  fc.integer({ min: 1, max: 10 * HOUR }),
);

const totalVolume = (candles: readonly Candle[]) =>
  candles.reduce((sum, candle) => sum + (candle.volume ?? 0), 0);

describe('aggregateCandles properties', () => {
  it('conserves total volume and the extremes of the series', () => {
    fc.assert(
      fc.property(seriesArbitrary, periodArbitrary, (candles, period) => {
        const merged = aggregateCandles(candles, period);
        expect(totalVolume(merged)).toBe(totalVolume(candles));
        expect(Math.max(...merged.map((c) => c.high))).toBe(
          Math.max(...candles.map((c) => c.high)),
        );
        expect(Math.min(...merged.map((c) => c.low))).toBe(Math.min(...candles.map((c) => c.low)));
        expect(merged.some((c) => c.volume !== undefined)).toBe(
          candles.some((c) => c.volume !== undefined),
        );
      }),
    );
  });

  it("takes each bucket's open from its first candle and close from its last", () => {
    fc.assert(
      fc.property(seriesArbitrary, periodArbitrary, (candles, period) => {
        for (const bucket of aggregateCandles(candles, period)) {
          const members = candles.filter((c) => periodStart(c.time, period) === bucket.time);
          expect(members.length).toBeGreaterThan(0);
          expect(bucket.open).toBe(members[0]!.open);
          expect(bucket.close).toBe(members[members.length - 1]!.close);
          expect(bucket.high).toBe(Math.max(...members.map((c) => c.high)));
          expect(bucket.low).toBe(Math.min(...members.map((c) => c.low)));
        }
      }),
    );
  });

  it('produces aligned, strictly ascending times that form a valid series', () => {
    fc.assert(
      fc.property(seriesArbitrary, periodArbitrary, (candles, period) => {
        const merged = aggregateCandles(candles, period);
        expect(() => {
          validateSeries(merged);
        }).not.toThrow();
        merged.forEach((bucket, index) => {
          expect(Number.isInteger(bucket.time / period)).toBe(true);
          const previous = merged[index - 1];
          if (previous !== undefined) expect(bucket.time).toBeGreaterThan(previous.time);
        });
        expect(merged.length).toBeLessThanOrEqual(candles.length);
      }),
    );
  });

  it('leaves a series already at the period unchanged when it is aligned', () => {
    fc.assert(
      fc.property(seriesArbitrary, (candles) => {
        const aligned = candles.map((c, i) => ({ ...c, time: i * HOUR }));
        expect(aggregateCandles(aligned, HOUR)).toEqual(aligned);
      }),
    );
  });
});
