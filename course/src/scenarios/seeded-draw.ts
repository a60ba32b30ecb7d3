import { createRandom, deriveSeed } from '../random.js';

/**
 * Draws one of `odds`' names with a random fixed by a request's seed and a salt of its own (not
 * the attempt's): a draft that fails its checks is redrawn with the same choice, so retries do
 * not favour the choices that pass most easily, and the shares stay as the odds say.
 */
export function drawBySeed<T extends string>(
  seed: number,
  salt: number,
  odds: Readonly<Record<T, number>>,
): T {
  const random = createRandom(deriveSeed(seed, salt));
  const entries = Object.entries(odds) as [T, number][];
  let left = random.next() * entries.reduce((sum, [, odd]) => sum + odd, 0);
  for (const [name, odd] of entries) {
    left -= odd;
    if (left < 0) return name;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new RangeError('no odds to draw from');
  return last[0];
}
