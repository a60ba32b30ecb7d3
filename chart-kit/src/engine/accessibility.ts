import { formatPrice } from '../core/scales.js';
import { formatCrosshairTime } from '../core/time-axis.js';

/** Styles that hide an element visually but keep it for screen readers. */
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;' +
  'clip-path:inset(50%);white-space:nowrap;';

let nextId = 1;

/**
 * The chart's screen-reader surface: a description of what the canvas shows (linked with
 * aria-describedby) and a polite live region for announcements. Both are hidden elements inside the
 * chart's container, removed by `destroy`.
 */
export class ChartAccessibility {
  private readonly description: HTMLElement;
  private readonly liveRegion: HTMLElement;
  private clearTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(container: HTMLElement, canvas: HTMLCanvasElement, label: string) {
    const id = `chart-kit-${nextId++}`;
    this.description = document.createElement('p');
    this.description.id = `${id}-description`;
    this.description.style.cssText = VISUALLY_HIDDEN;
    this.liveRegion = document.createElement('div');
    this.liveRegion.setAttribute('role', 'status');
    this.liveRegion.setAttribute('aria-live', 'polite');
    this.liveRegion.setAttribute('aria-atomic', 'true');
    this.liveRegion.style.cssText = VISUALLY_HIDDEN;
    container.append(this.description, this.liveRegion);

    canvas.tabIndex = 0;
    // An application: screen readers pass the arrow keys through to the chart's own controls.
    canvas.setAttribute('role', 'application');
    canvas.setAttribute('aria-roledescription', 'interactive chart');
    canvas.setAttribute('aria-label', label);
    canvas.setAttribute('aria-describedby', this.description.id);
  }

  /** The last announcement (what the live region holds now). */
  get lastAnnouncement(): string {
    return this.liveRegion.textContent;
  }

  get descriptionText(): string {
    return this.description.textContent;
  }

  describe(text: string): void {
    if (this.description.textContent !== text) this.description.textContent = text;
  }

  announce(text: string): void {
    // Clearing first makes a repeated message ("Line moved to 101.5" twice) be read again.
    this.liveRegion.textContent = '';
    if (this.clearTimer !== undefined) clearTimeout(this.clearTimer);
    this.clearTimer = setTimeout(() => {
      this.clearTimer = undefined;
      this.liveRegion.textContent = text;
    }, 30);
  }

  destroy(): void {
    if (this.clearTimer !== undefined) clearTimeout(this.clearTimer);
    this.description.remove();
    this.liveRegion.remove();
  }
}

export interface ChartSummary {
  timeframe: string | undefined;
  candleCount: number;
  firstTime: number | undefined;
  lastTime: number | undefined;
  priceRange: readonly [number, number] | undefined;
  priceStep: number;
  lines: readonly number[];
  timeZone: string;
}

/**
 * What the chart shows, in words, without naming any instrument: how many candles, over which
 * time range, between which prices, the lines drawn, and the keys.
 */
export function describeChart(summary: ChartSummary): string {
  const parts: string[] = [];
  const timeframe = summary.timeframe ? ` ${summary.timeframe}` : '';
  if (
    summary.candleCount === 0 ||
    summary.firstTime === undefined ||
    summary.lastTime === undefined
  ) {
    parts.push(`Candlestick chart with no candles.`);
  } else {
    const options = { timeZone: summary.timeZone };
    parts.push(
      `Candlestick chart of ${summary.candleCount}${timeframe} candles from ` +
        `${formatCrosshairTime(summary.firstTime, options)} to ${formatCrosshairTime(summary.lastTime, options)} (${summary.timeZone}).`,
    );
  }
  if (summary.priceRange) {
    const [low, high] = summary.priceRange;
    parts.push(
      `Prices range from ${formatPrice(low, summary.priceStep)} to ${formatPrice(high, summary.priceStep)}.`,
    );
  }
  if (summary.lines.length === 0) parts.push('No lines drawn.');
  else {
    const prices = summary.lines.map((price) => formatPrice(price, summary.priceStep)).join(', ');
    parts.push(
      `${summary.lines.length} ${summary.lines.length === 1 ? 'line' : 'lines'} drawn at ${prices}.`,
    );
  }
  parts.push(
    'Keys: left and right arrows move between candles, up and down arrows move the price, Enter ' +
      'places a line, L selects a line, up and down arrows then move it, Delete removes it, plus ' +
      'and minus zoom, Page Up and Page Down scroll.',
  );
  return parts.join(' ');
}
