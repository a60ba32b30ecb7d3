import fc from 'fast-check';
import { createRandom, deriveSeed } from './random.js';

const seedArbitrary = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe('createRandom', () => {
  it('gives the same sequence for the same seed, pinned so every machine agrees', () => {
    // Pinned values: if these change, every chart simulated from a seed changes with them.
    const random = createRandom(42);
    expect([random.next(), random.next(), random.next()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
  });

  it('repeats itself for equal seeds and differs for different ones', () => {
    fc.assert(
      fc.property(seedArbitrary, seedArbitrary, (a, b) => {
        const first = createRandom(a);
        const again = createRandom(a);
        const sequence = Array.from({ length: 8 }, () => first.next());
        expect(Array.from({ length: 8 }, () => again.next())).toEqual(sequence);
        if (a !== b) {
          const other = createRandom(b);
          expect(Array.from({ length: 8 }, () => other.next())).not.toEqual(sequence);
        }
      }),
    );
  });

  it('treats a negative 32-bit seed as its unsigned twin', () => {
    expect(createRandom(-1).next()).toBe(createRandom(2 ** 32 - 1).next());
  });

  it('draws floats in [0, 1) and integers within both bounds', () => {
    fc.assert(
      fc.property(
        seedArbitrary,
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 50 }),
        (seed, min, width) => {
          const random = createRandom(seed);
          for (let draw = 0; draw < 50; draw++) {
            const unit = random.next();
            expect(unit).toBeGreaterThanOrEqual(0);
            expect(unit).toBeLessThan(1);
            const integer = random.integer(min, min + width);
            expect(Number.isInteger(integer)).toBe(true);
            expect(integer).toBeGreaterThanOrEqual(min);
            expect(integer).toBeLessThanOrEqual(min + width);
          }
        },
      ),
    );
  });

  it('reaches both ends of an integer range and is roughly uniform', () => {
    const random = createRandom(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let draw = 0; draw < 60_000; draw++) counts[random.integer(0, 5)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });

  it('draws normal deviates with mean 0 and variance 1', () => {
    const random = createRandom(11);
    const draws = Array.from({ length: 40_000 }, () => random.normal());
    const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
    const variance = draws.reduce((sum, value) => sum + (value - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(variance - 1)).toBeLessThan(0.03);
    expect(Math.max(...draws.map(Math.abs))).toBeLessThanOrEqual(6);
  });

  it('picks every item of a list and refuses an empty one', () => {
    const random = createRandom(3);
    const seen = new Set(Array.from({ length: 200 }, () => random.pick(['a', 'b', 'c'])));
    expect([...seen].sort()).toEqual(['a', 'b', 'c']);
    expect(() => random.pick([])).toThrow(RangeError);
  });

  it('says yes to chance(p) about p of the time', () => {
    const random = createRandom(5);
    const yes = Array.from({ length: 20_000 }, () => random.chance(0.3)).filter(Boolean).length;
    expect(Math.abs(yes / 20_000 - 0.3)).toBeLessThan(0.015);
  });

  it.each([1.5, Number.NaN, 2 ** 32, -(2 ** 31) - 1])('rejects the seed %p', (seed) => {
    expect(() => createRandom(seed)).toThrow(RangeError);
  });

  it('rejects an integer range given the wrong way round', () => {
    expect(() => createRandom(1).integer(5, 4)).toThrow(RangeError);
  });
});

describe('deriveSeed', () => {
  it('is a pure function of seed and salt, pinned', () => {
    expect(deriveSeed(42, 1)).toBe(3549116748);
    expect(deriveSeed(42, 2)).toBe(1397300444);
  });

  it('gives 32-bit seeds that differ across neighbouring salts and seeds', () => {
    fc.assert(
      fc.property(seedArbitrary, fc.integer({ min: 0, max: 1000 }), (seed, salt) => {
        const derived = deriveSeed(seed, salt);
        expect(Number.isInteger(derived) && derived >= 0 && derived < 2 ** 32).toBe(true);
        expect(deriveSeed(seed, salt)).toBe(derived);
        expect(deriveSeed(seed, salt + 1)).not.toBe(derived);
      }),
    );
    const fromNeighbours = new Set(Array.from({ length: 1000 }, (_, seed) => deriveSeed(seed, 0)));
    expect(fromNeighbours.size).toBe(1000);
  });
});
