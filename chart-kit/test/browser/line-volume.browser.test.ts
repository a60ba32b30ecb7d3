import type { Candle } from '@chart-kit/core';
import { type BrowserFixture, openFixture } from './harness.js';
import { blend, closeTo, hex, type Rgb } from './series.js';

/** Even candles rise 100 -> 104 on 1,000 shares, odd ones fall 104 -> 100 on 500. */
const SERIES: Candle[] = Array.from({ length: 40 }, (_, i) => {
  const up = i % 2 === 0;
  return {
    time: 1_700_000_000 + i * 300,
    open: up ? 100 : 104,
    close: up ? 104 : 100,
    high: 105,
    low: 99,
    volume: up ? 1000 : 500,
  };
});
/** A flat line through the candles' bodies, and one rising over the newest candles. */
const FLAT = SERIES.map((candle) => ({ time: candle.time, value: 103.5 }));
const RISING = SERIES.slice(20).map((candle, i) => ({ time: candle.time, value: 100 + i * 0.2 }));
const BACKGROUND = 0x13131f;
const UP = 0x26a69a;
const DOWN = 0xef5350;
/** The fixture's chart is 800 x 703 CSS px: its plot is 679 px tall, a fifth of it volume. */
const PLOT_HEIGHT = 703 - 24;
const PRICE_HEIGHT = Math.round(PLOT_HEIGHT * 0.8);

type Engine = import('../../src/index.js').ChartEngine;

