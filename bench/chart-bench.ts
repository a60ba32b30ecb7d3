/**
 * `npm run bench:chart`: chart-kit against lightweight-charts in one headless Chromium, on the
 * same seeded candles (1k to 1M) at 800x703 CSS px, each library in a fresh page. Not a test:
 * prints a table with the ratios and the targets, and writes bench/results/chart.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { median } from 'd3-array';
import { build, preview } from 'vite';
import {
  checkTargets,
  FIRST_FRAME_SCRIPT_BUDGET_BYTES,
  comparisonRows,
  distribution,
  FRAME_BUDGET_MS,
  medianOfRuns,
  formatKilobytes,
  type HeapUsage,
  LATE_FRAME_MS,
  type LibraryMeasurement,
  type Pair,
  targetRows,
} from './chart-bench-report.js';
import { CHROMIUM_ARGS, launchChromium } from '../e2e/support/chromium.js';
import { bundleSizes } from './chart-bench-size.js';
import {
  type ChartBenchGlobal,
  LIBRARIES,
  type LibraryName,
  type PageCommandName,
  type PageCommands,
} from './chart/protocol.js';

// Compiled to bench/.build/bench/: three levels below the project root.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const PAGE_CONFIG = join(ROOT, 'bench/chart/vite.config.ts');
/** BENCH_CHART_COUNTS=1000,10000 runs fewer sizes (a quick check); the default is the issue's. */
const CANDLE_COUNTS = (process.env.BENCH_CHART_COUNTS ?? '1000,10000,100000,1000000')
  .split(',')
  .map(Number);
const SEED = 20_240_601;
const VIEWPORT = { width: 800, height: 703 };
/** Where the pointer rests during the run: inside the plot of both charts. */
const CROSSHAIR = { x: 320, y: 300 };
const IDLE_FRAMES = 60;
/**
 * BENCH_CHART_RUNS: natural (unsynced) runs of the script per library and size, default 3. CPU
 * per frame, frame intervals and late frames are the median over the runs.
 */
const NATURAL_RUNS = Math.max(1, Number(process.env.BENCH_CHART_RUNS ?? 3));
/**
 * Software canvas 2D on top of the browser tests' flags: Chromium's GPU canvas 2D on SwiftShader is
 * far slower than its software path, which would be unfair to lightweight-charts. WebGL keeps
 * Chromium's defaults (SwiftShader here).
 */
const EXTRA_CHROMIUM_ARGS = ['--disable-accelerated-2d-canvas'];

function callPage<K extends PageCommandName>(
  page: Page,
  command: K,
  argument: PageCommands[K]['argument'],
): Promise<PageCommands[K]['answer']> {
  return page.evaluate(
    ({ name, value }) => {
      const bench = (globalThis as ChartBenchGlobal).chartBench;
      if (!bench) throw new Error('the benchmark page is not ready');
      return bench[name](value);
    },
    { name: command, value: argument },
  );
}

async function heapUsage(session: CDPSession): Promise<HeapUsage> {
  await session.send('HeapProfiler.collectGarbage');
  const usage = await session.send('Runtime.getHeapUsage');
  return {
    usedBytes: usage.usedSize,
    arrayBufferBytes: usage.backingStorageSize,
    embedderBytes: usage.embedderHeapUsedSize,
  };
}

