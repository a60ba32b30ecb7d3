import fc from 'fast-check';
import type { Candle } from './candle.js';
import {
  buildLodPyramid,
  chooseLevel,
  columnsPriceRange,
  LodPyramid,
  visibleColumns,
  type LodLevel,
} from './lod.js';

const candle = (index: number, open: number, close: number, wick = 1): Candle => ({
  time: index * 300,
  open,
  high: Math.max(open, close) + wick,
  low: Math.min(open, close) - wick,
  close,
});

/** A deterministic random walk, so the big test needs no stored data. */
function randomWalk(count: number): Candle[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const candles: Candle[] = new Array<Candle>(count);
  let price = 4000;
  for (let i = 0; i < count; i++) {
    const open = price;
    price += (random() - 0.5) * 4;
    candles[i] = candle(i, open, price, random() * 3);
  }
  return candles;
}

function extremes(level: LodLevel): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < level.length; i++) {
    min = Math.min(min, level.low[i]!);
    max = Math.max(max, level.high[i]!);
  }
  return [min, max];
}

describe('buildLodPyramid', () => {
  it('merges pairs level by level, carrying an odd last candle over', () => {
    const candles = [candle(0, 10, 12), candle(1, 12, 9), candle(2, 9, 15), candle(3, 15, 14)];
    candles.push(candle(4, 14, 20, 5));
    const pyramid = buildLodPyramid(candles);
    expect(pyramid.levels.map((level) => level.length)).toEqual([5, 3, 2, 1]);
    const [, pairs, , top] = pyramid.levels;
    expect(Array.from(pairs!.open)).toEqual([10, 9, 14]);
    expect(Array.from(pairs!.close)).toEqual([9, 14, 20]);
    expect(Array.from(pairs!.high)).toEqual([13, 16, 25]);
    expect(Array.from(pairs!.low)).toEqual([8, 8, 9]);
    expect(top).toMatchObject({ level: 3, candlesPerColumn: 8, length: 1 });
    expect([top!.open[0], top!.close[0], top!.high[0], top!.low[0]]).toEqual([10, 20, 25, 8]);
  });

  it('handles an empty series and a single candle', () => {
    expect(buildLodPyramid([]).levels.map((level) => level.length)).toEqual([0]);
    expect(buildLodPyramid([candle(0, 1, 2)]).levels).toHaveLength(1);
  });

  it('builds 1,000,000 candles and keeps the overall min and max at every level', () => {
    const candles = randomWalk(1_000_000);
    const pyramid = buildLodPyramid(candles);
    expect(pyramid.levels).toHaveLength(21);
    expect(pyramid.levels.at(-1)?.length).toBe(1);
    const [min, max] = extremes(pyramid.levels[0]!);
    for (const level of pyramid.levels) {
      expect(extremes(level)).toEqual([min, max]);
      expect(level.open[0]).toBe(candles[0]!.open);
      expect(level.close[level.length - 1]).toBe(candles.at(-1)!.close);
    }
  });

  it('makes every column the exact merge of its candles', () => {
    const series = fc
      .array(
        fc.tuple(
          fc.double({ min: 1, max: 1000, noNaN: true }),
          fc.double({ min: 1, max: 1000, noNaN: true }),
          fc.double({ min: 0, max: 10, noNaN: true }),
        ),
        { maxLength: 100 },
      )
      .map((bars) => bars.map(([open, close, wick], i) => candle(i, open, close, wick)));
    fc.assert(
      fc.property(series, (candles) => {
        for (const level of buildLodPyramid(candles).levels) {
          for (let column = 0; column < level.length; column++) {
            const first = column * level.candlesPerColumn;
            const members = candles.slice(first, first + level.candlesPerColumn);
            expect(level.open[column]).toBe(members[0]!.open);
            expect(level.close[column]).toBe(members.at(-1)!.close);
            expect(level.high[column]).toBe(Math.max(...members.map((c) => c.high)));
            expect(level.low[column]).toBe(Math.min(...members.map((c) => c.low)));
          }
        }
      }),
    );
  });
});

