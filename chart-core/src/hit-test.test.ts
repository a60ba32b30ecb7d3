import fc from 'fast-check';
import type { Candle } from './candle.js';
import { candleIndexAtX, hitTestLine, priceAtY, snapToCandle } from './hit-test.js';
import { createIndexScale, createPriceScale } from './scales.js';

// 100..200 over 500..0 px: 5 px per price unit.
const priceScale = createPriceScale([100, 200], [500, 0]);
const priceToY = (price: number) => priceScale(price);

describe('hitTestLine', () => {
  const lines = [
    { id: 'a', price: 150 }, // y 250
    { id: 'b', price: 151 }, // y 245
    { id: 'c', price: 180 }, // y 100
  ];

  it('returns the nearest line within the tolerance', () => {
    expect(hitTestLine(lines, 249, priceToY)?.id).toBe('a');
    expect(hitTestLine(lines, 246, priceToY)?.id).toBe('b');
    expect(hitTestLine(lines, 105.5, priceToY)?.id).toBe('c');
  });

  it('returns undefined beyond the tolerance, which can be widened for touch', () => {
    expect(hitTestLine(lines, 107, priceToY)).toBeUndefined();
    expect(hitTestLine(lines, 111, priceToY, 12)?.id).toBe('c');
    const noLines: { id: string; price: number }[] = [];
    expect(hitTestLine(noLines, 100, priceToY)).toBeUndefined();
  });

  it('prefers the line drawn last on a tie', () => {
    const stacked = [
      { id: 1, price: 150 },
      { id: 2, price: 150 },
    ];
    expect(hitTestLine(stacked, 250, priceToY)?.id).toBe(2);
  });

  it('never returns a line farther than the tolerance, nor misses one within it', () => {
    const linesArbitrary = fc.array(
      fc.record({ id: fc.nat(), price: fc.double({ min: 0, max: 300, noNaN: true }) }),
    );
    fc.assert(
      fc.property(linesArbitrary, fc.double({ min: -50, max: 550, noNaN: true }), (some, y) => {
        const hit = hitTestLine(some, y, priceToY);
        const distances = some.map((line) => Math.abs(priceToY(line.price) - y));
        if (hit === undefined) {
          expect(distances.every((distance) => distance > 6)).toBe(true);
        } else {
          const hitDistance = Math.abs(priceToY(hit.price) - y);
          expect(hitDistance).toBeLessThanOrEqual(6);
          expect(hitDistance).toBe(Math.min(...distances));
        }
      }),
    );
  });
});

describe('candleIndexAtX', () => {
  const indexScale = createIndexScale({ fromIndex: -0.5, toIndex: 9.5 }, [0, 100]);

  it('finds the candle whose slot contains x', () => {
    expect(candleIndexAtX(5, indexScale, 10)).toBe(0);
    expect(candleIndexAtX(14.9, indexScale, 10)).toBe(1);
    expect(candleIndexAtX(99, indexScale, 10)).toBe(9);
  });

  it('is undefined beyond either end of the series', () => {
    expect(candleIndexAtX(-6, indexScale, 10)).toBeUndefined();
    expect(candleIndexAtX(95, indexScale, 9)).toBeUndefined();
  });
});

describe('priceAtY', () => {
  it('inverts the price scale, rounding to a tick when given', () => {
    expect(priceAtY(250, priceScale)).toBe(150);
    expect(priceAtY(248.7, priceScale)).toBeCloseTo(150.26, 10);
    expect(priceAtY(248.7, priceScale, 0.25)).toBe(150.25);
    expect(priceAtY(248.7, priceScale, 0.1)).toBe(150.3);
  });
});

describe('snapToCandle', () => {
  const candle: Candle = { time: 0, open: 140, high: 160, low: 120, close: 150 };

  it('snaps to the nearest price of the candle within the magnet distance', () => {
    expect(snapToCandle(159, candle, 8, priceToY)).toEqual({ price: 160, snappedTo: 'high' });
    expect(snapToCandle(151, candle, 8, priceToY)).toEqual({ price: 150, snappedTo: 'close' });
    expect(snapToCandle(121.5, candle, 8, priceToY)).toEqual({ price: 120, snappedTo: 'low' });
    expect(snapToCandle(141, candle, 8, priceToY)).toEqual({ price: 140, snappedTo: 'open' });
  });

  it('leaves the price alone when nothing is close enough', () => {
    expect(snapToCandle(155, candle, 8, priceToY)).toEqual({ price: 155, snappedTo: undefined });
    expect(snapToCandle(159, candle, 0, priceToY).snappedTo).toBeUndefined();
  });

  it('prefers the wick on a tie', () => {
    const marubozu: Candle = { time: 0, open: 120, high: 160, low: 120, close: 160 };
    expect(snapToCandle(159, marubozu, 8, priceToY).snappedTo).toBe('high');
    expect(snapToCandle(121, marubozu, 8, priceToY).snappedTo).toBe('low');
  });
});