async function measure(
  browser: Browser,
  url: string,
  library: LibraryName,
  candles: number,
): Promise<LibraryMeasurement> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${url}?library=${library}`);
    await page.waitForFunction(() => (globalThis as ChartBenchGlobal).chartBenchReady === true);
    const session = await context.newCDPSession(page);
    const pageBaselineHeap = await heapUsage(session);
    const prepared = await callPage(page, 'prepare', { candleCount: candles, seed: SEED });
    const idleFrameIntervalsMs = await callPage(page, 'idleFrameIntervals', {
      frames: IDLE_FRAMES,
    });
    const first = await callPage(page, 'firstFrame', { crosshair: CROSSHAIR });
    const heapAfterLoad = await heapUsage(session);
    const info = await callPage(page, 'info', null);
    // A real mouse over the plot: both crosshairs follow it through the run.
    await page.mouse.move(CROSSHAIR.x, CROSSHAIR.y);
    const synced = await callPage(page, 'runScript', { synced: true });
    const naturalRuns = [];
    for (let run = 0; run < NATURAL_RUNS; run++) {
      naturalRuns.push(await callPage(page, 'runScript', { synced: false }));
    }
    if (errors.length > 0) throw new Error(`${library} page errors:\n${errors.join('\n')}`);
    const cpuRuns = naturalRuns.map((natural) =>
      distribution(natural.steps.map((step) => step.applyMs + step.libraryFrameMs)),
    );
    const lateFrameRuns = naturalRuns.map(
      (natural) => natural.frameIntervalsMs.filter((interval) => interval > LATE_FRAME_MS).length,
    );
    const syncedTimes = synced.steps.map(
      (step) => step.applyMs + step.libraryFrameMs + step.readbackMs,
    );
    return {
      library,
      candles,
      renderer: info.libraryRenderer,
      generateMs: prepared.generateMs,
      firstFrameMs: first.firstFrameMs,
      idleLibraryCallbacksPerFrame: first.idleCallbacksPerFrame,
      idleLibraryFrameMs: first.idleFrameMs,
      pageBaselineHeap,
      heapAfterLoad,
      cpuPerFrameMs: medianOfRuns(cpuRuns),
      frameIntervalMs: medianOfRuns(
        naturalRuns.map((natural) => distribution(natural.frameIntervalsMs)),
      ),
      lateFrames: median(lateFrameRuns) ?? Number.NaN,
      syncedMs: distribution(syncedTimes),
      syncedOverBudget: syncedTimes.filter((time) => time > FRAME_BUDGET_MS).length,
      idleFrameIntervalMs: distribution(idleFrameIntervalsMs),
      idleLateFrames: idleFrameIntervalsMs.filter((interval) => interval > LATE_FRAME_MS).length,
      raw: { naturalRuns, synced, idleFrameIntervalsMs },
    };
  } finally {
    await context.close();
  }
}

async function webglRenderer(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${url}?library=chart-kit`);
    await page.waitForFunction(() => (globalThis as ChartBenchGlobal).chartBenchReady === true);
    return (await callPage(page, 'info', null)).webglRenderer;
  } finally {
    await context.close();
  }
}

function printLegend(webgl: string, browserVersion: string): void {
  const software = /swiftshader/i.test(webgl);
  console.log(
    [
      '',
      `Chart benchmark: headless Chromium ${browserVersion}, ${VIEWPORT.width}x${VIEWPORT.height} CSS px, ` +
        `device pixel ratio 1, seed ${SEED}, candles ${CANDLE_COUNTS.join(', ')}.`,
      `WebGL renderer: ${webgl}` +
        (software
          ? ' -> WebGL runs on SwiftShader (software, on the CPU), with Chromium default flags.'
          : ' (not SwiftShader: figures are not comparable with a software run).'),
      'Canvas 2D: software (--disable-accelerated-2d-canvas).',
      'chart-kit: axes, grid, crosshair, two user lines and a revealed zone on. lightweight-charts ' +
        '5: candlestick series, grid, axes, crosshair, two price lines, minBarSpacing 0.0001.',
      'Script: 120 steps of pan/zoom, one view per animation frame, the same index ranges for both; ' +
        `run ${NATURAL_RUNS} times unsynced (CPU per frame, frame intervals and late frames: the ` +
        "median of the runs' figures) and once synced.",
      "CPU per frame: main-thread JS per step = the call applying the view + the library's own " +
        'requestAnimationFrame callbacks (where both draw).',
      'rAF frame interval: deltas of requestAnimationFrame timestamps during that run; over budget ' +
        `= longer than ${LATE_FRAME_MS.toFixed(0)} ms (a missed vsync).`,
      'GPU-synced: a second run with a 1-pixel readback after each library frame (gl.readPixels ' +
        'for WebGL, getImageData on every canvas for 2D): includes rasterising.',
      'First frame: create call -> every layer drawn and read back (GPU-synced).',
      'JS heap: V8 used heap + ArrayBuffer contents after a forced GC, the page holding no candles.',
      `Machine: ${cpus().length} CPUs, load average ${machineLoad()} (SwiftShader shares them: ` +
        'a busy machine inflates the GPU-synced times and frame intervals).',
      '',
    ].join('\n'),
  );
}