// The same pictures on both renderers.
describe.each(['canvas2d', 'webgl'] as const)('line series and volume, %s', (renderer) => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
    await fixture.page.evaluate(
      async ({ candles, flat, rising, renderer: asked }) => {
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        const engine = await window.chartKit.ChartEngine.create(container, {
          candles,
          initialBars: 20,
          devicePixelRatio: 1,
          renderer: asked,
          volume: true,
          lineSeries: [
            { id: 'flat', points: flat, color: '#ffff00', width: 3 },
            { id: 'rising', points: rising, color: 'rgb(0 200 255)', width: 3 },
          ],
        });
        Object.assign(window, { engine });
      },
      { candles: SERIES, flat: FLAT, rising: RISING, renderer },
    );
  });

  afterAll(async () => {
    await fixture.close();
  });

  /** The pixel at candle `index`, at a price (the candles' scale) or a y (CSS px). */
  function pixel(index: number, at: { price: number } | { y: number }): Promise<Rgb> {
    return fixture.page.evaluate(
      ([i, where]) => {
        const engine = (window as unknown as { engine: Engine }).engine;
        const y = 'price' in where ? engine.yOfPrice(where.price) : where.y;
        return window.chartKit.readPixel(engine, engine.xOfIndex(i), y);
      },
      [index, at] as const,
    );
  }

  it(`draws on ${renderer}`, async () => {
    const name = await fixture.page.evaluate(
      () => (window as unknown as { engine: Engine }).engine.rendererName,
    );
    expect(name).toBe(renderer);
  });

  it('draws a line over the candles and between them, in its colour', async () => {
    expect(hex(await pixel(38, { price: 103.5 }))).toBe('#ffff00');
    expect(hex(await pixel(38.5, { price: 103.5 }))).toBe('#ffff00');
    // Off the line, the candle and the background are as they were.
    expect(hex(await pixel(38, { price: 102 }))).toBe('#26a69a');
    expect(hex(await pixel(38.5, { price: 102 }))).toBe('#13131f');
  });

  it('draws a rising line through its points, and none before its first', async () => {
    // Point 10 of the rising line is on candle 30 at 102.
    expect(hex(await pixel(30, { price: 102 }))).toBe('#00c8ff');
    expect(hex(await pixel(35, { price: 103 }))).toBe('#00c8ff');
    // Candle 22's slot well above its line shows the background, not a line.
    expect(hex(await pixel(22.5, { price: 102.8 }))).toBe('#13131f');
  });

  it('keeps the candles above a volume strip with bars in the candles’ colours', async () => {
    // The candles' lows end above the strip.
    const lowY = await fixture.page.evaluate(() =>
      (window as unknown as { engine: Engine }).engine.yOfPrice(99),
    );
    expect(lowY).toBeLessThan(PRICE_HEIGHT);
    const bottom = PLOT_HEIGHT - 3;
    expect(closeTo(await pixel(38, { y: bottom }), blend(BACKGROUND, UP, 0.5))).toBe(true);
    expect(closeTo(await pixel(39, { y: bottom }), blend(BACKGROUND, DOWN, 0.5))).toBe(true);
    // The tallest bars (1,000) reach the strip's top; the others (500) half way.
    const nearTop = PRICE_HEIGHT + 10;
    expect(closeTo(await pixel(38, { y: nearTop }), blend(BACKGROUND, UP, 0.5))).toBe(true);
    expect(hex(await pixel(39, { y: nearTop }))).toBe('#13131f');
    // Between bars, the background.
    expect(hex(await pixel(38.5, { y: bottom }))).toBe('#13131f');
  });

  it('reads out the lines and the volume with the candle under the crosshair', async () => {
    const readout = await fixture.page.evaluate(async () => {
      const engine = (window as unknown as { engine: Engine }).engine;
      const canvas = engine.canvas;
      const box = canvas.getBoundingClientRect();
      const x = box.left + engine.xOfIndex(38);
      const y = box.top + 100;
      canvas.dispatchEvent(
        new PointerEvent('pointermove', {
          clientX: x,
          clientY: y,
          bubbles: true,
          pointerType: 'mouse',
        }),
      );
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return engine.readout;
    });
    expect(readout).toContain('flat 103.50');
    expect(readout).toContain('rising 103.60');
    expect(readout).toContain('V 1000');
  });

  it('hides the volume and removes a line when asked', async () => {
    await fixture.page.evaluate(() => {
      const engine = (window as unknown as { engine: Engine }).engine;
      engine.setVolume(false);
      expect(engine.removeLineSeries('flat'));
      function expect(value: boolean) {
        if (!value) throw new Error('removeLineSeries found no line');
      }
    });
    // The background, or the grid line at 103.5 the flat line covered.
    expect(['#13131f', '#22223a']).toContain(hex(await pixel(38.5, { price: 103.5 })));
    expect(hex(await pixel(38.5, { y: PLOT_HEIGHT - 3 }))).toBe('#13131f');
    // Without the strip the candles' lows go down to near the plot's bottom.
    const lowY = await fixture.page.evaluate(() =>
      (window as unknown as { engine: Engine }).engine.yOfPrice(99),
    );
    expect(lowY).toBeGreaterThan(PRICE_HEIGHT);
  });

  it('refuses a bad point, naming the series and the point, and keeps its lines', async () => {
    const refused = await fixture.page.evaluate(() => {
      const engine = (window as unknown as { engine: Engine }).engine;
      try {
        engine.setLineSeries({
          id: 'rising',
          points: [
            { time: 1, value: 1 },
            { time: 1, value: 2 },
          ],
        });
      } catch (error) {
        const { kind, lineSeries, index, message } =
          error as import('../../src/index.js').ChartDataError;
        return { kind, lineSeries, index, message, ids: engine.lineSeriesIds() };
      }
      return undefined;
    });
    expect(refused).toEqual({
      kind: 'data',
      lineSeries: 'rising',
      index: 1,
      message: 'Point 1 (time 1) of line series "rising": duplicate time 1',
      ids: ['rising'],
    });
  });

  it('logged no error', () => {
    expect(fixture.errors).toEqual([]);
  });
});

/**
 * Two hours of 5-min candles: the first hour's rise 100 -> 104 on 1,000 shares each (12,000 in
 * the hour), the second's fall 104 -> 100 on 500 (6,000).
 */
const HOUR_START = 1_700_002_800;
const TWO_HOURS: Candle[] = Array.from({ length: 24 }, (_, i) => {
  const up = i < 12;
  return {
    time: HOUR_START + i * 300,
    open: up ? 100 : 104,
    close: up ? 104 : 100,
    high: 105,
    low: 99,
    volume: up ? 1000 : 500,
  };
});

