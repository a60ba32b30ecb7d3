import type { Candle } from '@chart-kit/core';
import { CANDLES_PER_SESSION, MarketSimulator } from './market-sim.js';
import { createRandom, deriveSeed } from './random.js';
import { loadRealSample } from './real-data/index.js';
import { drawMarketOptions } from './scenarios/market-start.js';
import {
  ABSOLUTE_RETURN_LAGS,
  measureStylizedFacts,
  type StylizedFacts,
} from './stylized-facts.js';

// The simulator's tape against the REAL 5-minute bars the course ships (course/data/real-bars),
// both measured by the same code (`measureStylizedFacts`). Two kinds of target, no chosen ranges:
// - a ratio of the whole real sample (all symbols pooled) that the simulator must come within 25%
//   of: the session-open gap, the intraday U and midday lull of ranges, closing volume;
// - a property whose real value differs from name to name (thin names and liquid ones, stocks and
//   ETFs): the simulator must fall inside the spread of the real symbols, from the lowest to the
//   highest. Symbols with fewer than MIN_GROUP_SESSIONS sessions (the liquid names of the Lean
//   sample, a few sessions each) are pooled into one group first: a symbol's two sessions are too
//   few to say where its kurtosis or autocorrelation lies.
// MARKET-REALISM.md shows the figures, before and after the simulator was tuned to them.

const MARKETS = 120;
const SESSIONS_PER_MARKET = 10;
const CALIBRATION_SEED = 33;
const MIN_GROUP_SESSIONS = 20;
/** How far (as a share of the real figure) a pooled ratio of the simulator may be from it. */
const TOLERANCE = 0.25;

/** Markets drawn as the exercises draw them (`drawMarketOptions`), each over 10 free sessions. */
function simulatedSeries(): Candle[][] {
  return Array.from({ length: MARKETS }, (_, index) => {
    const simulator = new MarketSimulator(
      drawMarketOptions(createRandom(deriveSeed(CALIBRATION_SEED, index))),
    );
    return Array.from({ length: SESSIONS_PER_MARKET * CANDLES_PER_SESSION }, () =>
      simulator.next(),
    );
  });
}

/** The real sample as series: one per symbol (its sessions in day order), and the groups. */
function realSeries(): { all: Candle[][]; groups: Candle[][][] } {
  const { sessions } = loadRealSample();
  const bySymbol = new Map<string, { candles: Candle[]; sessions: number }>();
  for (const session of sessions) {
    const entry = bySymbol.get(session.symbol) ?? { candles: [], sessions: 0 };
    entry.candles.push(...session.candles);
    entry.sessions++;
    bySymbol.set(session.symbol, entry);
  }
  const entries = [...bySymbol.values()];
  const large = entries.filter((entry) => entry.sessions >= MIN_GROUP_SESSIONS);
  const small = entries.filter((entry) => entry.sessions < MIN_GROUP_SESSIONS);
  const groups = large.map((entry) => [entry.candles]);
  if (small.length > 0) groups.push(small.map((entry) => entry.candles));
  return { all: entries.map((entry) => entry.candles), groups };
}

type Measure = (facts: StylizedFacts) => number;

/** Pooled ratios held within TOLERANCE of the real sample's. */
const NEAR_REAL: Record<string, Measure> = {
  'median session-open gap, in average 5-minute ranges': (facts) => facts.gaps.median,
  '90th percentile of the session-open gap': (facts) => facts.gaps.p90,
  'midday lull: range 12:00-14:00 over the session median': (facts) => facts.middayLull,
  'range 09:30-10:00 over 12:00-14:00': (facts) => facts.range.openingRatio,
  'range 15:30-16:00 over 12:00-14:00': (facts) => facts.range.closingRatio,
  'volume 15:30-16:00 over 12:00-14:00': (facts) => facts.volume?.closingRatio ?? Number.NaN,
  "last candle's volume over 12:00-14:00": (facts) => facts.volume?.lastBarRatio ?? Number.NaN,
};

/** Properties held inside the spread of the real symbols. */
const ACROSS_SYMBOLS: Record<string, Measure> = {
  'lag-1 autocorrelation of 5-minute returns': (facts) => facts.returnAutocorrelation,
  'excess kurtosis of 5-minute returns': (facts) => facts.excessKurtosis,
  ...Object.fromEntries(
    Array.from({ length: ABSOLUTE_RETURN_LAGS }, (_, index): [string, Measure] => [
      `autocorrelation of absolute returns at lag ${index + 1}`,
      (facts) => facts.absoluteReturnAutocorrelation[index] ?? Number.NaN,
    ]),
  ),
  'median body over range': (facts) => facts.candleShapes.medianBodyShare,
  'mean body over range': (facts) => facts.candleShapes.meanBodyShare,
  'share of dojis (body at most a tenth of the range)': (facts) => facts.candleShapes.dojiShare,
  'share of full bodies (at least 80% of the range)': (facts) => facts.candleShapes.fullBodyShare,
  "close's distance from the middle of the range": (facts) => facts.candleShapes.closeFromMiddle,
};

describe('the simulated tape against the real sample', () => {
  let real: StylizedFacts;
  let groups: StylizedFacts[];
  let simulated: StylizedFacts;

  beforeAll(() => {
    const sample = realSeries();
    real = measureStylizedFacts(sample.all);
    groups = sample.groups.map((group) => measureStylizedFacts(group));
    simulated = measureStylizedFacts(simulatedSeries());
  });

  it('measures the whole real sample and over 1,000 simulated sessions', () => {
    expect(real.sessions).toBe(loadRealSample().sessions.length);
    expect(groups.length).toBeGreaterThanOrEqual(10);
    expect(simulated.completeSessions).toBe(MARKETS * SESSIONS_PER_MARKET);
    expect(simulated.completeSessions).toBeGreaterThanOrEqual(1000);
  });

  it.each(Object.entries(NEAR_REAL))('%s: within 25% of the real sample', (name, measure) => {
    const target = measure(real);
    const value = measure(simulated);
    expect(Number.isFinite(target)).toBe(true);
    const error = Math.abs(value - target) / target;
    if (!(error <= TOLERANCE)) {
      throw new Error(`${name}: simulated ${value.toFixed(3)}, real ${target.toFixed(3)}`);
    }
  });

  it.each(Object.entries(ACROSS_SYMBOLS))('%s: inside the real symbols', (name, measure) => {
    const values = groups.map(measure).filter(Number.isFinite);
    expect(values.length).toBe(groups.length);
    const low = Math.min(...values);
    const high = Math.max(...values);
    const value = measure(simulated);
    if (!(value >= low && value <= high)) {
      throw new Error(
        `${name}: simulated ${value.toFixed(3)}, real ${low.toFixed(3)} to ${high.toFixed(3)}`,
      );
    }
  });

  it('has negatively autocorrelated returns, as real tapes have (bid-ask bounce)', () => {
    expect(real.returnAutocorrelation).toBeLessThan(0);
    expect(simulated.returnAutocorrelation).toBeLessThan(0);
  });
});
