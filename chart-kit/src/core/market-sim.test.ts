import fc from 'fast-check';
import { aggregateCandles, TIMEFRAMES } from './aggregate.js';
import { validateSeries, type Candle } from './candle.js';
import {
  CANDLES_PER_SESSION,
  MarketSimulator,
  newYorkDayNumber,
  newYorkUtcOffset,
  newYorkUtcOffsetOnDay,
  nextWeekday,
  sessionActivity,
  sessionOpenTime,
  simulateMarket,
  type MarketSimOptions,
} from './market-sim.js';

const dayOf = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / 86_400_000;
const EST = -5 * 3600;
const EDT = -4 * 3600;

const optionsArbitrary = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  startPrice: fc.double({ min: 20, max: 400, noNaN: true }),
  firstSessionDay: fc.integer({ min: dayOf(2010, 1, 1), max: dayOf(2035, 1, 1) }),
  candleVolatility: fc.double({ min: 0.0005, max: 0.004, noNaN: true }),
});

const isWholeCents = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** New York wall-clock minutes after midnight of a candle. */
const newYorkMinutes = (time: number) =>
  Math.floor(((((time + newYorkUtcOffset(time)) % 86_400) + 86_400) % 86_400) / 60);

describe('New York session calendar', () => {
  it.each([
    [dayOf(2024, 3, 8), EST],
    [dayOf(2024, 3, 11), EDT],
    [dayOf(2024, 11, 1), EDT],
    [dayOf(2024, 11, 4), EST],
    [dayOf(2023, 3, 13), EDT],
    [dayOf(2023, 3, 10), EST],
    [dayOf(2023, 7, 3), EDT],
    [dayOf(2023, 12, 29), EST],
  ])('day %p has offset %p', (day, offset) => {
    expect(newYorkUtcOffsetOnDay(day)).toBe(offset);
  });

  it('opens at 09:30 New York time, on a 5-minute and hour-aligned grid', () => {
    expect(sessionOpenTime(dayOf(2024, 1, 2))).toBe(Date.UTC(2024, 0, 2, 14, 30) / 1000);
    expect(sessionOpenTime(dayOf(2024, 7, 1))).toBe(Date.UTC(2024, 6, 1, 13, 30) / 1000);
  });

  it('skips weekends', () => {
    expect(nextWeekday(dayOf(2024, 6, 8))).toBe(dayOf(2024, 6, 10));
    expect(nextWeekday(dayOf(2024, 6, 9))).toBe(dayOf(2024, 6, 10));
    expect(nextWeekday(dayOf(2024, 6, 11))).toBe(dayOf(2024, 6, 11));
  });

  it('names the New York date of a session instant', () => {
    const open = sessionOpenTime(dayOf(2024, 2, 14));
    expect(newYorkDayNumber(open)).toBe(dayOf(2024, 2, 14));
    expect(newYorkDayNumber(open + 6.5 * 3600 - 300)).toBe(dayOf(2024, 2, 14));
  });

  it('is busiest at the open, quietest at lunch, busy again at the close', () => {
    const lunch = sessionActivity(39);
    expect(sessionActivity(0)).toBeGreaterThan(sessionActivity(CANDLES_PER_SESSION - 1));
    expect(sessionActivity(CANDLES_PER_SESSION - 1)).toBeGreaterThan(1.5 * lunch);
    expect(sessionActivity(20)).toBeGreaterThan(lunch);
  });
});

