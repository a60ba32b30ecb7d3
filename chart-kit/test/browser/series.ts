import type { Candle } from '@chart-kit/core';

/**
 * A deterministic 5-minute series with two-decimal prices: a slow wave with a zigzag on top, so
 * candles alternate in colour and the price axis spans a few units. Starts on an hour boundary.
 */
export function waveSeries(
  count: number,
  start = 1_700_000_400 - (1_700_000_400 % 3600),
): Candle[] {
  const round = (value: number) => Math.round(value * 100) / 100;
  return Array.from({ length: count }, (_, i) => {
    const base = 100 + 4 * Math.sin(i / 24) + (i % 2 === 0 ? 0.3 : -0.3);
    const open = round(base);
    const close = round(base + (i % 3 === 0 ? -0.6 : 0.6));
    return {
      time: start + i * 300,
      open,
      close,
      high: round(Math.max(open, close) + 0.25),
      low: round(Math.min(open, close) - 0.25),
    };
  });
}

export type Rgb = [number, number, number];

export const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;

export function rgbOf(color: number): Rgb {
  return [(color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff];
}

/** `over` drawn at `alpha` on `under`, as the GPU blends it. */
export function blend(under: number, over: number, alpha: number): Rgb {
  const a = rgbOf(under);
  const b = rgbOf(over);
  return [0, 1, 2].map((i) => Math.round((a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * alpha)) as Rgb;
}

export function closeTo(actual: Rgb, expected: Rgb, tolerance = 3): boolean {
  return actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= tolerance);
}
