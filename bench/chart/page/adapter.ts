import type { Candle } from 'chart-kit';
import type { IndexRange } from '../protocol.js';

/** What both charts show in the first frame, besides the candles. */
export interface Scene {
  initialRange: IndexRange;
  /** Two horizontal lines (chart-kit: user lines; lightweight-charts: price lines). */
  linePrices: [number, number];
  /** chart-kit's revealed zone (lightweight-charts has no built-in box). */
  zone: { upper: number; lower: number };
  /** Where the pointer rests, in CSS pixels inside the chart. */
  crosshair: { x: number; y: number };
  /** The same crosshair for an API that places it by price and time. */
  crosshairPrice: number;
  crosshairTime: number;
}

/** One library behind the benchmark's measuring code. */
export interface ChartAdapter {
  /** What the library renders with, as it says. */
  readonly renderer: string;
  /** Creates the chart with every layer on; its first frame may still be queued for a rAF. */
  create(container: HTMLElement, candles: Candle[], scene: Scene): Promise<void>;
  /** Shows a range of candle indices (the library draws it in its next animation frame). */
  show(range: IndexRange): void;
  /** Reads one pixel of each of the chart's canvases: returns once drawing has really finished. */
  readback(): void;
  /** Resolves once the chart has stopped changing how it draws (not counted in the first frame). */
  settle?(): Promise<void>;
}
