import { type Candle, formatPrice, formatCrosshairTime, formatVolume } from '@chart-kit/core';
import type { ChartModel } from '../model/chart-model.js';
import type { ChartNotice } from '../model/events.js';

/** Where the sentences go: the engine's live region and description, or a test's list. */
export interface AnnouncementSink {
  announce(text: string): void;
  describe(text: string): void;
}

const KEYS_HELP =
  'Keys: left and right arrows move between candles, up and down arrows move the price, Enter ' +
  'places a line, L selects a line, up and down arrows then move it, Delete removes it, plus ' +
  'and minus zoom, Page Up and Page Down scroll, Home returns to the starting view.';

/**
 * Turns the model's notices into the sentences a screen reader says, and keeps the chart's
 * description (what the canvas shows, in words) up to date. Every accessibility text of the
 * chart is written here.
 */
export class Announcer {
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly model: ChartModel,
    private readonly sink: AnnouncementSink,
  ) {
    const { events } = model;
    const describe = () => {
      sink.describe(this.description());
    };
    this.unsubscribe = [
      events.on('notice', (notice) => {
        const text = this.sentence(notice);
        if (text) sink.announce(text);
      }),
      events.on('lineschange', describe),
      events.on('datachange', describe),
    ];
    describe();
  }

  /** The sentence for a notice ('' for none). */
  sentence(notice: ChartNotice): string {
    const model = this.model;
    const price = (value: number) => model.formatLinePrice(value);
    switch (notice.kind) {
      case 'line-added': {
        if (notice.line.role) {
          const next = model.lines.nextRole;
          return (
            `${notice.line.role} placed at ${price(notice.line.price)}.` +
            (next ? ` Next: ${next.name}.` : '')
          );
        }
        const limit = Number.isFinite(notice.maxLines) ? ` of ${notice.maxLines}` : '';
        return `Line ${notice.count}${limit} placed at ${price(notice.line.price)}.`;
      }
      case 'box-drawn': {
        if (notice.lines.some((line) => line.role)) {
          return notice.lines
            .map((line) => `${line.role ?? 'Line'} placed at ${price(line.price)}.`)
            .join(' ');
        }
        const prices = notice.lines.map((line) => line.price);
        if (prices.length === 1) return `Line placed at ${price(prices[0] ?? 0)}.`;
        const low = Math.min(...prices);
        const high = Math.max(...prices);
        return `Zone drawn from ${price(low)} to ${price(high)}.`;
      }
      case 'line-refused':
        return `You can draw at most ${notice.maxLines} lines. Delete one to draw another.`;
      case 'line-moved':
        return `${notice.line.role ?? 'Line'} moved to ${price(notice.line.price)}.`;
      case 'line-removed':
        return `${notice.line.role ?? 'Line'} at ${price(notice.line.price)} deleted. ${notice.remaining} left.`;
      case 'lines-cleared':
        return 'All lines cleared.';
      case 'line-selected':
        return (
          `${notice.line.role ?? 'Line'} at ${price(notice.line.price)} selected. ` +
          'Up and down arrows move it, Delete removes it.'
        );
      case 'no-line-to-select':
        return 'There are no lines to select.';
      case 'zone-revealed': {
        const step = model.priceStep();
        const { zone } = notice;
        const low = Math.min(zone.upper, zone.lower);
        const high = Math.max(zone.upper, zone.lower);
        return `${zone.label ?? 'Zone'} revealed from ${formatPrice(low, step)} to ${formatPrice(high, step)}.`;
      }
      case 'markers-shown':
        return notice.markers.length === 0
          ? ''
          : `Marked on the chart: ${notice.markers.map((marker) => marker.text).join('; ')}.`;
      case 'timeframe-shown':
        return `Showing ${notice.timeframe} candles.`;
      case 'view-reset':
        return 'Back to the starting view.';
      case 'replay-finished':
        return 'Replay finished.';
      case 'crosshair-candle': {
        const step = model.valueStep();
        const { candle } = notice;
        return (
          `${formatCrosshairTime(candle.time, { timeZone: model.timeZone })}: ` +
          `open ${formatPrice(candle.open, step)}, high ${formatPrice(candle.high, step)}, ` +
          `low ${formatPrice(candle.low, step)}, close ${formatPrice(candle.close, step)}` +
          this.candleExtras(candle, step) +
          '.'
        );
      }
      case 'crosshair-price':
        return `Price ${formatPrice(notice.price, Math.min(model.valueStep(), model.keyboardTick()))}.`;
    }
  }

  /**
   * What the chart shows, in words, without naming any instrument: how many candles, over which
   * time range, between which prices, the lines drawn, and the keys.
   */
  description(): string {
    const model = this.model;
    const { series, timeframe, timeZone } = model;
    const { times, count, priceRange } = series;
    const step = 10 ** -series.priceDecimals;
    const parts: string[] = [];
    const first = times[0];
    const last = times[count - 1];
    if (count === 0 || first === undefined || last === undefined) {
      parts.push('Candlestick chart with no candles.');
    } else {
      const options = { timeZone };
      parts.push(
        `Candlestick chart of ${count}${timeframe ? ` ${timeframe}` : ''} candles from ` +
          `${formatCrosshairTime(first, options)} to ${formatCrosshairTime(last, options)} (${timeZone}).`,
      );
    }
    if (priceRange) {
      const [low, high] = priceRange;
      parts.push(`Prices range from ${formatPrice(low, step)} to ${formatPrice(high, step)}.`);
    }
    const lineSeries = model.lineSeries.map((series) => series.label);
    if (lineSeries.length > 0) parts.push(`Drawn over the candles: ${lineSeries.join(', ')}.`);
    if (model.volumeShare > 0 && series.hasVolume) parts.push('Volume is shown below the candles.');
    const lines = model.lines.list;
    if (lines.length === 0) parts.push('No lines drawn.');
    else {
      const prices = lines.map((line) => formatPrice(line.price, step)).join(', ');
      parts.push(`${lines.length} ${lines.length === 1 ? 'line' : 'lines'} drawn at ${prices}.`);
    }
    parts.push(KEYS_HELP);
    return parts.join(' ');
  }

  /** The line series' values and the volume on the crosshair's candle, as ", MA 20 101.25". */
  private candleExtras(candle: Candle, step: number): string {
    const model = this.model;
    const index = model.crosshairIndex();
    const values = index === undefined ? [] : model.lineValuesAt(index);
    const lineStep = Math.min(step, model.lineValueStep());
    const parts = values.map(({ label, value }) => `${label} ${formatPrice(value, lineStep)}`);
    if (model.volumeShare > 0 && candle.volume !== undefined) {
      parts.push(`volume ${formatVolume(candle.volume)}`);
    }
    return parts.map((part) => `, ${part}`).join('');
  }

  dispose(): void {
    for (const off of this.unsubscribe) off();
  }
}