describe('MarketSimulator', () => {
  it('gives the same candles for the same options', () => {
    fc.assert(
      fc.property(optionsArbitrary, (options) => {
        expect(simulateMarket(options, 120)).toEqual(simulateMarket(options, 120));
      }),
      { numRuns: 30 },
    );
  });

  it('gives a valid series of whole-cent prices and whole-number volumes', () => {
    fc.assert(
      fc.property(optionsArbitrary, (options) => {
        const candles = simulateMarket(options, 3 * CANDLES_PER_SESSION);
        expect(() => validateSeries(candles)).not.toThrow();
        for (const candle of candles) {
          for (const price of [candle.open, candle.high, candle.low, candle.close]) {
            expect(isWholeCents(price)).toBe(true);
            expect(price).toBeGreaterThan(0);
          }
          expect(Number.isInteger(candle.volume)).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('trades 78 five-minute candles from 09:30 to 15:55 on weekdays only', () => {
    fc.assert(
      fc.property(optionsArbitrary, (options) => {
        const candles = simulateMarket(options, 10 * CANDLES_PER_SESSION);
        const days = new Map<number, Candle[]>();
        for (const candle of candles) {
          expect(candle.time % 300).toBe(0);
          const day = newYorkDayNumber(candle.time);
          days.set(day, [...(days.get(day) ?? []), candle]);
        }
        expect(days.size).toBe(10);
        for (const [day, session] of days) {
          expect([0, 6]).not.toContain(new Date(day * 86_400_000).getUTCDay());
          expect(session).toHaveLength(CANDLES_PER_SESSION);
          expect(newYorkMinutes(session[0]!.time)).toBe(9 * 60 + 30);
          expect(newYorkMinutes(session[session.length - 1]!.time)).toBe(15 * 60 + 55);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('aggregates to seven hourly candles per session, aligned to the hour', () => {
    const candles = simulateMarket(
      { seed: 9, startPrice: 100, firstSessionDay: dayOf(2024, 4, 1) },
      5 * CANDLES_PER_SESSION,
    );
    const hourly = aggregateCandles(candles, TIMEFRAMES['1hr']);
    expect(hourly).toHaveLength(5 * 7);
    for (const candle of hourly) expect(candle.time % 3600).toBe(0);
  });

  it('clusters volatility: big moves follow big moves', () => {
    const candles = simulateMarket(
      { seed: 2024, startPrice: 100, firstSessionDay: dayOf(2022, 1, 3) },
      40 * CANDLES_PER_SESSION,
    );
    const moves = candles
      .slice(1)
      .map((candle, index) => Math.abs(candle.close - candles[index]!.close));
    const mean = moves.reduce((sum, move) => sum + move, 0) / moves.length;
    let covariance = 0;
    let variance = 0;
    for (let index = 1; index < moves.length; index++) {
      covariance += (moves[index]! - mean) * (moves[index - 1]! - mean);
      variance += (moves[index]! - mean) ** 2;
    }
    // Independent moves would give about zero.
    expect(covariance / variance).toBeGreaterThan(0.1);
  });

  it('moves more at the open than at lunch', () => {
    const candles = simulateMarket(
      { seed: 77, startPrice: 150, firstSessionDay: dayOf(2021, 5, 3) },
      40 * CANDLES_PER_SESSION,
    );
    const rangeAt = (slot: number) => {
      const inSlot = candles.filter((_, index) => index % CANDLES_PER_SESSION === slot);
      return inSlot.reduce((sum, candle) => sum + candle.high - candle.low, 0) / inSlot.length;
    };
    expect(rangeAt(0) + rangeAt(1)).toBeGreaterThan(1.5 * (rangeAt(38) + rangeAt(39)));
  });

  it('leaves volume out when the average volume is 0', () => {
    const candles = simulateMarket(
      { seed: 1, startPrice: 50, firstSessionDay: dayOf(2024, 1, 2), averageVolume: 0 },
      20,
    );
    for (const candle of candles) expect(candle).not.toHaveProperty('volume');
  });

  it('draws a shaped candle exactly, from the current price', () => {
    const simulator = new MarketSimulator({
      seed: 4,
      startPrice: 100,
      firstSessionDay: dayOf(2024, 1, 2),
    });
    const first = simulator.next();
    const shaped = simulator.nextShaped({ body: -1.25, upperWick: 0.1, lowerWick: 0.3 });
    expect(shaped.open).toBe(first.close);
    expect(shaped.close).toBeCloseTo(first.close - 1.25, 10);
    expect(shaped.high).toBeCloseTo(first.close + 0.1, 10);
    expect(shaped.low).toBeCloseTo(first.close - 1.55, 10);
    expect(shaped.time).toBe(first.time + 300);
    expect(simulator.lastPrice).toBe(shaped.close);
  });

  it('follows a steering drift', () => {
    const simulator = new MarketSimulator({
      seed: 8,
      startPrice: 100,
      firstSessionDay: dayOf(2024, 1, 2),
    });
    for (let step = 0; step < 40; step++) simulator.next({ drift: 0.25, volatilityScale: 0.2 });
    expect(simulator.lastPrice).toBeGreaterThan(107);
  });

  it.each<[string, Partial<MarketSimOptions>]>([
    ['a start price under a dollar', { startPrice: 0.5 }],
    ['a fractional day', { firstSessionDay: 1.5 }],
    ['a fractional seed', { seed: 0.5 }],
  ])('rejects %s', (_, override) => {
    const options = { seed: 1, startPrice: 100, firstSessionDay: dayOf(2024, 1, 2), ...override };
    expect(() => new MarketSimulator(options)).toThrow(RangeError);
  });
});
