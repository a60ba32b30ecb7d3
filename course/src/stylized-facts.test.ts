import type { Candle } from '@chart-kit/core';
import { nextFullTradingDay } from './exchange-calendar.js';
import { CANDLES_PER_SESSION, sessionOpenTime } from './market-sim.js';
import { measureStylizedFacts } from './stylized-facts.js';

/** Tuesday 2 January 2024. */
const FIRST_DAY = Date.UTC(2024, 0, 2) / 86_400_000;
const RETURNS_PER_SESSION = CANDLES_PER_SESSION - 1;

interface SessionPlan {
  /** Open (and close) of the session's first candle. */
  open: number;
  /** Log return of each later candle's close: 77 of them. */
  logReturns?: readonly number[];
  /** High - low of the candle in each slot; by default its body. */
  range?: (slot: number) => number;
  volume?: (slot: number) => number;
}

/** Sessions on consecutive trading days from FIRST_DAY, each candle opening at the previous close. */
function buildSeries(plans: readonly SessionPlan[]): Candle[] {
  const candles: Candle[] = [];
  let day = nextFullTradingDay(FIRST_DAY);
  for (const plan of plans) {
    let close = plan.open;
    for (let slot = 0; slot < CANDLES_PER_SESSION; slot++) {
      const open = slot === 0 ? plan.open : close;
      close = slot === 0 ? plan.open : close * Math.exp(plan.logReturns?.[slot - 1] ?? 0);
      const body = Math.abs(close - open);
      const wick = Math.max(0, (plan.range?.(slot) ?? body) - body) / 2;
      const candle: Candle = {
        time: sessionOpenTime(day) + slot * 300,
        open,
        high: Math.max(open, close) + wick,
        low: Math.min(open, close) - wick,
        close,
      };
      const volume = plan.volume?.(slot);
      if (volume !== undefined) candle.volume = volume;
      candles.push(candle);
    }
    day = nextFullTradingDay(day + 1);
  }
  return candles;
}

/** 77 returns alternating +size, -size, ..., +size: the session closes `size` above its open. */
const alternating = (size: number) =>
  Array.from({ length: RETURNS_PER_SESSION }, (_, index) => (index % 2 === 0 ? size : -size));

