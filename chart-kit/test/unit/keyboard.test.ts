import { keyCommand } from '../../src/interaction/keyboard.js';
import { waveSeries } from '../browser/series.js';
import { ChartHarness } from '../harness/chart-harness.js';

const CANDLES = waveSeries(288);

describe('keyCommand', () => {
  it('maps arrows to the crosshair, or to the selected line for up and down', () => {
    expect(keyCommand({ key: 'ArrowLeft' }, { lineSelected: false })).toBe('crosshair-left');
    expect(keyCommand({ key: 'ArrowUp' }, { lineSelected: false })).toBe('crosshair-up');
    expect(keyCommand({ key: 'ArrowUp' }, { lineSelected: true })).toBe('move-line-up');
    expect(keyCommand({ key: 'ArrowDown' }, { lineSelected: true })).toBe('move-line-down');
    expect(keyCommand({ key: 'Enter' }, { lineSelected: false })).toBe('place-line');
    expect(keyCommand({ key: 'Home' }, { lineSelected: false })).toBe('reset-view');
  });

  it('deletes only with a selection and leaves modified keys to the browser', () => {
    expect(keyCommand({ key: 'Delete' }, { lineSelected: false })).toBeUndefined();
    expect(keyCommand({ key: 'Backspace' }, { lineSelected: true })).toBe('delete-line');
    expect(
      keyCommand({ key: 'ArrowLeft', ctrlKey: true }, { lineSelected: false }),
    ).toBeUndefined();
    expect(keyCommand({ key: 'Tab' }, { lineSelected: false })).toBeUndefined();
  });
});

describe('KeyboardController', () => {
  function chart() {
    return new ChartHarness({ candles: CANDLES, initialBars: 40, maxLines: 2 });
  }

  it('walks candles with left and right, announcing each, and keeps the crosshair in view', () => {
    const harness = chart();
    expect(harness.key('ArrowLeft')).toBe(true);
    const info = harness.model.crosshairInfo();
    // Starts on the newest candle in view, one to the left.
    expect(info?.index).toBe(CANDLES.length - 2);
    expect(harness.lastAnnouncement).toMatch(/^\w{3} \w{3} \d+, \d{4} \d\d:\d\d: open /);
    for (let i = 0; i < 60; i++) harness.key('ArrowLeft');
    const index = harness.model.crosshairInfo()?.index ?? -1;
    expect(index).toBe(CANDLES.length - 62);
    expect(harness.model.viewport.fromIndex).toBeLessThan(index);
  });

  it('places a line with Enter at the crosshair price, then moves it one tick per arrow press', () => {
    const harness = chart();
    harness.key('ArrowUp');
    const price = harness.model.crosshairInfo()?.price ?? 0;
    const close = CANDLES.at(-1)?.close ?? 0;
    expect(price).toBeGreaterThan(close);
    expect(harness.lastAnnouncement).toBe(`Price ${price.toFixed(2)}.`);
    harness.key('Enter');
    const [line] = harness.model.lines.list;
    expect(line?.price).toBe(price);
    expect(harness.model.selectedLine).toBe(line?.id);
    expect(harness.lastAnnouncement).toBe(
      `Line 1 of 2 placed at ${harness.model.formatLinePrice(price)}.`,
    );
    harness.key('ArrowUp');
    const moved = harness.linePrices()[0] ?? 0;
    expect(moved).toBeCloseTo(price + harness.model.keyboardTick(), 9);
    expect(harness.lastAnnouncement).toBe(`Line moved to ${harness.model.formatLinePrice(moved)}.`);
    expect(harness.description).toContain('1 line drawn');
  });

  it('selects lines with L, deletes with Delete, and says when there is none', () => {
    const harness = chart();
    harness.key('l');
    expect(harness.lastAnnouncement).toBe('There are no lines to select.');
    harness.model.addLine(100);
    harness.model.addLine(101);
    harness.key('L');
    expect(harness.model.selectedLine).toBe(harness.model.lines.list[0]?.id);
    expect(harness.lastAnnouncement).toMatch(/^Line at 100(\.0+)? selected\./);
    harness.key('Delete');
    expect(harness.linePrices()).toEqual([101]);
    expect(harness.lastAnnouncement).toMatch(/deleted\. 1 left\.$/);
  });

  it('zooms, pans and returns to the starting view', () => {
    const harness = chart();
    const home = harness.model.viewport;
    harness.key('+');
    harness.key('PageUp');
    expect(harness.model.viewport).not.toEqual(home);
    harness.key('Home');
    harness.settle();
    expect(harness.model.viewport.fromIndex).toBeCloseTo(home.fromIndex, 9);
    expect(harness.model.viewport.toIndex).toBeCloseTo(home.toIndex, 9);
  });

  it('leaves keys it does not use to the browser', () => {
    expect(chart().key('Tab')).toBe(false);
    expect(chart().key('r', { ctrlKey: true })).toBe(false);
  });
});
