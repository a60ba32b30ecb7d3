import { zonePixelHeight, type Candle, type PriceDomain, type TimeWindow } from '@chart-kit/core';

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
export const PLACEMENTS: readonly Placement[] = [
  { name: 'lesson', desktop: { width: 1102, height: 438 }, phone: { width: 364, height: 438 } },
  // A trade-plan lesson's chart shares its row with the plan panel on a desktop.
  { name: 'plan', desktop: { width: 798, height: 438 }, phone: { width: 364, height: 438 } },
  { name: 'practice', desktop: { width: 1102, height: 458 }, phone: { width: 364, height: 458 } },
  { name: 'landing', desktop: { width: 798, height: 701 }, phone: { width: 364, height: 320 } },
];

/** The tallest a zone must be at its opening view, in CSS pixels: easy to see and to mark. */
export const MIN_ZONE_PX = { desktop: 24, phone: 18 } as const;

/** Candle indexes (inclusive) of an opening view. */
export interface IndexWindow {
  from: number;
  to: number;
}

/** Empty candle slots the opening view leaves after the last candle: room to draw. */
export const RIGHT_MARGIN_SLOTS = 3;

/**
 * The opening view as the chart receives it: the opening times of the first candle in view and of
 * the last slot, {@link RIGHT_MARGIN_SLOTS} after the last candle (beyond the series, a time stands
 * for an empty slot of the series' period).
 */
export function openingTimeWindow(
  candles: readonly Candle[],
  window: IndexWindow,
  periodSeconds: number,
  marginSlots = RIGHT_MARGIN_SLOTS,
): TimeWindow {
  const first = candles[window.from];
  const last = candles[window.to];
  if (!first || !last) throw new RangeError(`no candles ${window.from} to ${window.to}`);
  return { from: first.time, to: last.time + marginSlots * periodSeconds };
}

/**
 * How many CSS pixels tall `band` is when a chart of `size` opens on `view` of `candles`, with the
 * layout and price fitting the chart itself draws with (chart-kit's `zonePixelHeight`).
 */
export function bandPixelHeight(
  candles: readonly Candle[],
  view: TimeWindow,
  size: ChartSize,
  band: { upper: number; lower: number },
  periodSeconds: number,
  alsoShown: readonly number[] = [],
): number {
  const include: PriceDomain | undefined =
    alsoShown.length > 0 ? [Math.min(...alsoShown), Math.max(...alsoShown)] : undefined;
  return zonePixelHeight(candles, view, size, band, { periodSeconds, include });
}

export function placement(name: PlacementName): Placement {
  const found = PLACEMENTS.find((candidate) => candidate.name === name);
  if (!found) throw new RangeError(`no placement ${name}`);
  return found;
}

/** The smaller margin, over both screens of a placement, of the band's height over its minimum. */
export function framingShortfall(
  candles: readonly Candle[],
  view: TimeWindow,
  band: { upper: number; lower: number },
  where: Placement,
  periodSeconds: number,
  alsoShown: readonly number[] = [],
): { ok: boolean; worst: string } {
  let worstRatio = Infinity;
  let worst = '';
  for (const screen of ['desktop', 'phone'] as const) {
    const px = bandPixelHeight(candles, view, where[screen], band, periodSeconds, alsoShown);
    const ratio = px / MIN_ZONE_PX[screen];
    if (ratio < worstRatio) {
      worstRatio = ratio;
      worst = `${px.toFixed(1)} px on the ${where.name} ${screen} chart`;
    }
  }
  return { ok: worstRatio >= 1, worst };
}
