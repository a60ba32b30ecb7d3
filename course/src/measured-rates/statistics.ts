/** Small statistics for the measured rates: shares and means with their 95% intervals. */

const Z_95 = 1.959964;

/** A share of `n` with its 95% Wilson score interval (sound near 0 and 1 and for small n). */
export interface Share {
  count: number;
  n: number;
  share: number;
  low: number;
  high: number;
}

export function shareOf(count: number, n: number): Share {
  if (n === 0) return { count, n, share: 0, low: 0, high: 1 };
  const p = count / n;
  const z2 = Z_95 * Z_95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { count, n, share: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** A mean with its 95% interval (normal approximation: the samples here are in the hundreds). */
export interface MeanWithInterval {
  n: number;
  mean: number;
  low: number;
  high: number;
  /** Standard error of the mean. */
  standardError: number;
}

export function meanOf(values: readonly number[]): MeanWithInterval {
  const n = values.length;
  if (n === 0) return { n, mean: 0, low: 0, high: 0, standardError: 0 };
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const variance =
    n > 1 ? values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1) : 0;
  const standardError = Math.sqrt(variance / n);
  return {
    n,
    mean,
    low: mean - Z_95 * standardError,
    high: mean + Z_95 * standardError,
    standardError,
  };
}

/** The difference of two means (a - b) with its 95% interval (Welch, normal approximation). */
export function differenceOf(a: MeanWithInterval, b: MeanWithInterval): MeanWithInterval {
  const standardError = Math.sqrt(a.standardError ** 2 + b.standardError ** 2);
  const mean = a.mean - b.mean;
  return {
    n: a.n + b.n,
    mean,
    low: mean - Z_95 * standardError,
    high: mean + Z_95 * standardError,
    standardError,
  };
}

export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/** A copy of `value` with every number rounded to `digits` decimals: how a record is stored. */
export function roundNumbers<T>(value: T, digits = 4): T {
  const factor = 10 ** digits;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'number') {
      return Number.isFinite(item) ? Math.round(item * factor) / factor + 0 : item;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    }
    return item;
  };
  return walk(value) as T;
}
