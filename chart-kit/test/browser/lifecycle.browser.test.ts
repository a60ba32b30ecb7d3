import { type BrowserFixture, openFixture } from './harness.js';
import { waveSeries } from './series.js';

const CANDLES = waveSeries(600);
const CYCLES = 100;
/** Heap growth allowed over 100 cycles: far below one leaked chart per cycle. */
const MAX_HEAP_GROWTH_BYTES = 8 * 1024 * 1024;

describe('ChartEngine lifecycle in Chromium', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  /** Mounts and destroys `cycles` charts with every layer in use; returns live counts after. */
  function cycle(cycles: number) {
    return fixture.page.evaluate(
      async ({ candles, cycles }) => {
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        for (let i = 0; i < cycles; i++) {
          const engine = await window.chartKit.ChartEngine.create(container, {
            series: { '5min': candles },
            devicePixelRatio: 1,
            maxLines: 2,
          });
          engine.addLine(100);
          engine.addLine(102);
          engine.setFixedLines([99]);
          engine.highlightCandles([candles[590]?.time ?? 0]);
          void engine.showZone({ upper: 101, lower: 100.5, label: 'Zone' });
          engine.startReplay({ from: candles[580]?.time ?? 0, speedMs: 5 });
          engine.renderNow();
          engine.destroy();
        }
        return {
          canvases: document.querySelectorAll('canvas').length,
          containerChildren: container.childElementCount,
          liveEngines: window.chartKit.liveEngineCount(),
        };
      },
      { candles: CANDLES, cycles },
    );
  }

  async function heapAfterGc(): Promise<number> {
    const session = await fixture.page.context().newCDPSession(fixture.page);
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    await session.detach();
    return usedSize;
  }

  it(`frees everything: ${CYCLES} mount/destroy cycles leave no canvas, engine or heap growth`, async () => {
    // Warm-up: fonts, shaders and module caches are created once per page, not per chart.
    await cycle(5);
    const heapBefore = await heapAfterGc();
    const after = await cycle(CYCLES);
    const heapAfter = await heapAfterGc();
    expect(after).toEqual({ canvases: 0, containerChildren: 0, liveEngines: 0 });
    expect(heapAfter - heapBefore).toBeLessThan(MAX_HEAP_GROWTH_BYTES);
    expect(fixture.errors).toEqual([]);
  });
});

declare global {
  interface Window {
    /** Every WebGL context the page created since the tracker was installed. */
    webglContexts?: (WebGLRenderingContext | WebGL2RenderingContext)[];
  }
}

/** A copy of the candles with one made impossible (a high below its body). */
function withBadCandle(index: number) {
  return CANDLES.map((candle, i) => (i === index ? { ...candle, high: candle.low - 1 } : candle));
}

