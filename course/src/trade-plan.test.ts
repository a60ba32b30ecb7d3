import fc from 'fast-check';
import type { Candle } from '@chart-kit/core';
import { sessionOpenTime } from './market-sim.js';
import {
  FOREX_STANDARD_LOT,
  gradeTradePlan,
  MICRO_E_MINI,
  PlanInputError,
  plannedSize,
  playOutTrade,
  positionSize,
  ratioNumberText,
  rewardToRisk,
  SHARES,
  tradeRecord,
  type Instrument,
  type PlanSetting,
  type TradePlan,
} from './trade-plan.js';

const demand: PlanSetting = {
  zone: { type: 'demand', upper: 100.5, lower: 100 },
  opposing: { upper: 104.5, lower: 104 },
  averageRange: 0.4,
  instrument: SHARES,
};
const goodLong: TradePlan = {
  entry: 100.5,
  stop: 99.9,
  target: 103.9,
  account: 10_000,
  riskPercent: 1,
  size: 166,
};

const candle = (open: number, high: number, low: number, close: number, time = 0): Candle => ({
  time,
  open,
  high,
  low,
  close,
});

describe('positionSize', () => {
  it('divides the money at risk by what one unit loses', () => {
    // 1% of 10,000 = 100 dollars; 0.60 a share: 166 shares.
    expect(positionSize(10_000, 1, 100.5, 99.9, SHARES)).toBe(166);
    // Micro E-mini: 1% of 25,000 = 250; 10 points x 5 dollars = 50 a contract: 5 contracts.
    expect(positionSize(25_000, 1, 5000, 4990, MICRO_E_MINI)).toBe(5);
    // EUR/USD: 1% of 5,000 = 50; 25 pips x 10 dollars = 250 a lot: 0.2 lots.
    expect(positionSize(5000, 1, 1.085, 1.0825, FOREX_STANDARD_LOT)).toBeCloseTo(0.2, 10);
  });

  it('refuses an entry equal to the stop', () => {
    expect(() => positionSize(10_000, 1, 100, 100, SHARES)).toThrow(PlanInputError);
  });

  it('never risks more than the budget, and one more unit would', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 1e6, noNaN: true }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 0.01, max: 20, noNaN: true }),
        (account, riskPercent, entry, distance) => {
          const stop = entry - distance;
          const size = positionSize(account, riskPercent, entry, stop, SHARES);
          const budget = (account * riskPercent) / 100;
          const perUnit = Math.abs(entry - stop);
          expect(size * perUnit).toBeLessThanOrEqual(budget * (1 + 1e-9));
          expect((size + 1) * perUnit).toBeGreaterThan(budget * (1 - 1e-9));
        },
      ),
    );
  });
});

describe('positionSize for every instrument (property)', () => {
  it('risks at most the budget, within one step of it, for shares, futures and forex', () => {
    const instruments: Instrument[] = [SHARES, MICRO_E_MINI, FOREX_STANDARD_LOT];
    fc.assert(
      fc.property(
        fc.constantFrom(...instruments),
        fc.double({ min: 1000, max: 1e6, noNaN: true }),
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        fc.double({ min: 0.5, max: 5000, noNaN: true }),
        fc.double({ min: 0.0005, max: 0.05, noNaN: true }),
        fc.boolean(),
        (instrument, account, riskPercent, entry, distanceShare, long) => {
          const distance = entry * distanceShare;
          const stop = long ? entry - distance : entry + distance;
          const size = positionSize(account, riskPercent, entry, stop, instrument);
          const budget = (account * riskPercent) / 100;
          const perUnit = distance * instrument.pointValue;
          // A whole number of steps (shares, contracts, hundredths of a lot), never over budget.
          expect(
            Math.abs(size / instrument.step - Math.round(size / instrument.step)),
          ).toBeLessThan(1e-6);
          expect(size * perUnit).toBeLessThanOrEqual(budget * (1 + 1e-9));
          expect((size + instrument.step) * perUnit).toBeGreaterThan(budget * (1 - 1e-9));
        },
      ),
    );
  });
});