describe.each(['canvas2d', 'webgl'] as const)(
  'volume during the timeframe morph, %s',
  (renderer) => {
    let fixture: BrowserFixture;

    beforeAll(async () => {
      fixture = await openFixture();
    });

    afterAll(async () => {
      await fixture.close();
    });

    it('draws each candle’s bar under it, half way from its 5-min volume to its hour’s', async () => {
      const held = await fixture.page.evaluate(
        async ({ candles, renderer: asked, rows }) => {
          const container = document.getElementById('chart');
          if (!container) throw new Error('no #chart');
          const engine = await window.chartKit.ChartEngine.create(container, {
            series: { '5min': candles },
            devicePixelRatio: 1,
            renderer: asked,
            volume: true,
          });
          // The morph is held half way by holding the clock the engine's frames read.
          const realNow = performance.now.bind(performance);
          const start = realNow();
          let now = start;
          performance.now = () => now;
          let landed: Promise<void>;
          let picture: Uint32Array;
          let timeframe: string | undefined;
          try {
            landed = engine.setTimeframe('1hr');
            engine.renderNow();
            now = start + 160;
            picture = window.chartKit.pictureOf(engine);
            timeframe = engine.timeframe;
          } finally {
            performance.now = realNow;
          }
          await landed;
          const width = engine.canvas.width;
          const row = (y: number) =>
            Array.from(picture.subarray(y * width, (y + 1) * width), (rgba) => [
              rgba & 0xff,
              (rgba >>> 8) & 0xff,
              (rgba >>> 16) & 0xff,
            ]);
          const result = {
            timeframe,
            bodies: row(Math.round(engine.yOfPrice(102))),
            bottom: row(rows.bottom),
            nearTop: row(rows.nearTop),
          };
          engine.destroy();
          return result;
        },
        {
          candles: TWO_HOURS,
          renderer,
          rows: { bottom: PLOT_HEIGHT - 3, nearTop: PRICE_HEIGHT + 10 },
        },
      );
      // Still the 5-min timeframe: the picture is the morph's.
      expect(held.timeframe).toBe('5min');
      const upBar = blend(BACKGROUND, UP, 0.5);
      const downBar = blend(BACKGROUND, DOWN, 0.5);
      const isUpBar = (pixel: number[] | undefined) => closeTo(pixel as Rgb, upBar);
      const isDownBar = (pixel: number[] | undefined) => closeTo(pixel as Rgb, downBar);
      // Where one bar stands, its candle's body is right above it, in the same colour (a column
      // where bars overlap mixes their colours and is left out).
      let up = 0;
      let down = 0;
      held.bottom.forEach((pixel, x) => {
        if (isUpBar(pixel)) {
          up++;
          expect(hex(held.bodies[x] as Rgb)).toBe('#26a69a');
        } else if (isDownBar(pixel)) {
          down++;
          expect(hex(held.bodies[x] as Rgb)).toBe('#ef5350');
        }
      });
      expect(up).toBeGreaterThan(10);
      expect(down).toBeGreaterThan(10);
      // Half way, the first hour's bars are (1,000 + 12,000) / 2 and reach the strip's top; the
      // second hour's, (500 + 6,000) / 2, reach half as high.
      expect(held.nearTop.some(isUpBar)).toBe(true);
      expect(held.nearTop.some(isDownBar)).toBe(false);
    });

    it('logged no error', () => {
      expect(fixture.errors).toEqual([]);
    });
  },
);