describe('ChartEngine failures and context loss in Chromium', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
    // Records every WebGL context made on the page, to count those still alive.
    await fixture.page.evaluate(() => {
      // Called with the canvas as `this`, as the browser's own is.
      const original = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'getContext')
        ?.value as (this: HTMLCanvasElement, ...args: unknown[]) => unknown;
      window.webglContexts = [];
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        type: string,
        ...rest: unknown[]
      ) {
        const context = original.call(this, type, ...rest);
        if (context instanceof WebGLRenderingContext || context instanceof WebGL2RenderingContext) {
          if (!window.webglContexts?.includes(context)) window.webglContexts?.push(context);
        }
        return context;
      } as typeof HTMLCanvasElement.prototype.getContext;
    });
  });
  afterAll(async () => {
    await fixture.close();
  });

  const liveContexts = () =>
    fixture.page.evaluate(
      () => (window.webglContexts ?? []).filter((context) => !context.isContextLost()).length,
    );

  it('20 failed mounts (bad data, a GPU failing mid-start) leave 0 live contexts and 0 canvases', async () => {
    expect(await liveContexts()).toBe(0);
    const outcome = await fixture.page.evaluate(
      async ({ bad, candles }) => {
        const container = document.getElementById('chart');
        if (!container) throw new Error('no #chart');
        const errors: { kind: string; message: string; index: number | null }[] = [];
        const tryCreate = async (data: typeof candles, renderer?: 'webgl') => {
          try {
            const engine = await window.chartKit.ChartEngine.create(container, {
              candles: data,
              devicePixelRatio: 1,
              renderer,
            });
            engine.destroy();
            errors.push({ kind: 'none', message: 'started', index: null });
          } catch (error) {
            const chartError = error as { kind: string; message: string; index?: number };
            errors.push({
              kind: chartError.kind,
              message: chartError.message,
              index: chartError.index ?? null,
            });
          }
        };
        for (let i = 0; i < 10; i++) await tryCreate(bad);
        // A GPU that fails once the context exists: every draw call throws.
        const prototypes = [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype];
        // Put back as they were, on the prototypes they came from.
        // eslint-disable-next-line @typescript-eslint/unbound-method -- restored onto its prototype below
        const originals = prototypes.map((proto) => proto.drawElements);
        const contextsBefore = window.webglContexts?.length ?? 0;
        for (const proto of prototypes) {
          proto.drawElements = () => {
            throw new Error('GPU hang (simulated)');
          };
        }
        try {
          for (let i = 0; i < 10; i++) await tryCreate(candles, 'webgl');
        } finally {
          prototypes.forEach((proto, i) => {
            const original = originals[i];
            if (original) proto.drawElements = original;
          });
        }
        return {
          errors,
          contextsMadeByGpuFailures: (window.webglContexts?.length ?? 0) - contextsBefore,
          canvases: document.querySelectorAll('canvas').length,
          containerChildren: container.childElementCount,
          liveEngines: window.chartKit.liveEngineCount(),
        };
      },
      { bad: withBadCandle(42), candles: CANDLES },
    );
    const dataErrors = outcome.errors.slice(0, 10);
    const gpuErrors = outcome.errors.slice(10);
    for (const error of dataErrors) {
      expect(error.kind).toBe('data');
      expect(error.index).toBe(42);
      expect(error.message).toMatch(/^Candle 42 \(time \d+\): high .* is below the body top/);
      expect(error.message).not.toMatch(/webgl/i);
    }
    for (const error of gpuErrors) {
      expect(error).toEqual({
        kind: 'start-failed',
        message: 'The chart could not start: GPU hang (simulated)',
        index: null,
      });
    }
    // The GPU failures did make contexts (so releasing them was tested), and all were lost.
    expect(outcome.contextsMadeByGpuFailures).toBeGreaterThanOrEqual(10);
    expect(await liveContexts()).toBe(0);
    expect(outcome).toMatchObject({ canvases: 0, containerChildren: 0, liveEngines: 0 });
  });

  it('<Chart onError> and useChart().error carry the typed data error; no canvas is left', async () => {
    const result = await fixture.page.evaluate(async (bad) => {
      const element = document.createElement('div');
      document.body.append(element);
      try {
        return await window.chartKit.mountFailingReactChart(element, bad);
      } finally {
        element.remove();
      }
    }, withBadCandle(7));
    expect(result).toMatchObject({ kind: 'data', index: 7, canvases: 0 });
    expect(result.message).toMatch(/^Candle 7 \(time \d+\): high/);
    expect(result.hookError).toBe(`data: ${result.message}`);
    expect(await liveContexts()).toBe(0);
  });

  it('draws without WebGL when it needs none; says WebGL is missing only when asked for it', async () => {
    const result = await fixture.page.evaluate(async (candles) => {
      const container = document.getElementById('chart');
      if (!container) throw new Error('no #chart');
      const descriptor = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'getContext');
      const original = descriptor?.value as (this: HTMLCanvasElement, type: string) => unknown;
      const gpu = Object.getOwnPropertyDescriptor(Navigator.prototype, 'gpu');
      // No WebGL and no WebGPU, as in a browser with both turned off.
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string) {
        return type.includes('webgl') ? null : original.call(this, type);
      } as typeof HTMLCanvasElement.prototype.getContext;
      Object.defineProperty(Navigator.prototype, 'gpu', { value: undefined, configurable: true });
      try {
        // A chart that needs no WebGL draws without it.
        const chart = await window.chartKit.ChartEngine.create(container, {
          candles,
          devicePixelRatio: 1,
        });
        const drewOn = chart.rendererName;
        chart.destroy();
        if (drewOn !== 'canvas2d')
          return { kind: `default drew on ${drewOn}`, message: '', canvases: 0 };
        await window.chartKit.ChartEngine.create(container, {
          candles,
          devicePixelRatio: 1,
          renderer: 'webgl',
        });
        return { kind: 'none', message: '', canvases: 0 };
      } catch (error) {
        const chartError = error as { kind: string; message: string };
        return {
          kind: chartError.kind,
          message: chartError.message,
          canvases: document.querySelectorAll('canvas').length,
        };
      } finally {
        if (descriptor)
          Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', descriptor);
        if (gpu) Object.defineProperty(Navigator.prototype, 'gpu', gpu);
        else Reflect.deleteProperty(Navigator.prototype, 'gpu');
      }
    }, CANDLES);
    expect(result).toEqual({
      kind: 'webgl-unavailable',
      message:
        'This browser has WebGL turned off or does not support it, so the chart cannot draw.',
      canvases: 0,
    });
  });

  it('tells the page when its context is lost and restored, and draws again', async () => {
    const result = await fixture.page.evaluate(async (candles) => {
      const container = document.getElementById('chart');
      if (!container) throw new Error('no #chart');
      const engine = await window.chartKit.ChartEngine.create(container, {
        candles,
        devicePixelRatio: 1,
        initialBars: 60,
        renderer: 'webgl',
      });
      const events: string[] = [];
      engine.on('contextlost', () => events.push('contextlost'));
      engine.on('contextrestored', () => events.push('contextrestored'));
      // The whole picture, read back right after drawing.
      const sample = () => {
        const pixels = window.chartKit.pictureOf(engine);
        return { picture: pixels.join(','), colours: new Set(pixels).size };
      };
      const before = sample();
      const gl = engine.canvas.getContext('webgl2') ?? engine.canvas.getContext('webgl');
      const lose = gl?.getExtension('WEBGL_lose_context');
      if (!lose) throw new Error('no WEBGL_lose_context');
      const waitFor = (name: 'contextlost' | 'contextrestored') =>
        new Promise<void>((resolve) => {
          const off = engine.on(name, () => {
            off();
            resolve();
          });
        });
      const lost = waitFor('contextlost');
      lose.loseContext();
      await lost;
      const lostFlag = engine.isContextLost;
      // Changes while the context is away are drawn once it is back.
      engine.pan(40);
      engine.pan(-40);
      const restored = waitFor('contextrestored');
      // The browser allows a restore only once the lost event's dispatch has finished.
      await new Promise((resolve) => setTimeout(resolve, 0));
      lose.restoreContext();
      await restored;
      const after = sample();
      const restoredFlag = engine.isContextLost;
      engine.destroy();
      return {
        events,
        lostFlag,
        restoredFlag,
        same: before.picture === after.picture,
        // Candles, grid, axes and text: many colours, not a blank canvas.
        drew: before.colours > 10,
      };
    }, CANDLES);
    expect(result).toEqual({
      events: ['contextlost', 'contextrestored'],
      lostFlag: true,
      restoredFlag: false,
      same: true,
      drew: true,
    });
    expect(await liveContexts()).toBe(0);
    expect(fixture.errors).toEqual([]);
  });

  it('hands a large series to WebGL without a jump, and falls back to Canvas 2D when it is lost', async () => {
    const result = await fixture.page.evaluate(async (length) => {
      const container = document.getElementById('chart');
      if (!container) throw new Error('no #chart');
      const start = 1_700_000_400 - (1_700_000_400 % 3600);
      const candles = Array.from({ length }, (_, i) => {
        const open = 100 + 4 * Math.sin(i / 24);
        const close = open + (i % 3 === 0 ? -0.6 : 0.6);
        return {
          time: start + i * 300,
          open,
          close,
          high: Math.max(open, close) + 0.25,
          low: Math.min(open, close) - 0.25,
        };
      });
      const engine = await window.chartKit.ChartEngine.create(container, {
        candles,
        devicePixelRatio: 1,
        initialBars: 60,
      });
      const firstFrameOn = engine.rendererName;
      const sample = () => window.chartKit.pictureOf(engine);
      // Pixels that differ between two pictures (anti-aliased text may differ by renderer).
      const differing = (a: Uint32Array, b: Uint32Array) =>
        a.reduce((count, value, i) => count + (value === b[i] ? 0 : 1), 0) / a.length;
      const events: string[] = [];
      engine.on('rendererchange', (kind) => events.push(`rendererchange:${kind}`));
      engine.on('contextlost', () => events.push('contextlost'));
      const waitFor = (kind: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no rendererchange to ${kind}`)), 20_000);
          const off = engine.on('rendererchange', (now) => {
            if (now !== kind) return;
            clearTimeout(timer);
            off();
            resolve();
          });
        });
      engine.canvas.focus();
      const onCanvas2D = sample();
      await waitFor('webgl');
      const onWebGL = sample();
      const webglCanvas = engine.canvas;
      const kept = {
        focused: document.activeElement === webglCanvas,
        role: webglCanvas.getAttribute('role'),
        label: webglCanvas.getAttribute('aria-label'),
        canvases: container.querySelectorAll('canvas').length,
      };
      const gl = webglCanvas.getContext('webgl2') ?? webglCanvas.getContext('webgl');
      const lose = gl?.getExtension('WEBGL_lose_context');
      if (!lose) throw new Error('no WEBGL_lose_context');
      const backOn2D = waitFor('canvas2d');
      lose.loseContext();
      await backOn2D;
      const afterLoss = sample();
      // Still interactive: a line placed from the keyboard path is drawn.
      engine.addLine(101);
      const name = engine.rendererName;
      engine.destroy();
      return {
        firstFrameOn,
        events,
        kept,
        name,
        webglVersusCanvas2D: differing(onCanvas2D, onWebGL) < 0.02,
        canvas2DAfterLoss: differing(onCanvas2D, afterLoss) === 0,
        canvases: container.querySelectorAll('canvas').length,
      };
    }, 150_000);
    expect(result).toEqual({
      firstFrameOn: 'canvas2d',
      events: ['rendererchange:webgl', 'contextlost', 'rendererchange:canvas2d'],
      kept: { focused: true, role: 'application', label: 'Candlestick chart', canvases: 1 },
      name: 'canvas2d',
      webglVersusCanvas2D: true,
      canvas2DAfterLoss: true,
      canvases: 0,
    });
    expect(await liveContexts()).toBe(0);
    expect(fixture.errors).toEqual([]);
  });
});

describe('a Chromium started with WebGL disabled', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture(undefined, { launchArgs: ['--disable-webgl'] });
  });
  afterAll(async () => {
    await fixture.close();
  });

  it("draws on Canvas 2D by default; rejects 'webgl' with 'webgl-unavailable', leaving no canvas", async () => {
    const drawn = await fixture.page.evaluate(async (candles) => {
      const container = document.getElementById('chart');
      if (!container) throw new Error('no #chart');
      const engine = await window.chartKit.ChartEngine.create(container, { candles });
      const line = engine.addLine(101);
      const name = engine.rendererName;
      engine.destroy();
      return { name, line: line?.price };
    }, CANDLES);
    expect(drawn).toEqual({ name: 'canvas2d', line: 101 });
    const result = await fixture.page.evaluate(async (candles) => {
      const container = document.getElementById('chart');
      if (!container) throw new Error('no #chart');
      try {
        const engine = await window.chartKit.ChartEngine.create(container, {
          candles,
          renderer: 'webgl',
        });
        const name = engine.rendererName;
        engine.destroy();
        return { kind: `started on ${name}`, canvases: 0 };
      } catch (error) {
        return {
          kind: (error as { kind: string }).kind,
          canvases: document.querySelectorAll('canvas').length,
        };
      }
    }, CANDLES);
    expect(result).toEqual({ kind: 'webgl-unavailable', canvases: 0 });
  });
});
