import fc from 'fast-check';
import type { Candle } from '@chart-kit/core';
import { endsSession } from './session-close.js';
import {
  MANAGEMENT_DEFAULTS,
  MANAGEMENT_RULES,
  ManagementInputError,
  manageTrade,
  manageTradeEveryWay,
  type ManagedOutcome,
} from './trade-management.js';
import { playOutTrade, SHARES } from './trade-plan.js';

const FIVE_MINUTES = 300;
/** Entry 100, stop 99 (1R = 1.00), target 102.5: 2.5R. */
const long = { entry: 100, stop: 99, target: 102.5 };
const short = { entry: 100, stop: 101, target: 97.5 };

/** Candles five minutes apart from [open, high, low, close] rows. */
function candles(rows: [number, number, number, number][], start = 0): Candle[] {
  return rows.map(([open, high, low, close], index) => ({
    time: start + index * FIVE_MINUTES,
    open,
    high,
    low,
    close,
  }));
}

/** Filled at 100, up to +1R (101.2), back down through the entry to the stop. */
const bounceAndStop = candles([
  [100.5, 100.6, 99.9, 100.2],
  [100.2, 100.9, 100.1, 100.8],
  [100.8, 101.2, 100.7, 101.1],
  [101.1, 101.15, 100.4, 100.5],
  [100.5, 100.6, 99.95, 100.1],
  [100.1, 100.2, 98.8, 98.9],
]);

/** Filled at 100, a climb with higher lows and a pullback, then the target. */
const climbToTarget = candles([
  [100.5, 100.6, 99.9, 100.2],
  [100.9, 101.1, 100.8, 101],
  [101, 101.3, 100.6, 100.7],
  [100.7, 101.6, 100.65, 101.5],
  [101.5, 101.9, 101.2, 101.3],
  [101.3, 102.6, 101.25, 102.5],
]);

