import type { Candle } from '@chart-kit/core';
import { sessionOpenTime } from '../market-sim.js';
import { loadRealSample, realSeriesBySymbol } from '../real-data/index.js';
import { measureRates, summariseTrades } from './rates.js';
import { REAL_RATES } from './real-rates.generated.js';
import { measureSetups } from './setups.js';
import { meanOf, roundNumbers, shareOf } from './statistics.js';

// 2024-03-05, a Tuesday.
const OPEN = sessionOpenTime(19_787);
type Shape = [open: number, high: number, low: number, close: number];

function series(shapes: Shape[]): Candle[] {
  return shapes.map(([open, high, low, close], index) => ({
    time: OPEN + index * 300,
    open,
    high,
    low,
    close,
    volume: 1_000,
  }));
}

/** Twenty candles of range 1 with bodies of 0.5: neither a base nor a leg. */
const NOISE: Shape[] = Array.from({ length: 20 }, (_, index) =>
  index % 2 === 0 ? [100, 100.75, 99.75, 100.5] : [100.5, 100.75, 99.75, 100],
);
/** A demand zone 99.50-99.80: a big down candle, a one-candle base, three legs up, a slide back. */
const DEMAND_AND_SLIDE: Shape[] = [
  [100.5, 100.6, 99.6, 99.7],
  [99.7, 100.0, 99.5, 99.8],
  [99.8, 101.1, 99.75, 101.0],
  [101.0, 102.3, 100.95, 102.2],
  [102.2, 103.5, 102.15, 103.4],
  [103.4, 103.45, 102.35, 102.4],
  [102.4, 102.45, 101.35, 101.4],
  [101.4, 101.45, 100.35, 100.4],
  [100.4, 100.5, 100.2, 100.3],
];
const RETURN_AND_RALLY: Shape[] = [
  [100.3, 100.35, 99.7, 100.0],
  [100.0, 101.3, 99.95, 101.2],
  [101.2, 102.5, 101.15, 102.4],
  [102.4, 103.7, 102.35, 103.6],
  [103.6, 104.9, 103.55, 104.8],
];
const RETURN_AND_BREAK: Shape[] = [
  [100.3, 100.35, 99.2, 99.3],
  [99.3, 99.35, 98.25, 98.3],
  [98.3, 98.35, 97.25, 97.3],
];

describe('measureSetups on hand-made charts', () => {
  it('reads a fresh demand zone that holds: a strong bounce and the target', () => {
    const setups = measureSetups(series([...NOISE, ...DEMAND_AND_SLIDE, ...RETURN_AND_RALLY]));
    expect(setups).toHaveLength(1);
    const [setup] = setups;
    expect(setup!.zone).toMatchObject({ type: 'demand', upper: 99.8, lower: 99.5, baseStart: 21 });
    expect(setup!.returnIndex).toBe(29);
    expect(setup!.touchesBefore).toBe(0);
    // Average range of candles 9-28: (11 + 1 + 0.5 + 3 x 1.35 + 3 x 1.1 + 0.3) / 20 = 1.0075.
    expect(setup!.averageRange).toBeCloseTo(1.0075, 6);
    // No supply zone above: the target aims short of the highest high, 103.50 - 0.3 x 1.0075.
    expect(setup!.opposing).toEqual({ upper: 103.5, lower: 103.5, fromZone: false });
    expect(setup!.plan).toEqual({ entry: 99.8, stop: 99.25, target: 103.2 });
    expect(setup!.checks).toEqual({
      grade: true,
      room: true,
      fresh: true,
      higherTimeframe: true,
    });
    expect(setup!.reaction?.reaction).toBe('strong');
    expect(setup!.course.exit).toBe('target');
    expect(setup!.course.outcome.resultR).toBeCloseTo(3.4 / 0.55, 9);
  });

  it('reads a zone that breaks on its return: a break and the stop', () => {
    const setups = measureSetups(series([...NOISE, ...DEMAND_AND_SLIDE, ...RETURN_AND_BREAK]));
    expect(setups).toHaveLength(1);
    expect(setups[0]!.reaction?.reaction).toBe('break');
    expect(setups[0]!.course.exit).toBe('stop');
    expect(setups[0]!.course.stopKind).toBe('stop-break');
    expect(setups[0]!.course.outcome.resultR).toBeCloseTo(-1, 9);
  });

  it('leaves out a base of bars in which nothing traded', () => {
    const candles = series([...NOISE, ...DEMAND_AND_SLIDE, ...RETURN_AND_RALLY]);
    candles[21] = { ...candles[21]!, volume: 0 };
    expect(measureSetups(candles)).toHaveLength(0);
  });

  it('closes a trade still open at the session end there', () => {
    const stall: Shape[] = [
      [100.3, 100.35, 99.7, 100.0],
      [100.0, 100.4, 99.9, 100.2],
    ];
    const [setup] = measureSetups(series([...NOISE, ...DEMAND_AND_SLIDE, ...stall]));
    expect(setup!.course.exit).toBe('session-close');
    expect(setup!.course.outcome.resultR).toBeCloseTo((100.2 - 99.8) / 0.55, 9);
  });

  it('sums trades up by hand', () => {
    const win = measureSetups(series([...NOISE, ...DEMAND_AND_SLIDE, ...RETURN_AND_RALLY]));
    const loss = measureSetups(series([...NOISE, ...DEMAND_AND_SLIDE, ...RETURN_AND_BREAK]));
    const summary = summariseTrades([...win, ...loss].map((setup) => setup.course));
    expect(summary.target.share).toBe(0.5);
    expect(summary.expectancyR.mean).toBeCloseTo((3.4 / 0.55 - 1) / 2, 9);
    expect(summary.medianWinnerR).toBeCloseTo(3.4 / 0.55, 9);
    // Costs: 0.02% of 99.80 over a risk of 0.55, each trade.
    expect(summary.costR).toBeCloseTo((0.0002 * 99.8) / 0.55, 9);
  });
});

describe('statistics', () => {
  it('gives the Wilson interval of a share', () => {
    const half = shareOf(5, 10);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    expect(shareOf(0, 0)).toMatchObject({ share: 0, low: 0, high: 1 });
  });

  it('gives a mean with its normal interval', () => {
    const result = meanOf([1, 2, 3, 4]);
    expect(result.mean).toBe(2.5);
    // sd = 1.291, se = 0.6455
    expect(result.high - result.mean).toBeCloseTo(1.959964 * 0.645497, 4);
  });
});

describe('the course facts in real-rates.generated.ts', () => {
  it('are what the rules measure on the shipped real sample today', () => {
    const measured = roundNumbers(measureRates(realSeriesBySymbol(loadRealSample().sessions)));
    // When this fails, a rule or the sample changed: `npm run build -w course && node
    // course/scripts/write-real-rates.mjs` writes the file anew; then read the lessons that cite it.
    expect(measured).toEqual(REAL_RATES);
  });

  it('say that most zones break and the course trade has no proven edge', () => {
    expect(REAL_RATES.reactions.break.share).toBeGreaterThan(0.5);
    expect(REAL_RATES.takenTrades.expectancyR.low).toBeLessThan(0);
    expect(REAL_RATES.takenTrades.expectancyAfterCostsR.mean).toBeLessThan(0);
  });
});
