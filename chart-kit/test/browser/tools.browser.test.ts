import type { ChartOptions } from '../../src/index.js';
import { type BrowserFixture, openFixture } from './harness.js';
import { blend, closeTo, hex, type Rgb, rgbOf, waveSeries } from './series.js';

const CANDLES = waveSeries(288);
/** Browser-safe options (plain data only). */
type PlainOptions = Omit<ChartOptions, 'theme'> & { lightTheme?: boolean };

describe('chart tools, zones and timeframes in Chromium', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  /** Mounts a fresh chart (destroying the previous one) at devicePixelRatio 1. */
  async function mount(options: PlainOptions = {}): Promise<void> {
    await fixture.page.evaluate(
      async ({ candles, options: { lightTheme, ...rest } }) => {
        window.engine?.destroy();
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        window.engine = await window.chartKit.ChartEngine.create(container, {
          candles: rest.series ? undefined : candles,
          devicePixelRatio: 1,
          reducedMotion: false,
          ...rest,
          ...(lightTheme ? { theme: window.chartKit.LIGHT_THEME } : {}),
        });
      },
      { candles: CANDLES, options },
    );
  }

  /** Runs `fn` in the page with the engine; `fn` must not use anything from this file. */
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

  it('places a line where the line tool is clicked; its price maps back to that y within a pixel', async () => {
    await mount({ maxLines: 2 });
    await engineCall((engine) => {
      engine.setTool('line');
    });
    await fixture.page.mouse.click(300, 250);
    const result = await engineCall((engine) => {
      const [line] = engine.lines();
      return { count: engine.lines().length, y: line ? engine.yOfPrice(line.price) : NaN };
    });
    expect(result.count).toBe(1);
    expect(Math.abs(result.y - 250)).toBeLessThanOrEqual(1);
    // The line is drawn across the plot in the line colour (selected after placing); the pointer
    // leaves first so the crosshair is not drawn over it.
    await fixture.page.mouse.move(790, 700);
    const selected = await engineCall(() => window.chartKit.DARK_THEME.selectedLine);
    expect(hex(await pixel(150, Math.round(result.y)))).toBe(
      hex([(selected >> 16) & 0xff, (selected >> 8) & 0xff, selected & 0xff]),
    );
  });

  it('draws the revealed zone box after its entrance animation', async () => {
    await mount({ initialBars: 60 });
    const probe = await fixture.page.evaluate(async () => {
      const engine = window.engine;
      if (!engine) throw new Error('no engine');
      const done = engine.showZone({ upper: 103, lower: 102, label: 'Supply zone' });
      await done;
      // In the empty margin right of the last candle: only background and the box are there.
      const x = engine.xOfIndex(engine.candleCount + 0.6);
      return { x, inside: engine.yOfPrice(102.5), above: engine.yOfPrice(103.4) };
    });
    const theme = await engineCall(() => window.chartKit.DARK_THEME);
    const inside = await pixel(probe.x, probe.inside);
    expect(
      closeTo(inside, blend(theme.background, theme.revealedZone, theme.revealedZoneAlpha)),
    ).toBe(true);
    expect(hex(await pixel(probe.x, probe.above))).toBe('#13131f');
  });

  it('reads out the OHLC of the candle under the pointer', async () => {
    await mount({ initialBars: 40 });
    const index = CANDLES.length - 10;
    const candle = CANDLES[index];
    if (!candle) throw new Error('no candle');
    const x = await engineCall((engine) => engine.xOfIndex(engine.candleCount - 10));
    // Away first: a pointer already resting on the target would dispatch no move to wait for.
    await fixture.page.mouse.move(5, 5);
    const moves = fixture.page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const off = window.engine?.on('crosshairmove', (info) => {
            off?.();
            resolve(info);
          });
        }),
    );
    await fixture.page.mouse.move(x + 1, 300);
    const info = (await moves) as { candle: typeof candle; time: number };
    expect(info.candle).toEqual(candle);
    expect(info.time).toBe(candle.time);
    const f = (value: number) => value.toFixed(2);
    expect(await engineCall((engine) => engine.readout)).toBe(
      `O ${f(candle.open)}  H ${f(candle.high)}  L ${f(candle.low)}  C ${f(candle.close)}`,
    );
    await fixture.page.mouse.move(790, 700);
    expect(await engineCall((engine) => engine.readout)).toBe('');
  });

  it('draws pulled lines that cannot be dragged', async () => {
    await mount({ initialBars: 60 });
    const y = await engineCall((engine) => {
      engine.setFixedLines([Math.round(engine.priceAtY(300) * 100) / 100]);
      return Math.round(engine.yOfPrice(engine.priceAtY(300)));
    });
    // Dashed: along one dash period (7 px) some pixels have the pulled-line colour, some not.
    const theme = await engineCall(() => window.chartKit.DARK_THEME);
    await fixture.page.mouse.move(790, 700);
    const along = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((dx) => pixel(100 + dx, y)));
    const pulled = along.filter((color) => closeTo(color, rgbOf(theme.pulledLine), 40));
    expect(pulled.length).toBeGreaterThan(0);
    expect(pulled.length).toBeLessThan(along.length);
    const viewBefore = await engineCall((engine) => engine.viewport);
    const { mouse } = fixture.page;
    await mouse.move(300, y);
    await mouse.down();
    await mouse.move(400, y, { steps: 5 });
    await mouse.up();
    const after = await engineCall((engine) => ({ view: engine.viewport, lines: engine.lines() }));
    expect(after.lines).toEqual([]);
    // The press panned the chart instead of grabbing the pulled line.
    expect(after.view.fromIndex).toBeLessThan(viewBefore.fromIndex);
  });

  it('replays hidden candles one by one and reports the end', async () => {
    await mount({ initialBars: 60 });
    const from = CANDLES[250]?.time ?? 0;
    const hiddenIndex = 255;
    const hiddenCandle = CANDLES[hiddenIndex];
    if (!hiddenCandle) throw new Error('no candle');
    const states = await fixture.page.evaluate(
      async ({ from, hiddenIndex, bodyMiddle }) => {
        const engine = window.engine;
        if (!engine) throw new Error('no engine');
        const seen: string[] = [];
        engine.on('replaychange', (state) => seen.push(`${state.status}:${state.shown}`));
        engine.startReplay({ from, speedMs: 60_000 });
        const bodyPixel = () =>
          window.chartKit.readPixel(
            engine,
            engine.xOfIndex(hiddenIndex),
            engine.yOfPrice(bodyMiddle),
          );
        const hidden = bodyPixel();
        for (let step = 0; step < 10; step++) engine.stepReplay();
        const shown = bodyPixel();
        const ended = new Promise((resolve) => engine.on('replayend', resolve));
        engine.pauseReplay();
        engine.resumeReplay();
        for (let step = 0; step < 100; step++) engine.stepReplay();
        await ended;
        return { seen, hidden, shown, state: engine.replayState };
      },
      { from, hiddenIndex, bodyMiddle: (hiddenCandle.open + hiddenCandle.close) / 2 },
    );
    expect(states.seen[0]).toBe('playing:251');
    expect(hex(states.hidden)).toBe('#13131f');
    expect(hex(states.shown)).toBe(hiddenCandle.close >= hiddenCandle.open ? '#26a69a' : '#ef5350');
    expect(states.seen).toContain('paused:261');
    expect(states.state).toEqual({
      status: 'finished',
      shown: CANDLES.length,
      total: CANDLES.length,
    });
  });

  it('paints the light theme background', async () => {
    await mount({ lightTheme: true });
    // In the empty margin after the last candle, at five heights 10 px apart: grid lines are
    // further apart than that, so at most one probe can land on one.
    const x = await engineCall((engine) => engine.xOfIndex(engine.candleCount + 0.5));
    const colors = await Promise.all([10, 20, 30, 40, 50].map(async (y) => hex(await pixel(x, y))));
    expect(colors.filter((color) => color === '#ffffff').length).toBeGreaterThanOrEqual(4);
  });

  it('recovers from a lost WebGL context', async () => {
    await mount({ initialBars: 40, renderer: 'webgl' });
    const index = CANDLES.length - 5;
    const candle = CANDLES[index];
    if (!candle) throw new Error('no candle');
    const color = await fixture.page.evaluate(
      async ({ index, bodyMiddle }) => {
        const engine = window.engine;
        if (!engine) throw new Error('no engine');
        const canvas = engine.canvas;
        const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
        const extension = gl?.getExtension('WEBGL_lose_context');
        if (!extension) throw new Error('no WEBGL_lose_context');
        const event = (name: string) =>
          new Promise((resolve) => canvas.addEventListener(name, resolve, { once: true }));
        const timeout = (label: string) =>
          new Promise((_, reject) => setTimeout(() => reject(new Error(label)), 5000));
        const lost = event('webglcontextlost');
        extension.loseContext();
        await Promise.race([lost, timeout('no lost event')]);
        // Restoring is allowed only once the lost event's dispatch is over, not in its microtasks.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const restored = event('webglcontextrestored');
        extension.restoreContext();
        await Promise.race([restored, timeout('no restored event')]);
        return window.chartKit.readPixel(
          engine,
          engine.xOfIndex(index),
          engine.yOfPrice(bodyMiddle),
        );
      },
      { index, bodyMiddle: (candle.open + candle.close) / 2 },
    );
    expect(hex(color)).toBe(candle.close >= candle.open ? '#26a69a' : '#ef5350');
  });

  it('writes screenshots of both themes with every layer on (test-output/, for review)', async () => {
    for (const lightTheme of [false, true]) {
      await mount({ lightTheme, initialBars: 90, series: { '5min': CANDLES } });
      await fixture.page.evaluate(
        async (times) => {
          const engine = window.engine;
          if (!engine) throw new Error('no engine');
          engine.addLine(102.5);
          engine.addLine(101.75);
          engine.setFixedLines([97.5]);
          engine.highlightCandles(times);
          await engine.showZone({ upper: 99.5, lower: 98.75, label: 'Demand zone' });
        },
        [CANDLES[240]?.time ?? 0, CANDLES[241]?.time ?? 0],
      );
      await fixture.page.mouse.move(420, 260);
      await fixture.page.screenshot({
        path: `test-output/chart-${lightTheme ? 'light' : 'dark'}.png`,
      });
    }
    await fixture.page.evaluate(() => window.engine?.setTimeframe('1hr', { animate: false }));
    await fixture.page.screenshot({ path: 'test-output/chart-light-1hr.png' });
  });

  it('logged no error', () => {
    expect(fixture.errors).toEqual([]);
  });
});
