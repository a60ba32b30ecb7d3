import { bisectRight } from 'd3-array';
import type { PriceDomain } from '@chart-kit/core';
import { type Animations, easeOutCubic } from './animations.js';
import type { ChartMarker, ReferenceLine, ChartZone } from './events.js';

const REVEAL_MS = 450;
const REVEAL_TWEEN = 'reveal';

/** A revealed zone and how far its entrance animation has got (0..1, eased). */
export interface ShownZone {
  zone: ChartZone;
  progress: number;
}

export interface MarksHost {
  readonly animations: Animations;
  readonly reducedMotion: boolean;
  /** The zone changed the prices that must be in view: the price scale refits. */
  zoneChanged(): void;
  /** Something drawn by the overlay changed (an animation step, pulled lines, highlights). */
  overlaysChanged(): void;
}

/**
 * What the chart marks on top of the candles besides the user's lines: the revealed zone (the
 * answer of an exercise), lines pulled from an earlier chart, and highlighted candles.
 */
export class ChartMarks {
  private shown: ShownZone | undefined;
  private pulled: number[] = [];
  private highlightTimes: number[] = [];
  private highlightIndices: number[] = [];
  private references: ReferenceLine[] = [];
  private markerList: ChartMarker[] = [];
  private markerIndices: number[] = [];

  constructor(private readonly host: MarksHost) {}

  get revealedZone(): ShownZone | undefined {
    return this.shown;
  }

  /** The prices the revealed zone keeps in view (the price axis widens to show all of it). */
  get zoneExtent(): PriceDomain | undefined {
    const zone = this.shown?.zone;
    if (!zone) return undefined;
    return [Math.min(zone.upper, zone.lower), Math.max(zone.upper, zone.lower)];
  }

  get pulledLines(): readonly number[] {
    return this.pulled;
  }

  get referenceLines(): readonly ReferenceLine[] {
    return this.references;
  }

  /** The markers, each with the index of its candle in the series on screen (-1: not in it). */
  get markers(): readonly (ChartMarker & { index: number })[] {
    return this.markerList.map((marker, i) => ({ ...marker, index: this.markerIndices[i] ?? -1 }));
  }

  /**
   * Prices the price scale must keep in view besides the candles: the revealed zone, the lines
   * pulled from an earlier chart (an exercise measures room against them, so they must be seen)
   * and reference lines.
   */
  get keptInView(): PriceDomain | undefined {
    const prices = [...this.pulled, ...this.references.map((line) => line.price)];
    const zone = this.zoneExtent;
    if (zone) prices.push(...zone);
    if (prices.length === 0) return undefined;
    return [Math.min(...prices), Math.max(...prices)];
  }

  /** Candle indices to emphasise in the series on screen, ascending. */
  get highlighted(): readonly number[] {
    return this.highlightIndices;
  }

  /**
   * Shows a zone as a box that opens from its middle and fades in; resolves once fully drawn.
   * The price axis takes the whole zone in at once, so the box never grows off screen.
   */
  revealZone(zone: ChartZone, animate: boolean): Promise<void> {
    if (!Number.isFinite(zone.upper) || !Number.isFinite(zone.lower)) {
      throw new RangeError(`zone bounds must be finite (${zone.upper}, ${zone.lower})`);
    }
    const shown: ShownZone = { zone: { ...zone }, progress: 0 };
    const { animations } = this.host;
    animations.finish(REVEAL_TWEEN);
    this.shown = shown;
    this.host.zoneChanged();
    if (!animate || this.host.reducedMotion) {
      shown.progress = 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      animations.start(
        REVEAL_TWEEN,
        REVEAL_MS,
        (t) => {
          shown.progress = easeOutCubic(t);
          this.host.overlaysChanged();
        },
        resolve,
      );
    });
  }

  clearRevealedZone(): void {
    if (!this.shown) return;
    this.host.animations.finish(REVEAL_TWEEN);
    this.shown = undefined;
    this.host.zoneChanged();
  }

  setPulledLines(prices: readonly number[]): void {
    this.pulled = prices.filter((price) => Number.isFinite(price));
    this.host.overlaysChanged();
  }

  setReferenceLines(lines: readonly ReferenceLine[]): void {
    this.references = lines
      .filter((line) => Number.isFinite(line.price))
      .map((line) => ({ ...line }));
    this.host.overlaysChanged();
  }

  /** Marks points on candles (see ChartMarker); replaces the markers shown before. */
  setMarkers(markers: readonly ChartMarker[], seriesTimes: ArrayLike<number>): void {
    this.markerList = markers
      .filter((marker) => Number.isFinite(marker.price) && Number.isFinite(marker.time))
      .map((marker) => ({ ...marker }));
    this.mapHighlights(seriesTimes);
    this.host.overlaysChanged();
  }

  /** Highlights the candles at these times (on a longer timeframe, the candle holding each). */
  highlightCandles(times: readonly number[], seriesTimes: ArrayLike<number>): void {
    this.highlightTimes = [...times];
    this.mapHighlights(seriesTimes);
    this.host.overlaysChanged();
  }

  /** Maps highlighted and marked times onto another series (a timeframe switch or new data). */
  mapHighlights(seriesTimes: ArrayLike<number>): void {
    const indices = new Set<number>();
    for (const time of this.highlightTimes) {
      const index = indexHolding(seriesTimes, time);
      if (index >= 0) indices.add(index);
    }
    this.highlightIndices = [...indices].sort((a, b) => a - b);
    this.markerIndices = this.markerList.map((marker) => indexHolding(seriesTimes, marker.time));
  }
}

/** The index of the candle holding `time` (the last opening at or before it), or -1. */
function indexHolding(seriesTimes: ArrayLike<number>, time: number): number {
  const index = bisectRight(seriesTimes, time) - 1;
  return index >= 0 && index < seriesTimes.length ? index : -1;
}