describe('line series and volume in a picture', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
  });

  afterAll(async () => {
    await fixture.close();
  });

  it('draws them without WebGL, the volume strip exactly as the WebGL chart does', async () => {
    const result = await fixture.page.evaluate(
      async ({ candles, flat }) => {
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        container.style.width = '400px';
        container.style.height = '300px';
        const options = {
          candles,
          homeView: { fromIndex: -0.5, toIndex: 39.5 },
          volume: { heightShare: 0.3 },
          lineSeries: [{ id: 'flat', points: flat, color: '#ffff00', width: 3 }],
        };
        const engine = await window.chartKit.ChartEngine.create(container, {
          ...options,
          renderer: 'webgl',
          interactive: false,
          devicePixelRatio: 2,
        });
        engine.renderNow();
        const webgl = document.createElement('canvas');
        webgl.width = engine.canvas.width;
        webgl.height = engine.canvas.height;
        webgl.getContext('2d')?.drawImage(engine.canvas, 0, 0);
        const lineY = engine.yOfPrice(103.5);
        const lineX = engine.xOfIndex(20.5);
        engine.destroy();
        const still = document.createElement('canvas');
        window.chartKit.drawChartPicture(still, options, {
          width: 400,
          height: 300,
          devicePixelRatio: 2,
        });
        const context = still.getContext('2d');
        const [r = 0, g = 0, b = 0] = context?.getImageData(lineX * 2, lineY * 2, 1, 1).data ?? [];
        // The strip: below the candles' pane (plus its hairline), above the time axis, left of
        // the price axis. Its label on the price axis is text, drawn by different glyphs.
        const plotHeight = 300 - 24;
        const top = (Math.round(plotHeight * 0.7) + 1) * 2;
        const width = (400 - 68) * 2;
        const height = plotHeight * 2 - top;
        const a = webgl.getContext('2d')?.getImageData(0, top, width, height).data ?? [];
        const c = context?.getImageData(0, top, width, height).data ?? [];
        let differing = 0;
        let drawn = 0;
        for (let i = 0; i < a.length; i += 4) {
          if ((a[i] ?? 0) !== 0x13 || (a[i + 1] ?? 0) !== 0x13) drawn++;
          for (let channel = 0; channel < 3; channel++) {
            if (Math.abs((a[i + channel] ?? 0) - (c[i + channel] ?? 0)) > 2) {
              differing++;
              break;
            }
          }
        }
        return { line: [r, g, b], differing, drawn, compared: a.length / 4 };
      },
      { candles: SERIES, flat: FLAT },
    );
    expect(hex(result.line as Rgb)).toBe('#ffff00');
    expect(result.compared).toBeGreaterThan(40_000);
    // Bars were drawn (and the vertical grid lines), and both pictures cover the same pixels.
    expect(result.drawn).toBeGreaterThan(5000);
    expect(result.differing).toBe(0);
  });

  it('logged no error', () => {
    expect(fixture.errors).toEqual([]);
  });
});

describe('line series and volume as <Chart> props', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
  });

  afterAll(async () => {
    await fixture.close();
  });

  it('sets the lines that changed, removes those left out, and turns volume on and off', async () => {
    const steps = await fixture.page.evaluate(
      async ({ candles, flat, rising }) => {
        const element = document.getElementById('chart');
        if (!element) throw new Error('no #chart');
        const chart = await window.chartKit.mountReactChart(element, candles, {
          lineSeries: [{ id: 'flat', points: flat }],
        });
        const { engine } = chart;
        const state = () =>
          JSON.stringify({ ids: engine.lineSeriesIds(), volume: engine.volumeShown });
        /** The chart's state once React has applied the props (or after 60 frames). */
        const settledAt = async (expected: string) => {
          for (let frame = 0; frame < 60 && state() !== expected; frame++) {
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          return state();
        };
        const seen = [state()];
        let sets = 0;
        const setLineSeries = engine.setLineSeries.bind(engine);
        engine.setLineSeries = (series) => {
          sets++;
          setLineSeries(series);
        };
        // The same points array, the options written inline again: the line is not set again.
        chart.rerender({ lineSeries: [{ id: 'flat', points: flat }], volume: true });
        seen.push(await settledAt(JSON.stringify({ ids: ['flat'], volume: true })));
        const setsAfterSameLine = sets;
        chart.rerender({
          lineSeries: [{ id: 'rising', points: rising }],
          volume: { heightShare: 0.3 },
        });
        seen.push(await settledAt(JSON.stringify({ ids: ['rising'], volume: true })));
        chart.rerender({ lineSeries: [], volume: false });
        seen.push(await settledAt(JSON.stringify({ ids: [], volume: false })));
        chart.unmount();
        return { seen: seen.map((text) => JSON.parse(text) as unknown), setsAfterSameLine, sets };
      },
      { candles: SERIES, flat: FLAT, rising: RISING },
    );
    expect(steps.seen).toEqual([
      { ids: ['flat'], volume: false },
      { ids: ['flat'], volume: true },
      { ids: ['rising'], volume: true },
      { ids: [], volume: false },
    ]);
    expect(steps.setsAfterSameLine).toBe(0);
    expect(steps.sets).toBe(1);
  });

  it('logged no error', () => {
    expect(fixture.errors).toEqual([]);
  });
});
