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
          engine.setPulledLines([99]);
          engine.highlightCandles([candles[590]?.time ?? 0]);
          void engine.revealZone({ upper: 101, lower: 100.5, label: 'Zone' });
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
