import { type Candle, type TimeWindow } from 'chart-kit/core';
/** A chart's size in CSS pixels where the app shows it. */
export interface ChartSize {
  width: number;
  height: number;
}
export type PlacementName = 'lesson' | 'plan' | 'practice' | 'landing';
/** Where an exercise chart appears, at the two screen sizes the course is checked at. */
export interface Placement {
  name: PlacementName;
  desktop: ChartSize;
  phone: ChartSize;
}
/**
 * The exercise charts' canvas sizes in the app at 1280x800 (desktop) and 390x844 (phone). The app's
 * layout decides them; a browser test measures them in Chromium and fails when they drift from
 * these numbers, so the framing checks below always use the sizes learners really see.
 */
export declare const PLACEMENTS: readonly Placement[];
/** The tallest a zone must be at its opening view, in CSS pixels: easy to see and to mark. */
export declare const MIN_ZONE_PX: {
  readonly desktop: 24;
  readonly phone: 18;
};
/** Candle indexes (inclusive) of an opening view. */
export interface IndexWindow {
  from: number;
  to: number;
}
/** Empty candle slots the opening view leaves after the last candle: room to draw. */
export declare const RIGHT_MARGIN_SLOTS = 3;
/**
 * The opening view as the chart receives it: the opening times of the first candle in view and of
 * the last slot, {@link RIGHT_MARGIN_SLOTS} after the last candle (beyond the series, a time stands
 * for an empty slot of the series' period).
 */
export declare function openingTimeWindow(
  candles: readonly Candle[],
  window: IndexWindow,
  periodSeconds: number,
  marginSlots?: number,
): TimeWindow;
/**
 * How many CSS pixels tall `band` is when a chart of `size` opens on `view` of `candles`, with the
 * layout and price fitting the chart itself draws with (chart-kit's `zonePixelHeight`).
 */
export declare function bandPixelHeight(
  candles: readonly Candle[],
  view: TimeWindow,
  size: ChartSize,
  band: {
    upper: number;
    lower: number;
  },
  periodSeconds: number,
  alsoShown?: readonly number[],
): number;
export declare function placement(name: PlacementName): Placement;
/** The smaller margin, over both screens of a placement, of the band's height over its minimum. */
export declare function framingShortfall(
  candles: readonly Candle[],
  view: TimeWindow,
  band: {
    upper: number;
    lower: number;
  },
  where: Placement,
  periodSeconds: number,
  alsoShown?: readonly number[],
): {
  ok: boolean;
  worst: string;
};