describe('plannedSize', () => {
  it('sizes by risk, and no bigger than the buying power pays for (shares)', () => {
    const plan = { account: 25_000, riskPercent: 1, entry: 192.6, stop: 192.8 };
    // 250 dollars over 0.20 a share is 1,250 shares: 240,750 dollars of stock.
    expect(plannedSize(plan, SHARES)).toEqual({ size: 1250, limitedByBuyingPower: false });
    // A margin account with 100,000 dollars of buying power pays for 519 of them.
    expect(plannedSize(plan, SHARES, 100_000)).toEqual({ size: 519, limitedByBuyingPower: true });
    // A wider stop needs fewer shares than the buying power allows.
    expect(plannedSize({ ...plan, stop: 195 }, SHARES, 100_000)).toEqual({
      size: 104,
      limitedByBuyingPower: false,
    });
    // Buying power limits shares only: futures and forex are sized by margin elsewhere.
    expect(plannedSize({ ...plan, entry: 5000, stop: 4996 }, MICRO_E_MINI, 1_000)).toEqual({
      size: 12,
      limitedByBuyingPower: false,
    });
  });

  it('tells a learner sizing past the buying power what the account can pay for', () => {
    const grade = gradeTradePlan(
      { entry: 100.5, stop: 100.4, target: 103.9, account: 10_000, riskPercent: 1, size: 1000 },
      { ...demand, averageRange: 0.4, buyingPower: 40_000 },
    );
    expect(grade.correctSize).toBe(398);
    expect(grade.failed).toContain('size');
    expect(grade.feedback.join(' ')).toMatch(/buying power buys at most 398 shares/);
  });
});

describe('rewardToRisk', () => {
  it('is the target distance over the stop distance, for longs and shorts', () => {
    expect(rewardToRisk(100, 99, 103)).toBe(3);
    expect(rewardToRisk(50, 51, 48)).toBe(2);
  });
});

describe('rewardToRisk (property)', () => {
  it('is the same for a long and its mirror short, and scales with the target distance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 1000, noNaN: true }),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        (entry, risk, multiple) => {
          const long = rewardToRisk(entry, entry - risk, entry + multiple * risk);
          const short = rewardToRisk(entry, entry + risk, entry - multiple * risk);
          expect(long).toBeCloseTo(multiple, 6);
          expect(short).toBeCloseTo(multiple, 6);
        },
      ),
    );
  });
});