describe('measureStylizedFacts', () => {
  it('measures returns within sessions only', () => {
    const plans = [0, 1, 2].map(() => ({ open: 100, logReturns: alternating(0.001) }));
    const facts = measureStylizedFacts([buildSeries(plans)]);
    expect(facts.sessions).toBe(3);
    expect(facts.completeSessions).toBe(3);
    expect(facts.returns).toBe(3 * RETURNS_PER_SESSION);
  });

  it('gives a two-point distribution an excess kurtosis of -2', () => {
    const plans = [0, 1, 2, 3].map(() => ({ open: 50, logReturns: alternating(0.002) }));
    // The mean of 39 ups and 38 downs is not quite 0, which moves the kurtosis a hair off -2.
    expect(measureStylizedFacts([buildSeries(plans)]).excessKurtosis).toBeCloseTo(-2, 2);
  });

  it('leaves overnight gaps out of the return distribution', () => {
    const calm = buildSeries([0, 1].map(() => ({ open: 100, logReturns: alternating(0.001) })));
    const gapped = buildSeries([
      { open: 100, logReturns: alternating(0.001) },
      { open: 130, logReturns: alternating(0.001) },
    ]);
    const calmFacts = measureStylizedFacts([calm]);
    const gappedFacts = measureStylizedFacts([gapped]);
    expect(gappedFacts.excessKurtosis).toBeCloseTo(calmFacts.excessKurtosis, 10);
    expect(gappedFacts.gaps.median).toBeGreaterThan(100 * calmFacts.gaps.median);
  });

  it('finds the autocorrelation of absolute returns lag by lag', () => {
    // |r| alternates big, small, big, ...: lag 1 pairs a big with a small one, lag 2 two alike.
    const returns = Array.from({ length: RETURNS_PER_SESSION }, (_, index) =>
      index % 2 === 0 ? 0.003 : -0.001,
    );
    const plans = [0, 1, 2].map(() => ({ open: 80, logReturns: returns }));
    const correlations = measureStylizedFacts([buildSeries(plans)]).absoluteReturnAutocorrelation;
    expect(correlations).toHaveLength(10);
    correlations.forEach((value, index) => {
      expect(value).toBeCloseTo(index % 2 === 0 ? -1 : 1, 1);
    });
  });

  it('estimates the tail index of a power law', () => {
    // Absolute returns at the quantiles of a Pareto law with exponent 3, in a shuffled order.
    const count = 40 * RETURNS_PER_SESSION;
    const sizes = Array.from(
      { length: count },
      (_, index) => 0.001 * (1 - (index + 0.5) / count) ** (-1 / 3),
    );
    const shuffled = sizes.map((_, index) => sizes[(index * 7919) % count] ?? 0);
    const plans = Array.from({ length: 40 }, (_, session) => ({
      open: 100,
      logReturns: shuffled
        .slice(session * RETURNS_PER_SESSION, (session + 1) * RETURNS_PER_SESSION)
        .map((size, index) => (index % 2 === 0 ? size : -size)),
    }));
    expect(measureStylizedFacts([buildSeries(plans)]).tailIndex).toBeCloseTo(3, 0);
  });

  it('compares the ranges and volumes of the open and the close with midday', () => {
    const byWindow = (opening: number, closing: number) => (slot: number) =>
      slot < 6 ? opening : slot >= 72 ? closing : 1;
    const plans = [0, 1].map((session) => ({
      open: 100 + session,
      range: (slot: number) => (session + 1) * 0.1 * byWindow(3, 2)(slot),
      volume: (slot: number) => (session + 1) * 1000 * byWindow(2.5, 4)(slot),
    }));
    const facts = measureStylizedFacts([buildSeries(plans)]);
    expect(facts.range.bySlot).toHaveLength(CANDLES_PER_SESSION);
    expect(facts.range.openingRatio).toBeCloseTo(3, 10);
    expect(facts.range.closingRatio).toBeCloseTo(2, 10);
    expect(facts.volume?.openingRatio).toBeCloseTo(2.5, 10);
    expect(facts.volume?.closingRatio).toBeCloseTo(4, 10);
  });

  it('reports no volume facts for candles without volume', () => {
    const facts = measureStylizedFacts([
      buildSeries([{ open: 10, logReturns: alternating(0.01) }]),
    ]);
    expect(facts.volume).toBeNull();
    expect(facts.volumeAbsoluteReturnCorrelation).toBeNull();
  });

  it('correlates volume with the size of the move', () => {
    const returns = Array.from({ length: RETURNS_PER_SESSION }, (_, index) =>
      index % 3 === 0 ? 0.004 : -0.001,
    );
    const plans = [0, 1].map(() => ({
      open: 70,
      logReturns: returns,
      volume: (slot: number) => (slot > 0 && (slot - 1) % 3 === 0 ? 9000 : 3000),
    }));
    const facts = measureStylizedFacts([buildSeries(plans)]);
    expect(facts.volumeAbsoluteReturnCorrelation).toBeCloseTo(1, 5);
  });

  it('measures gaps in average ranges of the previous session', () => {
    const series = buildSeries([
      { open: 100, range: () => 0.5 },
      { open: 101, range: () => 0.25 },
      { open: 101.5, range: () => 1 },
    ]);
    const { gaps } = measureStylizedFacts([series]);
    // 1 dollar after a session of 0.50 ranges, then 0.50 after a session of 0.25 ranges.
    expect(gaps.count).toBe(2);
    expect(gaps.quartiles[0]).toBeCloseTo(2, 10);
    expect(gaps.median).toBeCloseTo(2, 10);
    expect(gaps.shareUnderQuarterRange).toBe(0);
  });

  it('takes gaps only between sessions of the same series', () => {
    const first = buildSeries([{ open: 100, range: () => 0.5 }]);
    const second = buildSeries([{ open: 200, range: () => 0.5 }]);
    expect(measureStylizedFacts([first, second]).gaps.count).toBe(0);
  });

  it('compares overnight with session variance', () => {
    // Each session closes one step above its open; each night adds three steps.
    const step = 0.002;
    const plans = [0, 1, 2, 3, 4].map((session) => ({
      open: 100 * Math.exp(session * 4 * step),
      logReturns: alternating(step),
    }));
    const ratio = measureStylizedFacts([buildSeries(plans)]).overnightVarianceRatio;
    expect(ratio).toBeCloseTo(9, 6);
  });

  it('ignores candles outside the session hours', () => {
    const series = buildSeries([{ open: 100, logReturns: alternating(0.001) }]);
    const first = series[0];
    if (first === undefined) throw new Error('no candles');
    const preMarket = { ...first, time: first.time - 30 * 60, high: 150 };
    const facts = measureStylizedFacts([[preMarket, ...series]]);
    expect(facts.sessions).toBe(1);
    expect(facts.completeSessions).toBe(1);
  });

  it('finds the lag-1 autocorrelation of returns within sessions', () => {
    const plans = [0, 1, 2].map(() => ({ open: 100, logReturns: alternating(0.001) }));
    expect(measureStylizedFacts([buildSeries(plans)]).returnAutocorrelation).toBeCloseTo(-1, 1);
    // Up, up, down, down, ...: each move is followed as often by its like as by its opposite.
    const pairs = Array.from({ length: RETURNS_PER_SESSION }, (_, index) =>
      index % 4 < 2 ? 0.001 : -0.001,
    );
    const paired = [0, 1, 2].map(() => ({ open: 100, logReturns: pairs }));
    expect(measureStylizedFacts([buildSeries(paired)]).returnAutocorrelation).toBeCloseTo(0, 1);
  });

  it('leaves empty candles (nothing traded) out of returns and ranges, not out of volume', () => {
    const plans = [0, 1].map(() => ({
      open: 100,
      logReturns: alternating(0.001),
      range: () => 0.3,
      volume: () => 1000,
    }));
    const full = buildSeries(plans);
    // Every tenth candle traded nothing: flat at the last close, volume 0.
    const thinned = full.map((candle, index) => {
      if (index % 10 !== 5) return candle;
      const last = full[index - 1]?.close ?? candle.open;
      return { ...candle, open: last, high: last, low: last, close: last, volume: 0 };
    });
    const facts = measureStylizedFacts([thinned]);
    // Each empty candle removes the return into it and the one out of it; the last (index 155)
    // ends its session, so it has no return out of it.
    expect(facts.returns).toBe(measureStylizedFacts([full]).returns - 2 * 16 + 1);
    expect(facts.range.openingRatio).toBeCloseTo(1, 6);
    expect(facts.middayLull).toBeCloseTo(1, 6);
    // Slot 5 traded nothing in the first session; each session has 8 empty candles of 78.
    expect(facts.volume?.bySlot[5]).toBeCloseTo(78 / 70 / 2, 6);
    expect(facts.gaps.count).toBe(1);
    // In average ranges of the candles that traded (0.3), not of all 78 (0.3 * 70 / 78).
    expect(facts.gaps.median).toBeCloseTo((100 * Math.exp(0.001) - 100) / 0.3, 6);
    expect(facts.candleShapes.count).toBe(2 * CANDLES_PER_SESSION - 16);
  });

  it('takes gaps only between sessions on consecutive trading days', () => {
    const series = buildSeries([
      { open: 100, range: () => 0.5 },
      { open: 101, range: () => 0.5 },
    ]);
    const weekLater = series.map((candle, index) =>
      index < CANDLES_PER_SESSION ? candle : { ...candle, time: candle.time + 7 * 86_400 },
    );
    expect(measureStylizedFacts([series]).gaps.count).toBe(1);
    expect(measureStylizedFacts([weekLater]).gaps.count).toBe(0);
  });

  it('measures an early-close session for returns and gaps, not for intraday profiles', () => {
    const series = buildSeries([
      { open: 100, logReturns: alternating(0.001), range: () => 0.2 },
      { open: 100.5, logReturns: alternating(0.001), range: () => 0.2 },
    ]);
    // The first session closes at 13:00: 42 candles.
    const early = series.filter((_, index) => index >= CANDLES_PER_SESSION || index < 42);
    const facts = measureStylizedFacts([early]);
    expect(facts.sessions).toBe(2);
    expect(facts.completeSessions).toBe(1);
    expect(facts.returns).toBe(41 + RETURNS_PER_SESSION);
    expect(facts.gaps.count).toBe(1);
  });

  it('shows the midday lull and the closing auction', () => {
    // Ranges: 2 in the first half hour, 0.5 from 12:00 to 14:00, 1 otherwise; volume 20 times
    // midday's on the last candle.
    const plans = [0, 1].map(() => ({
      open: 100,
      range: (slot: number) => (slot < 6 ? 0.2 : slot >= 30 && slot < 54 ? 0.05 : 0.1),
      volume: (slot: number) => (slot === CANDLES_PER_SESSION - 1 ? 20_000 : 1000),
    }));
    const facts = measureStylizedFacts([buildSeries(plans)]);
    expect(facts.rangeByHalfHour).toHaveLength(13);
    // The session's median candle is 0.1: the first half hour is 2 of it, midday half.
    expect(facts.rangeByHalfHour[0]).toBeCloseTo(2, 6);
    expect(facts.middayLull).toBeCloseTo(0.5, 6);
    expect(facts.range.lastBarRatio).toBeCloseTo(2, 6);
    expect(facts.volume?.lastBarRatio).toBeCloseTo(20, 6);
  });

  it('measures candle shapes: bodies against ranges', () => {
    const candles = buildSeries([{ open: 100, logReturns: alternating(0.001), range: () => 0 }]);
    // Alternate full candles (body = range) and dojis (no body, a range of 0.4).
    const shaped = candles.map((candle, index) =>
      index % 2 === 0
        ? candle
        : { ...candle, close: candle.open, high: candle.open + 0.2, low: candle.open - 0.2 },
    );
    const { candleShapes } = measureStylizedFacts([shaped]);
    // The first candle has no body and no range: left out.
    expect(candleShapes.count).toBe(CANDLES_PER_SESSION - 1);
    expect(candleShapes.dojiShare).toBeCloseTo(39 / 77, 6);
    expect(candleShapes.fullBodyShare).toBeCloseTo(38 / 77, 6);
    expect(candleShapes.closeFromMiddle).toBeCloseTo(38 / 77 / 2, 6);
  });

  it('is NaN where there is nothing to measure', () => {
    const facts = measureStylizedFacts([]);
    expect(facts.sessions).toBe(0);
    expect(facts.excessKurtosis).toBeNaN();
    expect(facts.gaps.median).toBeNaN();
    expect(facts.range.openingRatio).toBeNaN();
    expect(facts.absoluteReturnAutocorrelation.every(Number.isNaN)).toBe(true);
  });
});
