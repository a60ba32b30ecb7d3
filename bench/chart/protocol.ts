/**
 * What the benchmark page exposes to the runner (`globalThis.chartBench`) and what it answers.
 * Plain data only: every answer crosses the DevTools protocol as JSON.
 */

export const LIBRARIES = ['chart-kit', 'lightweight-charts'] as const;
export type LibraryName = (typeof LIBRARIES)[number];

/** A visible range in candle indices (candle i is centred on i), the same for both libraries. */
export interface IndexRange {
  from: number;
  to: number;
}

export interface PreparedSeries {
  candleCount: number;
  /** Time the page spent simulating the candles (not part of any library's figures). */
  generateMs: number;
}

export interface FirstFrame {
  /** From the create call until the first frame with every layer is drawn and read back. */
  firstFrameMs: number;
  /** Animation-frame callbacks the library ran before it went idle. */
  libraryFrames: number;
  /** Library animation-frame callbacks per frame once loaded and left alone (0 = truly idle). */
  idleCallbacksPerFrame: number;
  /** Library time per frame once loaded and left alone, in ms. */
  idleFrameMs: number;
}

/** One step of the scripted pan/zoom. */
export interface StepSample {
  /** The synchronous call that applies the step (setViewport / setVisibleLogicalRange). */
  applyMs: number;
  /** The library's own requestAnimationFrame callbacks drawing the step. */
  libraryFrameMs: number;
  /** A 1-pixel readback after the library's frame (synced runs only): waits for the raster. */
  readbackMs: number;
}

export interface ScriptRun {
  steps: StepSample[];
  /** Deltas between consecutive requestAnimationFrame timestamps while the script ran. */
  frameIntervalsMs: number[];
}

export interface PageInfo {
  /** The WebGL renderer string Chromium reports (SwiftShader when software). */
  webglRenderer: string;
  /** What the library says it renders with. */
  libraryRenderer: string;
}

/** Commands the runner sends to the page: argument and answer of each. */
export interface PageCommands {
  prepare: { argument: { candleCount: number; seed: number }; answer: PreparedSeries };
  idleFrameIntervals: { argument: { frames: number }; answer: number[] };
  firstFrame: { argument: { crosshair: { x: number; y: number } }; answer: FirstFrame };
  runScript: { argument: { synced: boolean }; answer: ScriptRun };
  info: { argument: null; answer: PageInfo };
}

export type PageCommandName = keyof PageCommands;

export type ChartBenchPage = {
  [K in PageCommandName]: (
    argument: PageCommands[K]['argument'],
  ) => Promise<PageCommands[K]['answer']>;
};

export interface ChartBenchGlobal {
  chartBench?: ChartBenchPage;
  /** Set once the page's library is loaded and `chartBench` is usable. */
  chartBenchReady?: boolean;
}
