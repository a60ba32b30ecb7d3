import type { Candle } from '@chart-kit/core';
import { type BrowserFixture, openFixture } from './harness.js';
import { waveSeries } from './series.js';

const SERIES: Candle[] = Array.from({ length: 30 }, (_, i) => ({
  time: 1_700_000_000 + i * 300,
  open: 100 + i,
  close: 101 + i,
  high: 102 + i,
  low: 99 + i,
}));

describe('<Chart> under React 19 StrictMode', () => {
  let fixture: BrowserFixture;

  beforeAll(async () => {
    fixture = await openFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('leaves exactly one canvas after the double mount, labelled, and none after unmount', async () => {
    const result = await fixture.page.evaluate(async (candles) => {
      const host = document.createElement('div');
      document.body.appendChild(host);
      const counts: number[] = [];
      // Mount and unmount repeatedly: no canvas (and no WebGL context) may be left behind.
      for (let cycle = 0; cycle < 20; cycle++) {
        const chart = await window.chartKit.mountReactChart(host, candles);
        counts.push(host.querySelectorAll('canvas').length);
        chart.unmount();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const chart = await window.chartKit.mountReactChart(host, candles);
      const label = host.querySelector('canvas')?.getAttribute('aria-label');
      chart.unmount();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { counts, label, afterUnmount: host.querySelectorAll('canvas').length };
    }, SERIES);
    expect(new Set(result.counts)).toEqual(new Set([1]));
    expect(result.label).toBe('Test chart');
    expect(result.afterUnmount).toBe(0);
    expect(fixture.errors).toEqual([]);
  });
});

describe('chart-kit/react hooks under StrictMode', () => {
  let fixture: BrowserFixture;
  const candles = waveSeries(288);

  beforeAll(async () => {
    fixture = await openFixture();
    await fixture.page.evaluate((series) => {
      const host = document.createElement('div');
      document.body.appendChild(host);
      window.hooksProbe = window.chartKit.mountHooksProbe(host, series);
    }, candles);
  });
  afterAll(async () => {
    await fixture.close();
  });

  async function probe(): Promise<Record<string, unknown>> {
    const text = await fixture.page.textContent('#hooks');
    return JSON.parse(text ?? '{}') as Record<string, unknown>;
  }

  /** Waits until the rendered hook state passes `check` (run in the page), then returns it. */
  async function until(check: (state: Record<string, unknown>) => boolean) {
    await fixture.page.waitForFunction(
      `(${check.toString()})(JSON.parse(document.getElementById('hooks')?.textContent ?? '{}'))`,
      undefined,
      { timeout: 10_000 },
    );
    return probe();
  }

  it('reflects lines, the zone, the tool, the timeframe and the replay', async () => {
    const ready = await until((state) => state.ready === true);
    expect(ready).toMatchObject({ lines: [], zone: null, tool: 'none', timeframe: '5min' });
    expect(ready.timeframes).toEqual(['5min', '1hr']);

    await fixture.page.evaluate(() => {
      window.hooksEngine?.setTool('line');
      window.hooksEngine?.addLine(101);
    });
    expect(await until((state) => state.tool === 'line')).toMatchObject({ lines: [101] });

    await fixture.page.evaluate(() => window.hooksEngine?.addLine(99.5));
    // The second line fills maxLines (2): the zone is complete and the tool turns off.
    expect(await until((state) => state.zone !== null)).toMatchObject({
      lines: [101, 99.5],
      zone: { upper: 101, lower: 99.5 },
      tool: 'none',
    });

    await fixture.page.evaluate(() => window.hooksEngine?.setTimeframe('1hr'));
    expect(await until((state) => state.timeframe === '1hr')).toMatchObject({
      lines: [101, 99.5],
    });

    await fixture.page.evaluate(() => {
      window.hooksEngine?.startReplay({ from: 0, speedMs: 60_000 });
    });
    expect((await until((state) => state.replay === 'playing')).replay).toBe('playing');
  });

  it('unmounts without leaving a canvas or an engine behind', async () => {
    const result = await fixture.page.evaluate(async () => {
      window.hooksProbe?.unmount();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return {
        canvases: document.querySelectorAll('canvas').length,
        engines: window.chartKit.liveEngineCount(),
      };
    });
    expect(result).toEqual({ canvases: 0, engines: 0 });
    expect(fixture.errors).toEqual([]);
  });
});
