/**
 * Seeded pseudo-random numbers that are the same on every machine and every JavaScript engine.
 *
 * The generator is mulberry32 (a 32-bit state advanced by a Weyl increment, then scrambled by two
 * multiply-xorshift rounds). It uses only 32-bit integer arithmetic (`Math.imul`, shifts), whose
 * results the language defines exactly, unlike `Math.random` (unseeded) or `Math.log`/`Math.sin`
 * (allowed to differ in the last bit between engines).
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number;
  /** True with probability `probability`. */
  chance(probability: number): boolean;
  /** One of `items`, each equally likely. */
  pick<T>(items: readonly T[]): T;
  /**
   * A standard normal deviate, approximated by the sum of twelve uniforms minus six (mean 0,
   * variance 1). Exact arithmetic only, so no engine-dependent `Math.log`; its tails stop at +-6,
   * which is harmless for simulated prices.
   */
  normal(): number;
}

// Read once: inside jest's VM modules every global lookup goes through an interceptor and is about
// 20 times slower (jestjs/jest#5163), and the simulator draws dozens of numbers per candle.
const { floor, imul } = Math;

const UINT32_RANGE = 4_294_967_296;
const WEYL_INCREMENT = 0x6d2b79f5;
const GOLDEN_RATIO_32 = 0x9e3779b9;

/** Throws unless `seed` is an integer that fits in 32 bits, signed or not. */
function checkSeed(seed: number, name: string): void {
  if (!Number.isInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 32) {
    throw new RangeError(`${name} must be a 32-bit integer (${String(seed)})`);
  }
}

/** A {@link Random} whose whole sequence is fixed by `seed` (a 32-bit integer). */
export function createRandom(seed: number): Random {
  checkSeed(seed, 'seed');
  let state = seed >>> 0;

  const nextUint32 = (): number => {
    state = (state + WEYL_INCREMENT) >>> 0;
    let mixed = imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + imul(mixed ^ (mixed >>> 7), mixed | 61);
    return (mixed ^ (mixed >>> 14)) >>> 0;
  };
  const next = (): number => nextUint32() / UINT32_RANGE;

  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    integer: (min, max) => {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
        throw new RangeError(`integer(${min}, ${max}) needs integers with min <= max`);
      }
      return min + floor(next() * (max - min + 1));
    },
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick needs at least one item');
      return item;
    },
    normal: () => {
      let sum = 0;
      for (let draw = 0; draw < 12; draw++) sum += next();
      return sum - 6;
    },
  };
}

/**
 * A new 32-bit seed derived from `seed` and `salt`: unrelated-looking for neighbouring inputs, so
 * "the same chart, attempt 2" or "the type of chart n" get their own independent sequence.
 * The mixing is the 32-bit finaliser of MurmurHash3.
 */
export function deriveSeed(seed: number, salt: number): number {
  checkSeed(seed, 'seed');
  checkSeed(salt, 'salt');
  let hash = (seed ^ imul((salt >>> 0) + 1, GOLDEN_RATIO_32)) >>> 0;
  hash ^= hash >>> 16;
  hash = imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
