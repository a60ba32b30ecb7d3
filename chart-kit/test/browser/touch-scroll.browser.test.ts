import type { CDPSession } from 'playwright-core';
import type { ChartOptions } from '../../src/index.js';
import { type BrowserFixture, openFixture } from './harness.js';
import { waveSeries } from './series.js';

const CANDLES = waveSeries(288);
const PHONE = { width: 390, height: 844 };
/** The chart's box on the phone page: a 400 px chart with page above and below it. */
const CHART_TOP = 150;
const CHART_HEIGHT = 400;

/**
 * A phone's touch screen in Chromium: real touch sequences (through the browser's gesture
 * handling, as a finger's) on a chart in a page taller than the screen. A vertical swipe must
 * scroll the page past the chart unless it starts on a line, in Draw Line mode, or the chart asks
 * for every touch; a horizontal swipe pans and a pinch zooms.
 */
describe('touch on a phone: the page scrolls past the chart', () => {
  let fixture: BrowserFixture;
  let cdp: CDPSession;

  beforeAll(async () => {
    fixture = await openFixture(PHONE, { hasTouch: true });
    cdp = await fixture.page.context().newCDPSession(fixture.page);
    await fixture.page.evaluate(
      ({ top, height }) => {
        const chart = document.getElementById('chart');
        if (!chart) throw new Error('no #chart');
        chart.style.cssText = `width: 100%; height: ${height}px; margin-top: ${top}px;`;
        const below = document.createElement('div');
        below.style.height = '1600px';
        document.body.append(below);
      },
      { top: CHART_TOP, height: CHART_HEIGHT },
    );
  });
  afterAll(async () => {
    await fixture.close();
  });

  async function mount(options: Omit<ChartOptions, 'theme'> = {}): Promise<void> {
    await fixture.page.evaluate(
      async ({ candles, options }) => {
        window.engine?.destroy();
        // A swipe's fling goes on scrolling after the finger lifts: wait for it to stop.
        let still = 0;
        let last = window.scrollY;
        while (still < 10) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
        }
        window.scrollTo(0, 0);
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        window.engine = await window.chartKit.ChartEngine.create(container, {
          candles,
          devicePixelRatio: 1,
          initialBars: 40,
          maxLines: 2,
          ...options,
        });
      },
      { candles: CANDLES, options },
    );
  }

  const engineCall = <T>(fn: (engine: NonNullable<Window['engine']>) => T) =>
    fixture.page.evaluate<Awaited<T>>(`(${fn.toString()})(window.engine)`);

  /** Fingers moving together from `from` to `to` (page CSS pixels) in small steps, then lifted. */
  async function swipe(
    fingers: readonly { from: { x: number; y: number }; to: { x: number; y: number } }[],
    steps = 12,
  ): Promise<void> {
    const at = (t: number) =>
      fingers.map(({ from, to }, id) => ({
        x: from.x + (to.x - from.x) * t,
        y: from.y + (to.y - from.y) * t,
        id,
      }));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
    for (let step = 1; step <= steps; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(step / steps),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Let a scroll's last frames land.
    await fixture.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }

  const scrollY = () => fixture.page.evaluate(() => window.scrollY);
  const viewport = () => engineCall((engine) => engine.viewport);

  it('scrolls the page with a vertical swipe that starts on the chart, leaving the chart still', async () => {
    await mount();
    expect(await engineCall((engine) => engine.canvas.style.touchAction)).toBe('pan-y');
    const before = await viewport();
    await swipe([{ from: { x: 200, y: CHART_TOP + 300 }, to: { x: 200, y: CHART_TOP + 60 } }]);
    expect(await scrollY()).toBeGreaterThan(150);
    expect(await viewport()).toEqual(before);
    expect(fixture.errors).toEqual([]);
  });

  it('pans the chart with a horizontal swipe, and the page stays', async () => {
    await mount();
    const before = await viewport();
    await swipe([{ from: { x: 300, y: CHART_TOP + 200 }, to: { x: 80, y: CHART_TOP + 204 } }]);
    expect(await scrollY()).toBe(0);
    expect((await viewport()).fromIndex).toBeGreaterThan(before.fromIndex + 5);
  });

  it('zooms the chart with a pinch, and the page stays', async () => {
    await mount();
    const before = await viewport();
    const y = CHART_TOP + 200;
    await swipe([
      { from: { x: 170, y }, to: { x: 100, y } },
      { from: { x: 220, y }, to: { x: 290, y } },
    ]);
    expect(await scrollY()).toBe(0);
    const after = await viewport();
    expect(after.toIndex - after.fromIndex).toBeLessThan((before.toIndex - before.fromIndex) * 0.6);
  });

  it('drags a line with a vertical swipe that starts on it, and the page stays', async () => {
    await mount();
    const lineY = 150;
    await engineCall((engine) => engine.addLine(engine.priceAtY(150)));
    await swipe([
      { from: { x: 200, y: CHART_TOP + lineY }, to: { x: 200, y: CHART_TOP + lineY + 120 } },
    ]);
    expect(await scrollY()).toBe(0);
    const y = await engineCall((engine) => engine.yOfPrice(engine.lines()[0]?.price ?? 0));
    expect(y).toBeGreaterThan(lineY + 100);
  });

  it('draws a zone with a vertical swipe in Draw Line mode, and the page stays', async () => {
    await mount();
    await engineCall((engine) => {
      engine.setTool('line');
    });
    expect(await engineCall((engine) => engine.canvas.style.touchAction)).toBe('none');
    await swipe([{ from: { x: 200, y: CHART_TOP + 100 }, to: { x: 200, y: CHART_TOP + 220 } }]);
    expect(await scrollY()).toBe(0);
    expect(await engineCall((engine) => engine.lines().length)).toBe(2);
    // Both lines placed: the tool is off and vertical swipes scroll the page again.
    expect(await engineCall((engine) => engine.canvas.style.touchAction)).toBe('pan-y');
  });

  it("keeps every touch with verticalSwipe: 'chart'", async () => {
    await mount({ verticalSwipe: 'chart' });
    expect(await engineCall((engine) => engine.canvas.style.touchAction)).toBe('none');
    await swipe([{ from: { x: 200, y: CHART_TOP + 300 }, to: { x: 200, y: CHART_TOP + 60 } }]);
    expect(await scrollY()).toBe(0);
    expect(fixture.errors).toEqual([]);
  });
});
