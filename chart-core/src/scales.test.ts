import fc from 'fast-check';
import type { Candle } from './candle.js';
import {
  affineOf,
  barSpacingPx,
  createIndexScale,
  createPriceScale,
  decimalsForStep,
  formatPrice,
  niceTicks,
  priceTickSize,
  roundToTick,
  visibleIndexRange,
  visiblePriceRange,
} from './scales.js';

const candle = (low: number, high: number): Candle => ({
  time: 0,
  open: low,
  high,
  low,
  close: high,
});

describe('createPriceScale', () => {
  it('puts the lowest price at the bottom pixel and inverts back', () => {
    const scale = createPriceScale([100, 200], [500, 0]);
    expect(scale(100)).toBe(500);
    expect(scale(200)).toBe(0);
    expect(scale(150)).toBe(250);
    expect(scale.invert(125)).toBe(175);
  });

  it('widens a flat domain instead of collapsing it', () => {
    const scale = createPriceScale([100, 100], [500, 0]);
    expect(scale(100)).toBe(250);
    expect(Number.isFinite(scale.invert(0))).toBe(true);
    expect(scale.invert(0)).toBeGreaterThan(100);
  });

  it('rejects a reversed or non-finite domain', () => {
    expect(() => createPriceScale([2, 1], [100, 0])).toThrow(RangeError);
    expect(() => createPriceScale([Number.NaN, 1], [100, 0])).toThrow(/finite/);
    expect(() => createPriceScale([1, 2], [Number.NaN, 0])).toThrow(/pixel range/);
  });
});

describe('affineOf', () => {
  it('maps every price where the d3 scale does, to rounding error', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: 1e-2, max: 1e4, noNaN: true }),
        fc.double({ min: -2, max: 3, noNaN: true }),
        (low, span, fraction) => {
          const scale = createPriceScale([low, low + span], [700, 0]);
          const price = low + span * fraction;
          expect(Math.abs(affineOf(scale)(price) - scale(price))).toBeLessThan(1e-6);
        },
      ),
    );
  });
});

describe('createIndexScale', () => {
  it('maps a fractional viewport continuously onto the plot width', () => {
    const scale = createIndexScale({ fromIndex: -0.5, toIndex: 9.5 }, [0, 1000]);
    expect(scale(0)).toBe(50);
    expect(scale(9)).toBe(950);
    expect(scale.invert(500)).toBe(4.5);
    const panned = createIndexScale({ fromIndex: -0.25, toIndex: 9.75 }, [0, 1000]);
    expect(panned(0)).toBe(25);
  });

  it('reports the bar spacing and rejects an empty viewport', () => {
    expect(barSpacingPx({ fromIndex: 0, toIndex: 100 }, 800)).toBe(8);
    expect(() => createIndexScale({ fromIndex: 5, toIndex: 5 }, [0, 100])).toThrow(/fromIndex/);
  });
});

describe('visibleIndexRange', () => {
  it('includes partly visible candles and clamps to the series', () => {
    expect(visibleIndexRange(3.4, 9.6, 100)).toEqual({ first: 3, last: 10 });
    expect(visibleIndexRange(-20, 500, 100)).toEqual({ first: 0, last: 99 });
    expect(visibleIndexRange(150, 200, 100)).toBeUndefined();
    expect(visibleIndexRange(0, 10, 0)).toBeUndefined();
  });
});

describe('visiblePriceRange', () => {
  const candles = [candle(10, 20), candle(5, 12), candle(30, 40), candle(1, 2)];

  it('fits the visible lows and highs with padding', () => {
    expect(visiblePriceRange(candles, 0, 1, 0)).toEqual([5, 20]);
    expect(visiblePriceRange(candles, 0, 2, 0.1)).toEqual([1.5, 43.5]);
  });

  it('is undefined when nothing is visible and widens a flat range', () => {
    expect(visiblePriceRange(candles, 10, 20)).toBeUndefined();
    const [min, max] = visiblePriceRange([candle(50, 50)], 0, 0, 0) ?? [0, 0];
    expect(min).toBeLessThan(50);
    expect(max).toBeGreaterThan(50);
  });

  it('rejects a negative padding', () => {
    expect(() => visiblePriceRange(candles, 0, 1, -0.1)).toThrow(RangeError);
  });
});

describe('niceTicks', () => {
  it('gives round prices and their step', () => {
    expect(niceTicks(4321.3, 4388.2, 8)).toEqual({
      values: [4330, 4340, 4350, 4360, 4370, 4380],
      step: 10,
    });
    expect(niceTicks(0.1, 0.7, 5).values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  it('still gives ticks for a flat range', () => {
    const { values, step } = niceTicks(100, 100, 5);
    expect(values.length).toBeGreaterThan(1);
    expect(step).toBeGreaterThan(0);
  });

  it('keeps every tick inside the range, evenly stepped', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e5, noNaN: true }),
        fc.integer({ min: 2, max: 20 }),
        (min, span, count) => {
          const { values, step } = niceTicks(min, min + span, count);
          expect(values.length).toBeGreaterThan(0);
          for (const value of values) {
            expect(value).toBeGreaterThanOrEqual(min);
            expect(value).toBeLessThanOrEqual(min + span);
          }
          values.slice(1).forEach((value, i) => {
            expect(value - values[i]!).toBeCloseTo(step, 6);
          });
        },
      ),
    );
  });
});

describe('price ticks and formatting', () => {
  it('takes one tick as a tenth of the axis step unless given', () => {
    expect(priceTickSize(0.2)).toBe(0.02);
    expect(priceTickSize(10)).toBe(1);
    expect(priceTickSize(10, 0.25)).toBe(0.25);
    expect(() => priceTickSize(0)).toThrow(/axisStep/);
    expect(() => priceTickSize(10, -1)).toThrow(/instrumentTickSize/);
  });

  it('rounds to ticks without float noise', () => {
    expect(roundToTick(0.29999, 0.1)).toBe(0.3);
    expect(roundToTick(4321.13, 0.25)).toBe(4321.25);
    expect(Object.is(roundToTick(-0.01, 0.1), 0)).toBe(true);
  });

  it('prints as many decimals as the step needs', () => {
    expect(decimalsForStep(0.25)).toBe(2);
    expect(decimalsForStep(5)).toBe(0);
    expect(decimalsForStep(0.1)).toBe(1);
    expect(formatPrice(4321.25, 0.25)).toBe('4321.25');
    expect(formatPrice(4330, 10)).toBe('4330');
    expect(formatPrice(-0.001, 0.01)).toBe('0.00');
  });
});
