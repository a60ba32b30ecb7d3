import type { Candle } from '@chart-kit/core';
import { type BrowserFixture, openFixture } from './harness.js';

/** Even candles rise 100 -> 104, odd ones fall 104 -> 100; wicks one unit beyond. */
const SERIES: Candle[] = Array.from({ length: 40 }, (_, i) => {
  const up = i % 2 === 0;
  return {
    time: 1_700_000_000 + i * 300,
    open: up ? 100 : 104,
    close: up ? 104 : 100,
    high: 105,
    low: 99,
  };
});

const hex = ([r, g, b]: [number, number, number]) =>
  `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;

// The same pictures on both renderers: Canvas 2D (the default's first frame) and WebGL.
describe.each([
  { asked: 'auto', draws: 'canvas2d' },
  { asked: 'webgl', draws: 'webgl' },
] as const)('ChartEngine in Chromium, renderer $asked', ({ asked, draws }) => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
    await fixture.page.evaluate(
      async ({ candles, renderer }) => {
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        const engine = await window.chartKit.ChartEngine.create(container, {
          candles,
          initialBars: 20,
          devicePixelRatio: 1,
          renderer,
        });
        Object.assign(window, { engine });
      },
      { candles: SERIES, renderer: asked },
    );
  });

  afterAll(async () => {
    await fixture.close();
  });

  function pixelAt(index: number, price: number) {
    return fixture.page.evaluate(
      ([i, p]) => {
        const engine = (window as unknown as { engine: import('../../src/index.js').ChartEngine })
          .engine;
        return window.chartKit.readPixel(engine, engine.xOfIndex(i), engine.yOfPrice(p));
      },
      [index, price] as const,
    );
  }

  it(`draws on ${draws}`, async () => {
    const name = await fixture.page.evaluate(
      () => (window as unknown as { engine: { rendererName: string } }).engine.rendererName,
    );
    expect(name).toBe(draws);
  });

  it("paints an up candle's body #26a69a and a down candle's #ef5350 where the scales put them", async () => {
    // The latest 20 candles are in view; 38 rose and 39 fell.
    expect(hex(await pixelAt(38, 102))).toBe('#26a69a');
    expect(hex(await pixelAt(39, 102))).toBe('#ef5350');
    // Wicks reach the high: one unit above the body.
    expect(hex(await pixelAt(38, 104.6))).toBe('#26a69a');
  });

  it('leaves the background #13131F between candles and above the highs', async () => {
    expect(hex(await pixelAt(38.5, 102))).toBe('#13131f');
    expect(hex(await pixelAt(38, 105.3))).toBe('#13131f');
  });

  it('pans and zooms, and keeps drawing the candle under the same index', async () => {
    const before = await fixture.page.evaluate(() => {
      const engine = (window as unknown as { engine: import('../../src/index.js').ChartEngine })
        .engine;
      engine.pan(200);
      return engine.viewport;
    });
    expect(before.toIndex).toBeLessThan(40);
    expect(hex(await pixelAt(30, 102))).toBe('#26a69a');
    const zoomed = await fixture.page.evaluate(() => {
      const engine = (window as unknown as { engine: import('../../src/index.js').ChartEngine })
        .engine;
      engine.zoom(0.25);
      return engine.viewport;
    });
    expect(zoomed.toIndex - zoomed.fromIndex).toBeGreaterThan(before.toIndex - before.fromIndex);
    expect(hex(await pixelAt(30, 102))).toBe('#26a69a');
  });

  it('takes a partial theme in CSS colours, and redraws with it', async () => {
    await fixture.page.evaluate(() => {
      const engine = (window as unknown as { engine: import('../../src/index.js').ChartEngine })
        .engine;
      engine.setTheme({ up: 'rgb(8 153 129)', background: 'white' });
      engine.renderNow();
    });
    expect(hex(await pixelAt(38, 102))).toBe('#089981');
    // The fields left out keep the dark theme's colours.
    expect(hex(await pixelAt(39, 102))).toBe('#ef5350');
    expect(hex(await pixelAt(38.5, 102))).toBe('#ffffff');
  });

  it('refuses a colour that is not one, naming the field, and leaves no canvas', async () => {
    const refused = await fixture.page.evaluate(async () => {
      const container = document.createElement('div');
      container.style.cssText = 'width: 300px; height: 200px';
      document.body.append(container);
      try {
        await window.chartKit.ChartEngine.create(container, {
          candles: [{ time: 1_700_000_000, open: 1, high: 2, low: 0.5, close: 1.5 }],
          theme: { down: 'reddish' },
        });
        return 'created';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message} (${container.childElementCount} left)`;
      } finally {
        container.remove();
      }
    });
    expect(refused).toMatch(
      /^ChartStartError: .*theme\.down: "reddish" is not a CSS colour.* \(0 left\)$/,
    );
  });

  it('starts with the lines, fixed lines and zone given as options, under general names', async () => {
    const started = await fixture.page.evaluate(async (renderer) => {
      const container = document.createElement('div');
      container.style.cssText = 'width: 400px; height: 300px';
      document.body.append(container);
      const chart = await window.chartKit.ChartEngine.create(container, {
        candles: Array.from({ length: 40 }, (_, i) => ({
          time: 1_700_000_000 + i * 300,
          open: 100,
          high: 105,
          low: 99,
          close: 104,
        })),
        renderer,
        devicePixelRatio: 1,
        lines: [101, 103],
        fixedLines: [102],
        zone: { upper: 104.5, lower: 103.5, label: 'Demand zone' },
      });
      const figures = {
        lines: chart.lines().map((line) => line.price),
        fixed: [...chart.fixedLinePrices()],
        zoneInView: chart.yOfPrice(104.5) > 0,
      };
      chart.clearZone();
      chart.setFixedLines([]);
      const afterClear = [...chart.fixedLinePrices()];
      // The old names still work for one release.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      chart.setPulledLines([101.5]);
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      const deprecated = [...chart.pulledLinePrices()];
      chart.destroy();
      container.remove();
      return { ...figures, afterClear, deprecated };
    }, asked);
    expect(started).toEqual({
      lines: [101, 103],
      fixed: [102],
      zoneInView: true,
      afterClear: [],
      deprecated: [101.5],
    });
  });

  it('logged no error', () => {
    expect(fixture.errors).toEqual([]);
  });
});