/** The 1-minute load average, to judge how much other work competed with the run. */
function machineLoad(): string {
  return (loadavg()[0] ?? 0).toFixed(2);
}

async function main(): Promise<void> {
  console.log('Building the benchmark page and the size bundles...');
  await build({ configFile: PAGE_CONFIG });
  const sizes = await bundleSizes(ROOT);
  for (const size of sizes) {
    console.log(`\nWhat a page loads to draw a ${size.library} chart, by module:`);
    console.table(
      size.loadedByModule.map((entry) => ({
        module: entry.module,
        'minified KB': (entry.minifiedBytes / 1024).toFixed(1),
        'gzipped KB (share)': (entry.gzippedBytes / 1024).toFixed(1),
      })),
    );
  }
  const server = await preview({
    configFile: PAGE_CONFIG,
    preview: { host: '127.0.0.1', port: 0, open: false },
  });
  let browser: Browser | undefined;
  try {
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('the preview server has no URL');
    browser = await launchChromium(EXTRA_CHROMIUM_ARGS);
    const webgl = await webglRenderer(browser, url);
    printLegend(webgl, browser.version());

    const pairs: Pair[] = [];
    for (const candles of CANDLE_COUNTS) {
      const measured: Partial<Pair> = {};
      for (const library of LIBRARIES) {
        console.log(`measuring ${library} with ${candles.toLocaleString('en-US')} candles...`);
        measured[library] = await measure(browser, url, library, candles);
      }
      const chartKit = measured['chart-kit'];
      const lightweight = measured['lightweight-charts'];
      if (chartKit && lightweight)
        pairs.push({ 'chart-kit': chartKit, 'lightweight-charts': lightweight });
    }

    console.log('');
    console.table(comparisonRows(pairs));
    const checks = checkTargets(pairs);
    const chartKitSize = sizes.find((size) => size.library === 'chart-kit');
    if (chartKitSize) {
      checks.push({
        target: 'script loaded before the first frame <= 70 KB gzipped (KB)',
        candles: 0,
        chartKit: chartKitSize.loaded.gzippedBytes / 1024,
        lightweight:
          (sizes.find((size) => size.library === 'lightweight-charts')?.loaded.gzippedBytes ?? 0) /
          1024,
        met: chartKitSize.loaded.gzippedBytes <= FIRST_FRAME_SCRIPT_BUDGET_BYTES,
      });
    }
    console.log('Targets:');
    console.table(targetRows(checks));
    console.log(
      'Bundle size, minified + gzipped (Vite library build): every chunk, and what a page loads ' +
        'before drawing (the entry and its static imports; on-demand chunks left out):',
    );
    console.table(
      sizes.map((size) => ({
        library: size.library,
        chunks: size.chunks.length,
        minified: formatKilobytes(size.minifiedBytes),
        gzipped: formatKilobytes(size.gzippedBytes),
        'loaded, minified': formatKilobytes(size.loaded.minifiedBytes),
        'loaded, gzipped': formatKilobytes(size.loaded.gzippedBytes),
      })),
    );
    const idleLate = pairs.flatMap((pair) =>
      LIBRARIES.map((library) => pair[library].idleLateFrames),
    );
    console.log(
      `Idle page before each chart: ${idleLate.reduce((sum, count) => sum + count, 0)} late ` +
        `frames in ${idleLate.length * IDLE_FRAMES} (machine noise reference); load average ` +
        `at the end ${machineLoad()}.`,
    );

    const resultsDir = join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'chart.json'),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          chromium: browser.version(),
          chromiumArgs: [...CHROMIUM_ARGS, ...EXTRA_CHROMIUM_ARGS],
          cpus: cpus().length,
          loadAverageAtEnd: loadavg(),
          webglRenderer: webgl,
          viewport: VIEWPORT,
          seed: SEED,
          frameBudgetMs: FRAME_BUDGET_MS,
          lateFrameMs: LATE_FRAME_MS,
          bundleSizes: sizes,
          targets: checks,
          results: pairs,
        },
        null,
        2,
      ),
    );
    console.log(`written ${join('bench', 'results', 'chart.json')}`);
  } finally {
    await browser?.close();
    await server.close();
  }
}

await main();