describe('gradeTradePlan', () => {
  it('passes a plan that follows every rule', () => {
    const grade = gradeTradePlan(goodLong, demand);
    expect(grade).toMatchObject({ pass: true, failed: [], correctSize: 166 });
    expect(grade.rewardToRisk).toBeCloseTo(5.667, 3);
    expect(grade.riskDollars).toBeCloseTo(99.6, 6);
  });

  it('names every rule a plan breaks', () => {
    const grade = gradeTradePlan(
      { ...goodLong, entry: 101, stop: 100.2, target: 104.2, size: 50 },
      demand,
    );
    expect(grade.pass).toBe(false);
    expect(grade.failed).toEqual(['entry', 'stop', 'target', 'size']);
    expect(grade.feedback).toHaveLength(4);
    expect(grade.feedback[0]).toMatch(/above the zone/);
  });

  it('asks for the minimum reward-to-risk', () => {
    const grade = gradeTradePlan({ ...goodLong, target: 101.5, size: 166 }, demand);
    expect(grade.failed).toEqual(['reward-to-risk']);
    expect(grade.feedback[0]).toMatch(/1\.7:1, below the 2:1/);
  });

  it('says a ratio just below the minimum unrounded, never as the minimum itself', () => {
    // Risk 0.60, reward 1.18: 1.9667:1, which one decimal would round up to "2.0:1".
    const grade = gradeTradePlan({ ...goodLong, target: 101.68, size: 166 }, demand);
    expect(grade.failed).toEqual(['reward-to-risk']);
    expect(grade.feedback[0]).toContain('Your reward-to-risk is 1.97:1, below the 2:1');
    expect(ratioNumberText(1.97, 2)).toBe('1.97');
    expect(ratioNumberText(1.999, 2)).toBe('1.999');
    expect(ratioNumberText(2.04, 2)).toBe('2.0');
    expect(ratioNumberText(1.84, 2)).toBe('1.8');
  });

  it('passes a plan at exactly the minimum despite float noise in its prices', () => {
    // 1.00 / 0.50 from prices: 1.9999999999999 in floating point.
    const setting: PlanSetting = { ...demand, zone: { type: 'demand', upper: 50.2, lower: 49.8 } };
    const setting2 = { ...setting, opposing: { upper: 52, lower: 51.3 }, averageRange: 0.3 };
    const plan = {
      entry: 50.2,
      stop: 49.7,
      target: 51.2,
      account: 25_000,
      riskPercent: 1,
      size: 500,
    };
    const grade = gradeTradePlan(plan, setting2);
    expect(grade.failed).not.toContain('reward-to-risk');
  });

  it('refuses a stop far beyond the zone', () => {
    const grade = gradeTradePlan({ ...goodLong, stop: 99.5, size: 100 }, demand);
    expect(grade.failed).toEqual(['stop']);
  });

  it('mirrors every rule for a short trade at supply', () => {
    const supply: PlanSetting = {
      zone: { type: 'supply', upper: 50.4, lower: 50 },
      opposing: { upper: 47, lower: 46.6 },
      averageRange: 0.3,
      instrument: SHARES,
    };
    const plan = { entry: 50, stop: 50.5, target: 47.1, account: 5000, riskPercent: 1, size: 100 };
    expect(gradeTradePlan(plan, supply).pass).toBe(true);
    expect(gradeTradePlan({ ...plan, target: 46.9 }, supply).failed).toEqual(['target']);
    expect(gradeTradePlan({ ...plan, stop: 50.3 }, supply).failed).toContain('stop');
  });

  it('refuses plans it cannot grade', () => {
    for (const bad of [
      { ...goodLong, entry: Number.NaN },
      { ...goodLong, stop: goodLong.entry },
      { ...goodLong, account: 0 },
      { ...goodLong, riskPercent: 150 },
      { ...goodLong, size: -1 },
    ]) {
      expect(() => gradeTradePlan(bad, demand)).toThrow(PlanInputError);
    }
  });

  it('passes exactly when the five rules hold (property)', () => {
    const price = fc.double({ min: 98, max: 106, noNaN: true });
    fc.assert(
      fc.property(
        price,
        price,
        price,
        fc.integer({ min: 0, max: 400 }),
        (entry, stop, target, size) => {
          fc.pre(entry !== stop);
          const plan = { entry, stop, target, account: 10_000, riskPercent: 1, size };
          const grade = gradeTradePlan(plan, demand);
          const rules =
            entry <= 100.5 &&
            entry > 100 &&
            stop < 100 &&
            stop >= 100 - 0.4 &&
            target > entry &&
            target <= 104 &&
            (target - entry) / (entry - stop) >= 2 &&
            Math.abs(size - Math.floor(100 / Math.abs(entry - stop))) <= 1;
          expect(grade.pass).toBe(rules);
        },
      ),
    );
  });
});

describe('gradeTradePlan for shorts (property)', () => {
  const supply: PlanSetting = {
    zone: { type: 'supply', upper: 100.5, lower: 100 },
    opposing: { upper: 96.5, lower: 96 },
    averageRange: 0.4,
    instrument: SHARES,
  };

  it('grades a short exactly as the mirror of a long', () => {
    // Mirrored around 100.25: the supply zone lands on the demand zone above, and so on.
    const mirror = (price: number) => 200.5 - price;
    const price = fc.double({ min: 94, max: 102, noNaN: true });
    fc.assert(
      fc.property(
        price,
        price,
        price,
        fc.integer({ min: 0, max: 400 }),
        (entry, stop, target, size) => {
          fc.pre(entry !== stop);
          const short = gradeTradePlan(
            { entry, stop, target, account: 10_000, riskPercent: 1, size },
            supply,
          );
          const long = gradeTradePlan(
            {
              entry: mirror(entry),
              stop: mirror(stop),
              target: mirror(target),
              account: 10_000,
              riskPercent: 1,
              size,
            },
            { ...demand, opposing: { upper: mirror(96), lower: mirror(96.5) } },
          );
          expect(short.failed).toEqual(long.failed);
        },
      ),
    );
  });
});

