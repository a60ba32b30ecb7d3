import type { Candle } from '../../src/core/candle.js';
import { type BrowserFixture, openFixture } from './harness.js';

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
