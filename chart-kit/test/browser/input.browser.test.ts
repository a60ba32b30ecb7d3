import type { ChartOptions } from '../../src/index.js';
import { type BrowserFixture, openFixture } from './harness.js';
import { blend, closeTo, type Rgb, waveSeries } from './series.js';

const CANDLES = waveSeries(288);
type PlainOptions = Omit<ChartOptions, 'theme'>;

/**
 * The DOM side of input, end to end in Chromium: real mouse, touch and key events through the
 * canvas' listeners to the tools (whose rules the Node tests check), and a chart that takes none.
 */
describe('chart input through the DOM in Chromium', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture({ width: 800, height: 703 }, { hasTouch: true });
  });
  afterAll(async () => {
    await fixture.close();
  });

  async function mount(options: PlainOptions = {}): Promise<void> {
    await fixture.page.evaluate(
      async ({ candles, options }) => {
        window.engine?.destroy();
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        window.engine = await window.chartKit.ChartEngine.create(container, {
          candles,
          devicePixelRatio: 1,
          initialBars: 60,
          maxLines: 2,
          ...options,
        });
      },
      { candles: CANDLES, options },
    );
  }

  const engineCall = <T>(fn: (engine: NonNullable<Window['engine']>) => T) =>
    fixture.page.evaluate<Awaited<T>>(`(${fn.toString()})(window.engine)`);

  function pixel(x: number, y: number): Promise<Rgb> {
    return fixture.page.evaluate(
      ([px, py]) => {
        const engine = window.engine;
        if (!engine) throw new Error('no engine');
        return window.chartKit.readPixel(engine, px, py);
      },
      [x, y] as const,
    );
  }

  it('draws a zone with one mouse drag in Draw Line mode, shading the box while dragging', async () => {
    await mount();
    await engineCall((engine) => {
      engine.setTool('line');
    });
    // Right of the last candle the plot is empty: only the box shades it.
    const x = await engineCall((engine) => engine.xOfIndex(engine.candleCount + 0.8));
    const { mouse } = fixture.page;
    await mouse.move(x, 200);
    await mouse.down();
    await mouse.move(x, 240, { steps: 4 });
    await mouse.move(x, 280, { steps: 4 });
    const theme = await engineCall(() => window.chartKit.DARK_THEME);
    const shaded = blend(theme.background, theme.userZone, theme.userZoneAlpha);
    expect(closeTo(await pixel(x - 5, 250), shaded)).toBe(true);
    await mouse.up();
    const result = await engineCall((engine) => ({
      ys: engine.lines().map((line) => engine.yOfPrice(line.price)),
      tool: engine.tool,
    }));
    expect(result.ys).toHaveLength(2);
    expect(Math.abs((result.ys[0] ?? 0) - 200)).toBeLessThanOrEqual(1);
    expect(Math.abs((result.ys[1] ?? 0) - 280)).toBeLessThanOrEqual(1);
    expect(result.tool).toBe('none');
    await mouse.move(790, 700);
    expect(closeTo(await pixel(x - 5, 250), shaded)).toBe(true);
    await fixture.page.waitForFunction(() =>
      window.engine?.lastAnnouncement.startsWith('Zone drawn'),
    );
  });

  it('places the same magnet price with a touch tap as with a mouse click', async () => {
    const prices: number[] = [];
    for (const input of ['mouse', 'touch'] as const) {
      await mount({ magnet: true });
      const point = await engineCall((engine) => {
        engine.setTool('line');
        const index = engine.candleCount - 5;
        const high = engine.candle(index)?.high ?? 0;
        return { x: engine.xOfIndex(index), y: engine.yOfPrice(high) + 4, high };
      });
      if (input === 'mouse') await fixture.page.mouse.click(point.x, point.y);
      else await fixture.page.touchscreen.tap(point.x, point.y);
      await fixture.page.waitForFunction(() => window.engine?.lines().length === 1);
      const price = await engineCall((engine) => engine.lines()[0]?.price ?? NaN);
      expect(price).toBe(point.high);
      prices.push(price);
    }
    expect(prices[0]).toBe(prices[1]);
  });

  it('takes keys when focused: Enter places a line at the keyboard crosshair', async () => {
    await mount();
    await fixture.page.focus('canvas');
    await fixture.page.keyboard.press('ArrowUp');
    await fixture.page.keyboard.press('Enter');
    expect(await engineCall((engine) => engine.lines().length)).toBe(1);
    await fixture.page.waitForFunction(() => window.engine?.lastAnnouncement.includes('placed at'));
  });

  it('an illustration (interactive: false) is out of the tab order and takes no input', async () => {
    await mount({ interactive: false, label: 'Picture of a demand zone' });
    const setup = await fixture.page.evaluate(() => {
      const canvas = window.engine?.canvas;
      if (!canvas) throw new Error('no canvas');
      const before = document.createElement('button');
      before.id = 'before';
      before.textContent = 'before';
      const after = document.createElement('button');
      after.id = 'after';
      after.textContent = 'after';
      document.body.prepend(before);
      document.body.append(after);
      return {
        tabIndex: canvas.tabIndex,
        role: canvas.getAttribute('role'),
        label: canvas.getAttribute('aria-label'),
        liveRegions: document.querySelectorAll('#chart [aria-live]').length,
      };
    });
    expect(setup).toEqual({
      tabIndex: -1,
      role: 'img',
      label: 'Picture of a demand zone',
      liveRegions: 0,
    });
    await fixture.page.focus('#before');
    await fixture.page.keyboard.press('Tab');
    expect(await fixture.page.evaluate(() => document.activeElement?.id)).toBe('after');
    const view = await engineCall((engine) => engine.viewport);
    await fixture.page.mouse.click(300, 300);
    await fixture.page.mouse.move(300, 300);
    await fixture.page.mouse.down();
    await fixture.page.mouse.move(450, 320, { steps: 5 });
    await fixture.page.mouse.up();
    await fixture.page.mouse.wheel(0, -300);
    await fixture.page.keyboard.press('Enter');
    const after = await engineCall((engine) => ({
      lines: engine.lines().length,
      view: engine.viewport,
      focused: document.activeElement === engine.canvas,
      announcement: engine.lastAnnouncement,
    }));
    expect(after).toEqual({ lines: 0, view, focused: false, announcement: '' });
    await fixture.page.evaluate(() => {
      document.getElementById('before')?.remove();
      document.getElementById('after')?.remove();
    });
  });

  it('logged no error', () => {
    expect(fixture.errors).toEqual([]);
  });
});