describe('playOutTrade', () => {
  const plan = { entry: 100.5, stop: 99.9, target: 101.7, size: 100 };

  it('exits at the target on the fill candle when that candle closes beyond it', () => {
    // Opens above the entry, dips to fill, then closes past the target: the target came after.
    const outcome = playOutTrade(plan, 'demand', [candle(101, 102.2, 100.5, 101.8)], SHARES);
    expect(outcome).toMatchObject({ exit: 'target', exitPrice: 101.7, fillIndex: 0 });
    expect(outcome.resultR).toBeCloseTo(2, 10);
    // Opening above the target does not fill the target at that open: the entry came after it.
    const gapped = playOutTrade(plan, 'demand', [candle(101.9, 102, 100.5, 101.8)], SHARES);
    expect(gapped).toMatchObject({ exit: 'target', exitPrice: 101.7, fillIndex: 0 });
  });

  it('fills at the entry and exits at the target: +2R', () => {
    const outcome = playOutTrade(
      plan,
      'demand',
      [candle(101, 101.2, 100.4, 100.8), candle(100.8, 101.8, 100.7, 101.6)],
      SHARES,
    );
    expect(outcome).toMatchObject({ fillIndex: 0, exit: 'target', exitIndex: 1, exitPrice: 101.7 });
    expect(outcome.resultR).toBeCloseTo(2, 10);
    expect(outcome.resultDollars).toBeCloseTo(120, 10);
  });

  it('counts the stop first when one candle touches both', () => {
    const outcome = playOutTrade(
      plan,
      'demand',
      [candle(101, 101.2, 100.4, 100.8), candle(100.8, 102, 99.8, 101)],
      SHARES,
    );
    expect(outcome).toMatchObject({ exit: 'stop', stopAssumedFirst: true });
    expect(outcome.resultR).toBeCloseTo(-1, 10);
  });

  it('exits at the open of a gap through the stop, says so, and counts worse than -1R', () => {
    const outcome = playOutTrade(
      plan,
      'demand',
      [candle(101, 101.2, 100.4, 100.6), candle(99.5, 99.8, 99.2, 99.4)],
      SHARES,
    );
    expect(outcome).toMatchObject({ exit: 'stop', exitPrice: 99.5, gap: 'through-stop' });
    expect(outcome.resultR).toBeCloseTo(-1 / 0.6, 10);
    expect(outcome.resultDollars).toBeCloseTo(-100, 10);
  });

  it('names no gap when a candle opens exactly at the stop: the planned -1R', () => {
    const outcome = playOutTrade(
      plan,
      'demand',
      [candle(101, 101.2, 100.4, 100.6), candle(99.9, 100, 99.5, 99.6)],
      SHARES,
    );
    expect(outcome).toMatchObject({ exit: 'stop', exitPrice: 99.9, gap: null });
    expect(outcome.resultR).toBeCloseTo(-1, 10);
  });

  it('fills and stops at the open of a gap through the entry and the stop: 0R, named', () => {
    // Opens at 99.3, below the entry (100.5) and the stop (99.9): the buy limit fills at the
    // open, and the stop, live from that fill, is already passed and leaves at the same open.
    const outcome = playOutTrade(plan, 'demand', [candle(99.3, 99.6, 98.8, 99)], SHARES);
    expect(outcome).toEqual({
      fillIndex: 0,
      fillPrice: 99.3,
      exit: 'stop',
      exitIndex: 0,
      exitPrice: 99.3,
      stopAssumedFirst: false,
      gap: 'through-entry-and-stop',
      resultR: 0,
      resultDollars: 0,
    });
    // The same for a short, without a -0 from the mirrored sign.
    const short = { entry: 50, stop: 50.5, target: 49, size: 10 };
    const gapped = playOutTrade(short, 'supply', [candle(50.8, 51, 50.6, 50.9)], SHARES);
    expect(gapped).toMatchObject({ gap: 'through-entry-and-stop', exitPrice: 50.8 });
    expect(Object.is(gapped.resultR, 0)).toBe(true);
    expect(Object.is(gapped.resultDollars, 0)).toBe(true);
  });

  it('counts a later gap through the stop from a better fill: the loss can stay under 1R', () => {
    // Filled at the open 100.1 (better than 100.5), then a gap to 99.8: 0.3 lost of 0.6 planned.
    const outcome = playOutTrade(
      plan,
      'demand',
      [candle(100.1, 100.3, 100, 100.2), candle(99.8, 99.9, 99.6, 99.7)],
      SHARES,
    );
    expect(outcome).toMatchObject({ fillPrice: 100.1, exitPrice: 99.8, gap: 'through-stop' });
    expect(outcome.resultR).toBeCloseTo(-0.5, 10);
  });

  it('exits at the open of a gap past the target, better than planned, and names it', () => {
    const outcome = playOutTrade(
      plan,
      'demand',
      [candle(101, 101.2, 100.4, 100.8), candle(102, 102.3, 101.9, 102.1)],
      SHARES,
    );
    expect(outcome).toMatchObject({ exit: 'target', exitPrice: 102, gap: 'past-target' });
    expect(outcome.resultR).toBeCloseTo(1.5 / 0.6, 10);
    const reached = playOutTrade(
      plan,
      'demand',
      [candle(101, 101.2, 100.4, 100.8), candle(101.7, 102, 101.5, 101.9)],
      SHARES,
    );
    expect(reached).toMatchObject({ exit: 'target', exitPrice: 101.7, gap: null });
  });

  it('is not filled when price never comes to the entry', () => {
    const outcome = playOutTrade(plan, 'demand', [candle(101, 102, 100.6, 101.9)], SHARES);
    expect(outcome).toMatchObject({
      fillIndex: null,
      fillPrice: null,
      exit: 'not-filled',
      exitPrice: null,
      gap: null,
      resultR: 0,
      resultDollars: 0,
    });
  });

  it('mirrors for a short trade', () => {
    const short = { entry: 50, stop: 50.5, target: 49, size: 10 };
    const outcome = playOutTrade(
      short,
      'supply',
      [candle(49.8, 50.1, 49.7, 49.9), candle(49.9, 50, 48.9, 49.1)],
      SHARES,
    );
    expect(outcome).toMatchObject({ exit: 'target', exitPrice: 49 });
    expect(outcome.resultR).toBeCloseTo(2, 10);
  });

  it('never does better than the target, nor worse than the stop, but by a gap (property)', () => {
    const path = fc.array(
      fc.tuple(
        fc.double({ min: 95, max: 106, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
      ),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(path, (points) => {
        let previous = 101;
        const candles = points.map(([close, spread]) => {
          const open = previous;
          previous = close;
          return candle(
            open,
            Math.max(open, close) + spread,
            Math.min(open, close) - spread,
            close,
          );
        });
        const outcome = playOutTrade(plan, 'demand', candles, SHARES);
        const exitCandle = outcome.exitIndex === null ? undefined : candles[outcome.exitIndex];
        // Only a candle that opens beyond the target while the trade is on fills it better than
        // asked, at that open (the fill candle's open came before the fill).
        const gappedPastTarget =
          exitCandle !== undefined &&
          outcome.exitIndex !== outcome.fillIndex &&
          exitCandle.open > plan.target;
        if (gappedPastTarget && outcome.exit === 'target') {
          expect(outcome.exitPrice).toBe(exitCandle.open);
        } else {
          expect(outcome.resultR).toBeLessThanOrEqual(2 + 1e-9);
        }
        if (outcome.exit === 'stop') expect(outcome.resultR).toBeLessThanOrEqual(-1 + 1e-9);
        if (outcome.exit === 'target') expect(outcome.resultR).toBeGreaterThanOrEqual(2 - 1e-9);
        // A gap is named exactly when the exit left at a candle's open beyond its planned price.
        if (outcome.gap === 'through-stop') {
          expect(exitCandle?.open).toBe(outcome.exitPrice);
          expect(outcome.exitPrice).toBeLessThan(plan.stop);
        } else if (outcome.gap === 'past-target') {
          expect(exitCandle?.open).toBe(outcome.exitPrice);
          expect(outcome.exitPrice).toBeGreaterThan(plan.target);
        } else if (outcome.exit === 'stop') {
          expect(outcome.exitPrice).toBe(plan.stop);
        } else if (outcome.exit === 'target') {
          expect(outcome.exitPrice).toBe(plan.target);
        }
      }),
    );
  });
});

describe('playOutTrade: gaps (property)', () => {
  const plan = { entry: 100.5, stop: 99.9, target: 101.7, size: 100 };
  // Candles whose opens jump anywhere: every kind of gap, past the entry, the stop or the target.
  const gappy = fc.array(
    fc.tuple(
      fc.double({ min: 98, max: 104, noNaN: true }),
      fc.double({ min: 98, max: 104, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    ),
    { minLength: 1, maxLength: 12 },
  );
  const candlesOf = (points: [number, number, number, number][]) =>
    points.map(([open, close, up, down]) =>
      candle(open, Math.max(open, close) + up, Math.min(open, close) - down, close),
    );

  it('names a gap exactly when the trade left at an open beyond its price, and counts R from the fill', () => {
    fc.assert(
      fc.property(gappy, (points) => {
        const candles = candlesOf(points);
        const outcome = playOutTrade(plan, 'demand', candles, SHARES);
        const exitCandle = outcome.exitIndex === null ? undefined : candles[outcome.exitIndex];
        if (outcome.fillPrice !== null && outcome.exitPrice !== null) {
          expect(outcome.resultR * 0.6).toBeCloseTo(outcome.exitPrice - outcome.fillPrice, 9);
        }
        switch (outcome.gap) {
          case 'through-entry-and-stop':
            expect(outcome.exit).toBe('stop');
            expect(outcome.exitIndex).toBe(outcome.fillIndex);
            expect(outcome.fillPrice).toBe(exitCandle?.open);
            expect(outcome.exitPrice).toBe(exitCandle?.open);
            expect(outcome.exitPrice).toBeLessThanOrEqual(plan.stop);
            expect(outcome.resultR).toBe(0);
            break;
          case 'through-stop':
            expect(outcome.exit).toBe('stop');
            expect(outcome.exitIndex).toBeGreaterThan(outcome.fillIndex ?? Infinity);
            expect(outcome.exitPrice).toBe(exitCandle?.open);
            expect(outcome.exitPrice).toBeLessThan(plan.stop);
            break;
          case 'past-target':
            expect(outcome.exit).toBe('target');
            expect(outcome.exitPrice).toBe(exitCandle?.open);
            expect(outcome.exitPrice).toBeGreaterThan(plan.target);
            break;
          case null:
            if (outcome.exit === 'stop') expect(outcome.exitPrice).toBe(plan.stop);
            if (outcome.exit === 'target') expect(outcome.exitPrice).toBe(plan.target);
            // Without a gap at the exit, a stop from a fill at the entry is the planned -1R.
            if (outcome.exit === 'stop' && outcome.fillPrice === plan.entry) {
              expect(outcome.resultR).toBeCloseTo(-1, 9);
            }
        }
        // Only a gap through the entry and the stop leaves a stopped trade without a loss.
        if (outcome.exit === 'stop' && outcome.gap !== 'through-entry-and-stop') {
          expect(outcome.resultR).toBeLessThan(0);
        }
        if (outcome.exit === 'target') expect(outcome.resultR).toBeGreaterThan(0);
      }),
    );
  });
});

describe('playOutTrade: the stop counts first (property)', () => {
  const plan = { entry: 100.5, stop: 99.9, target: 101.7, size: 100 };

  it('exits at the stop whenever a candle after the fill reaches both the stop and the target', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 99.95, max: 101.65, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (open, below, above) => {
          // The fill candle stays between the stop and the target; the next reaches both.
          const fill = candle(100.8, 100.9, 100.4, 100.6);
          const both = candle(open, 101.7 + above, 99.9 - below, open);
          const outcome = playOutTrade(plan, 'demand', [fill, both], SHARES);
          expect(outcome).toMatchObject({ exit: 'stop', stopAssumedFirst: true, exitPrice: 99.9 });
          expect(outcome.resultR).toBeCloseTo(-1, 9);
        },
      ),
    );
  });
});

describe('tradeRecord', () => {
  it('counts wins and losses over closed trades and averages R over the filled ones', () => {
    const record = tradeRecord([
      { exit: 'target', resultR: 2.5 },
      { exit: 'stop', resultR: -1 },
      { exit: 'not-filled', resultR: 0 },
      { exit: 'open', resultR: 0.5 },
      { exit: 'stop', resultR: -1.4 },
    ]);
    expect(record).toMatchObject({ plans: 5, filled: 4, wins: 1, losses: 2, closed: 3 });
    expect(record.hitRate).toBeCloseTo(1 / 3, 12);
    expect(record.totalR).toBeCloseTo(0.6, 12);
    expect(record.averageR).toBeCloseTo(0.15, 12);
    expect(record.cumulativeR.map((r) => Number(r.toFixed(6)))).toEqual([2.5, 1.5, 1.5, 2, 0.6]);
  });

  it('gives the average win, the average loss, the expectancy and its standard error', () => {
    const record = tradeRecord([
      { exit: 'target', resultR: 2.5 },
      { exit: 'stop', resultR: -1 },
      { exit: 'not-filled', resultR: 0 },
      { exit: 'open', resultR: 0.5 },
      { exit: 'stop', resultR: -1.6 },
      { exit: 'target', resultR: 2.1 },
    ]);
    expect(record.averageWinR).toBeCloseTo(2.3, 12);
    expect(record.averageLossR).toBeCloseTo(-1.3, 12);
    // Over the four closed trades (the open one is not known yet): 0.5 x 2.3 + 0.5 x -1.3.
    expect(record.expectancy).toBeCloseTo(0.5, 12);
    // Deviations 2, -1.5, -2.1, 1.6: squares 4 + 2.25 + 4.41 + 2.56 = 13.22, over 3, root, / 2.
    expect(record.standardErrorR).toBeCloseTo(Math.sqrt(13.22 / 3) / 2, 12);
  });

  it('has no standard error from one closed trade, and no average loss without a loss', () => {
    const record = tradeRecord([{ exit: 'target', resultR: 2 }]);
    expect(record).toMatchObject({
      closed: 1,
      hitRate: 1,
      averageWinR: 2,
      averageLossR: null,
      expectancy: 2,
      standardErrorR: null,
    });
  });

  it('has no hit rate nor average before a trade', () => {
    expect(tradeRecord([])).toEqual({
      plans: 0,
      filled: 0,
      wins: 0,
      losses: 0,
      breakeven: 0,
      flatAtClose: 0,
      closed: 0,
      hitRate: null,
      averageR: null,
      averageWinR: null,
      averageLossR: null,
      averageFlatR: null,
      expectancy: null,
      standardErrorR: null,
      totalR: 0,
      cumulativeR: [],
    });
  });

  it('ends its running total at the total, and the average times the trades is the total (property)', () => {
    const outcome = fc.record({
      exit: fc.constantFrom(
        'stop' as const,
        'target' as const,
        'open' as const,
        'not-filled' as const,
      ),
      resultR: fc.double({ min: -3, max: 5, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 30 }), (outcomes) => {
        const record = tradeRecord(outcomes);
        expect(record.cumulativeR).toHaveLength(outcomes.length);
        expect(record.cumulativeR.at(-1) ?? 0).toBe(record.totalR);
        if (record.averageR !== null) {
          expect(record.averageR * record.filled).toBeCloseTo(record.totalR, 6);
        }
        if (record.hitRate !== null) {
          expect(record.hitRate).toBeGreaterThanOrEqual(0);
          expect(record.hitRate).toBeLessThanOrEqual(1);
        }
        // Expectancy in its two spellings: the formula and the mean R of the closed trades (a
        // breakeven stop is its own term, neither a win nor a loss).
        if (record.hitRate !== null && record.expectancy !== null) {
          const breakevenSum = outcomes
            .filter((o) => o.exit === 'stop' && !(o.resultR < 0 && o.resultR.toFixed(1) !== '-0.0'))
            .reduce((sum, o) => sum + o.resultR, 0);
          const formula =
            record.hitRate * (record.averageWinR ?? 0) +
            (record.losses / record.closed) * (record.averageLossR ?? 0) +
            breakevenSum / record.closed;
          expect(formula).toBeCloseTo(record.expectancy, 6);
          expect(record.wins + record.losses + record.breakeven).toBe(record.closed);
        }
        expect(record.standardErrorR === null).toBe(record.closed < 2);
        if (record.standardErrorR !== null) {
          expect(record.standardErrorR).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('playOutTrade, a day trade', () => {
  // 2024-03-05 15:45 New York time, then the next morning's open.
  const lateAfternoon = sessionOpenTime(19_787) + (6 * 60 + 15) * 60;
  const nextOpen = sessionOpenTime(19_788);
  const at = (time: number, [open, high, low, close]: [number, number, number, number]) => ({
    time,
    open,
    high,
    low,
    close,
  });
  const plan = { entry: 100, stop: 99, target: 103, size: 10 };

  it('closes a trade still open at the session’s last candle at its close', () => {
    const candles = [
      at(lateAfternoon, [100.4, 100.5, 99.9, 100.2]),
      at(lateAfternoon + 300, [100.2, 100.8, 100.1, 100.7]),
      at(lateAfternoon + 600, [100.7, 100.9, 100.5, 100.6]),
      at(nextOpen, [104, 104.5, 103.8, 104.2]),
    ];
    const outcome = playOutTrade(plan, 'demand', candles, SHARES);
    // The next morning's gap past the target is not the day trade's.
    expect(outcome).toMatchObject({ exit: 'session-close', exitIndex: 2, exitPrice: 100.6 });
    expect(outcome.resultR).toBeCloseTo(0.6, 9);
  });

  it('knows the close by the clock when the chart ends there', () => {
    const toClose = [
      at(lateAfternoon, [100.4, 100.5, 99.9, 100.2]),
      at(lateAfternoon + 600, [100.2, 100.4, 100.1, 100.3]),
    ];
    expect(playOutTrade(plan, 'demand', toClose, SHARES).exit).toBe('session-close');
    // A chart that ends before the close leaves the trade open.
    expect(playOutTrade(plan, 'demand', toClose.slice(0, 1), SHARES).exit).toBe('open');
  });

  it('counts a trade closed at the session’s close in the record', () => {
    const record = tradeRecord([
      { exit: 'target', resultR: 2 },
      { exit: 'stop', resultR: -1 },
      { exit: 'session-close', resultR: 0.5 },
    ]);
    expect(record).toMatchObject({ wins: 1, losses: 1, flatAtClose: 1, closed: 3 });
    expect(record.expectancy).toBeCloseTo(0.5, 9);
    expect(record.hitRate).toBeCloseTo(1 / 3, 9);
  });

  it('counts a trade stopped at 0.0R as breakeven, not a loss', () => {
    const record = tradeRecord([
      { exit: 'stop', resultR: 0 },
      { exit: 'stop', resultR: -0.04 },
      { exit: 'stop', resultR: -1 },
      { exit: 'target', resultR: 2 },
    ]);
    expect(record).toMatchObject({ wins: 1, losses: 1, breakeven: 2, closed: 4 });
    expect(record.averageLossR).toBe(-1);
    expect(record.hitRate).toBeCloseTo(1 / 4, 9);
  });
});