describe('LodPyramid', () => {
  const prices = (candles: Candle[]) => {
    const { open, high, low, close } = buildLodPyramid(candles).level(0);
    return { open, high, low, close };
  };

  it('holds level 0 at once and builds the others when asked, each once', () => {
    const pyramid = new LodPyramid(prices(randomWalk(1000)));
    expect(pyramid.levelCount).toBe(11);
    expect(pyramid.builtLevels).toBe(1);
    const third = pyramid.level(3);
    expect(pyramid.builtLevels).toBe(4);
    expect(third).toMatchObject({ level: 3, candlesPerColumn: 8, length: 125 });
    expect(pyramid.level(3)).toBe(third);
    expect(pyramid.level(99).length).toBe(1);
    expect(pyramid.level(-5).level).toBe(0);
    expect(pyramid.buildStep()).toBe(false);
  });

  it('builds ahead of use in slices of a few columns, to the same result', () => {
    const candles = randomWalk(777);
    const sliced = new LodPyramid(prices(candles));
    let steps = 1;
    while (sliced.buildStep(50)) steps++;
    // Levels of 389, 195 and 98 columns take 8, 4 and 2 steps of 50; the 7 above, one step each.
    expect(steps).toBe(8 + 4 + 2 + 7);
    expect(sliced.builtLevels).toBe(sliced.levelCount);
    expect(sliced.levels).toEqual(buildLodPyramid(candles).levels);
  });

  it('finishes a level begun in slices when that level is asked for', () => {
    const candles = randomWalk(300);
    const pyramid = new LodPyramid(prices(candles));
    pyramid.buildStep(10);
    expect(pyramid.builtLevels).toBe(1);
    expect(pyramid.level(2)).toEqual(buildLodPyramid(candles).level(2));
  });

  it('keeps level 0 as the arrays it was given, and refuses columns of different lengths', () => {
    const level0 = prices(randomWalk(10));
    expect(new LodPyramid(level0).level(0).high).toBe(level0.high);
    expect(() => new LodPyramid({ ...level0, low: new Float64Array(3) })).toThrow(RangeError);
  });
});

describe('chooseLevel', () => {
  it('picks the finest level with at most one column per device pixel', () => {
    expect(chooseLevel(800, 800)).toBe(0);
    expect(chooseLevel(801, 800)).toBe(1);
    expect(chooseLevel(1_000_000, 1600)).toBe(10);
  });

  it('allows two columns a pixel when asked, and respects the top level', () => {
    expect(chooseLevel(1_000_000, 1600, { minDevicePxPerColumn: 0.5 })).toBe(9);
    expect(chooseLevel(1_000_000, 1600, { maxLevel: 4 })).toBe(4);
    expect(chooseLevel(0, 800)).toBe(0);
    expect(chooseLevel(100, 0)).toBe(0);
    expect(() => chooseLevel(100, 800, { minDevicePxPerColumn: 0 })).toThrow(RangeError);
    expect(() => chooseLevel(Number.POSITIVE_INFINITY, 800)).toThrow(RangeError);
  });

  it('never exceeds the column budget and never decimates more than needed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 8000 }),
        fc.constantFrom(0.5, 1, 2),
        (candlesVisible, width, minPx) => {
          const level = chooseLevel(candlesVisible, width, { minDevicePxPerColumn: minPx });
          expect((candlesVisible / 2 ** level) * minPx).toBeLessThanOrEqual(width);
          if (level > 0) expect((candlesVisible / 2 ** (level - 1)) * minPx).toBeGreaterThan(width);
        },
      ),
    );
  });
});

describe('visibleColumns', () => {
  const pyramid = buildLodPyramid(randomWalk(1000));

  it('returns views of the columns covering the viewport', () => {
    const columns = visibleColumns(pyramid, 2, 9.6, 30.2);
    expect(columns).toMatchObject({ level: 2, candlesPerColumn: 4, firstColumn: 2, count: 6 });
    expect(columns).toMatchObject({ firstColumn: 2, firstCandle: 8, count: 6 });
    expect(columns.high.buffer).toBe(pyramid.levels[2]!.high.buffer);
  });

  it('clamps the level and the indices to the series', () => {
    const all = visibleColumns(pyramid, 99, -50, 5000);
    expect(all).toMatchObject({ level: 10, count: 1, firstColumn: 0 });
    expect(visibleColumns(pyramid, -1, -10, 3).level).toBe(0);
  });

  it('is empty outside the series', () => {
    const none = visibleColumns(pyramid, 0, 2000, 3000);
    expect(none.count).toBe(0);
    expect(columnsPriceRange(none)).toBeUndefined();
  });

  it('gives the same price range from any level over the whole series', () => {
    const whole = columnsPriceRange(visibleColumns(pyramid, 0, 0, 999));
    for (let level = 1; level < pyramid.levels.length; level++) {
      expect(columnsPriceRange(visibleColumns(pyramid, level, 0, 999))).toEqual(whole);
    }
  });
});
