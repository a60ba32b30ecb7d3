import type { PlanSetup } from '../api/index.js';
import { planNumbers, ratioText, resultClass, resultText, tradeRText } from './plan-numbers.js';

const SETUP: PlanSetup = {
  zone: { type: 'demand', upper: 50.2, lower: 49.8 },
  opposing: { upper: 51.6, lower: 51.3 },
  instrument: 'shares',
  pointValue: 1,
  unit: 'shares',
  step: 1,
  account: 25_000,
  riskPercent: 1,
  minRewardToRisk: 2,
  buyingPower: null,
};

describe('planNumbers', () => {
  it('works out the size, the risk in dollars and the reward-to-risk as lines are placed', () => {
    expect(planNumbers([], SETUP, 25_000, 1)).toMatchObject({
      budget: 250,
      missing: 'Place the entry and the stop to see the size.',
    });
    const twoLines = [
      { role: 'Entry', price: 50.2 },
      { role: 'Stop', price: 49.7 },
    ];
    expect(planNumbers(twoLines, SETUP, 25_000, 1)).toMatchObject({
      riskPerUnit: 0.5,
      size: 500,
      riskDollars: 250,
      missing: 'Place the target to see the reward-to-risk.',
    });
    const plan = planNumbers([...twoLines, { role: 'Target', price: 51.2 }], SETUP, 25_000, 1);
    expect(plan.rewardToRisk).toBeCloseTo(2);
    expect(plan.missing).toBeUndefined();
  });

  it('rounds the size down, and follows the account and risk the learner enters', () => {
    const lines = [
      { role: 'Entry', price: 50.2 },
      { role: 'Stop', price: 49.65 },
    ];
    expect(planNumbers(lines, SETUP, 25_000, 1)).toMatchObject({ size: 454, riskDollars: 249.7 });
    expect(planNumbers(lines, SETUP, 10_000, 2)).toMatchObject({ budget: 200, size: 363 });
    expect(planNumbers(lines, SETUP, Number.NaN, 1)).toMatchObject({ budget: 0, size: 0 });
  });

  it('buys no more than the buying power pays for, and says so', () => {
    const lines = [
      { role: 'Entry', price: 192.6 },
      { role: 'Stop', price: 192.8 },
    ];
    const limited = planNumbers(lines, { ...SETUP, buyingPower: 100_000 }, 25_000, 1);
    expect(limited).toMatchObject({ size: 519, limitedByBuyingPower: true, riskDollars: 103.8 });
    expect(limited.positionValue).toBeCloseTo(99_959.4, 2);
  });

  it('writes a result in R and dollars', () => {
    expect(resultText(2.6, 648.5)).toBe('+2.6R (+648.50 dollars)');
    expect(resultText(-1, -250)).toBe('−1.0R (−250.00 dollars)');
  });
});

describe('a trade result at 0.0R', () => {
  it('reads breakeven, neither a win nor a loss', () => {
    expect(tradeRText(0)).toBe('breakeven 0.0R');
    expect(tradeRText(-0.04)).toBe('breakeven 0.0R');
    expect(tradeRText(-1)).toBe('−1.0R');
    expect(tradeRText(2.44)).toBe('+2.4R');
    expect(resultClass(0)).toBe('results__even');
    expect(resultClass(-1)).toBe('results__loss');
    expect(resultClass(2)).toBe('results__win');
  });
});

describe('ratioText', () => {
  it('shows a ratio just short of the minimum unrounded', () => {
    expect(ratioText(1.97, 2)).toBe('1.97\u00a0:\u00a01');
    expect(ratioText(2.44, 2)).toBe('2.4\u00a0:\u00a01');
    expect(ratioText(1.97)).toBe('1.97\u00a0:\u00a01');
  });
});