describe('manageTrade', () => {
  it('holds exactly as playOutTrade plays a plan out', () => {
    const arbitraryCandles = fc
      .array(
        fc.tuple(
          fc.double({ min: 97, max: 103, noNaN: true }),
          fc.double({ min: 0, max: 1.5, noNaN: true }),
          fc.double({ min: 0, max: 1.5, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
        ),
        { maxLength: 30 },
      )
      .map((rows) =>
        candles(
          rows.map(([open, up, down, at]) => {
            const high = open + up;
            const low = open - down;
            return [open, high, low, low + at * (high - low)];
          }),
        ),
      );
    fc.assert(
      fc.property(arbitraryCandles, fc.boolean(), (series, isLong) => {
        const plan = isLong ? long : short;
        const type = isLong ? 'demand' : 'supply';
        const held = manageTrade(plan, type, series, 'hold');
        const played = playOutTrade({ ...plan, size: 1 }, type, series, SHARES);
        expect(held.resultR).toBeCloseTo(played.resultR, 9);
        expect(held.fillIndex).toBe(played.fillIndex);
        expect(held.exits.at(-1)?.index ?? null).toBe(played.exitIndex);
        expect(held.stopAssumedFirst).toBe(played.stopAssumedFirst);
      }),
    );
  });

  it('scratches at 0R with breakeven where holding lost 1R', () => {
    const [hold, breakeven, partial, trail] = manageTradeEveryWay(
      long,
      'demand',
      bounceAndStop,
    ) as [ManagedOutcome, ManagedOutcome, ManagedOutcome, ManagedOutcome];
    expect(hold).toMatchObject({ resultR: -1, triggerIndex: 2 });
    expect(hold.exits).toEqual([{ index: 5, price: 99, fraction: 1, reason: 'stop', gap: false }]);
    expect(breakeven).toMatchObject({ resultR: 0, finalStop: 100 });
    expect(breakeven.exits[0]).toMatchObject({ index: 4, price: 100, reason: 'breakeven' });
    // Half at +1R, half at the stop: nothing won, nothing lost.
    expect(partial.resultR).toBeCloseTo(0, 9);
    expect(partial.exits.map((exit) => [exit.reason, exit.fraction])).toEqual([
      ['partial', 0.5],
      ['stop', 0.5],
    ]);
    // No swing low formed above the entry after +1R: the trail never moved.
    expect(trail.resultR).toBe(-1);
  });

  it('cuts a winner short with breakeven when a pullback touches the entry first', () => {
    const dip = candles([
      [100.5, 100.6, 99.9, 100.2],
      [100.2, 101.1, 100.1, 101],
      [101, 101.05, 99.98, 100.1],
      [100.1, 102.6, 100.05, 102.5],
    ]);
    expect(manageTrade(long, 'demand', dip, 'hold').resultR).toBe(2.5);
    expect(manageTrade(long, 'demand', dip, 'breakeven')).toMatchObject({ resultR: 0 });
    // Half banked at +1R, half to the target: 1.75R.
    expect(manageTrade(long, 'demand', dip, 'partial').resultR).toBeCloseTo(1.75, 9);
  });

  it('trails below each new higher low and keeps the target', () => {
    const trail = manageTrade(long, 'demand', climbToTarget, 'trail');
    expect(trail.resultR).toBe(2.5);
    // Swing low of candle 2 (100.6), confirmed by candle 3; candle 4's low (101.2) is no swing.
    expect(trail.finalStop).toBe(100.6);
    const turned = candles([
      ...climbToTarget
        .slice(0, 5)
        .map((c): [number, number, number, number] => [c.open, c.high, c.low, c.close]),
      [101.3, 101.35, 100.5, 100.55],
    ]);
    const stopped = manageTrade(long, 'demand', turned, 'trail');
    expect(stopped.exits).toEqual([
      { index: 5, price: 100.6, fraction: 1, reason: 'trail', gap: false },
    ]);
    expect(stopped.resultR).toBeCloseTo(0.6, 9);
    expect(
      manageTrade(long, 'demand', turned, 'trail', { ...MANAGEMENT_DEFAULTS, trailBuffer: 0.1 })
        .finalStop,
    ).toBeCloseTo(100.5, 9);
  });

  it('closes a trade that has not reached +1R within its candles, at that candle’s close', () => {
    const drift = candles([
      [100.5, 100.6, 99.9, 100.2],
      ...Array.from({ length: 14 }, (): [number, number, number, number] => [
        100.2, 100.5, 99.8, 100.3,
      ]),
    ]);
    const timed = manageTrade(long, 'demand', drift, 'time');
    expect(timed.exits).toEqual([
      {
        index: MANAGEMENT_DEFAULTS.timeStopCandles,
        price: 100.3,
        fraction: 1,
        reason: 'time',
        gap: false,
      },
    ]);
    expect(timed.resultR).toBeCloseTo(0.3, 9);
    expect(manageTrade(long, 'demand', drift, 'hold').exits[0]?.reason).toBe('open');
  });

  it('is flat by the session’s close under the time rule', () => {
    const evening = candles([
      [100.5, 100.6, 99.9, 100.2],
      [100.2, 101.1, 100.1, 101.05],
      [101.05, 101.4, 100.9, 101.3],
    ]);
    const morning = candles([[98.7, 98.8, 98.2, 98.4]], 2 * 86_400);
    const series = [...evening, ...morning];
    expect(endsSession(series, 2)).toBe(true);
    expect(endsSession(series, 1)).toBe(false);
    expect(endsSession(series, 3)).toBe(false);
    const timed = manageTrade(long, 'demand', series, 'time');
    expect(timed.exits).toEqual([
      { index: 2, price: 101.3, fraction: 1, reason: 'session-close', gap: false },
    ]);
    // Held overnight, the morning's gap went through the stop: worse than 1R, and a stop moved
    // to breakeven did not help.
    const held = manageTrade(long, 'demand', series, 'hold');
    expect(held.exits[0]).toMatchObject({ reason: 'stop', gap: true, price: 98.7 });
    expect(held.resultR).toBeCloseTo(-1.3, 9);
    const breakeven = manageTrade(long, 'demand', series, 'breakeven');
    expect(breakeven.exits[0]).toMatchObject({ reason: 'breakeven', gap: true });
    expect(breakeven.resultR).toBeCloseTo(-1.3, 9);
  });

  it('mirrors every rule for a short', () => {
    const mirrored = bounceAndStop.map((c) => ({
      time: c.time,
      open: 200 - c.open,
      high: 200 - c.low,
      low: 200 - c.high,
      close: 200 - c.close,
    }));
    const longs = manageTradeEveryWay(long, 'demand', bounceAndStop);
    const shorts = manageTradeEveryWay(short, 'supply', mirrored);
    shorts.forEach((outcome, index) => {
      expect(outcome.resultR).toBeCloseTo(longs[index]!.resultR, 9);
      expect(outcome.exits.map((exit) => exit.reason)).toEqual(
        longs[index]!.exits.map((exit) => exit.reason),
      );
    });
  });

  it('counts the stop first when one candle reaches it and the partial exit', () => {
    const wide = candles([
      [100.5, 100.6, 99.9, 100.2],
      [100.2, 101.5, 98.5, 100],
    ]);
    const partial = manageTrade(long, 'demand', wide, 'partial');
    expect(partial).toMatchObject({ resultR: -1, stopAssumedFirst: true });
  });

  it('fills and stops at one open after a gap through the whole zone, under every rule', () => {
    const gap = candles([
      [101, 101.1, 100.5, 100.6],
      [98.5, 98.7, 98, 98.2],
    ]);
    for (const outcome of manageTradeEveryWay(long, 'demand', gap)) {
      expect(outcome).toMatchObject({ fillIndex: 1, fillPrice: 98.5, resultR: 0 });
    }
  });

  it('gives every rule the same fill, and nothing for a plan never filled', () => {
    const away = candles([[101, 101.5, 100.5, 101.2]]);
    for (const rule of MANAGEMENT_RULES) {
      expect(manageTrade(long, 'demand', away, rule)).toMatchObject({
        fillIndex: null,
        exits: [],
        resultR: 0,
      });
    }
    expect(() => manageTrade({ ...long, stop: 100 }, 'demand', away, 'hold')).toThrow(
      ManagementInputError,
    );
  });
});
