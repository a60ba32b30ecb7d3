/** Turns the chart benchmark's raw samples into distributions, a comparison table and targets. */
import { max, median, quantile } from 'd3-array';
import type { LibraryName, ScriptRun } from './chart/protocol.js';

/** One 60 Hz frame: what a frame may take to keep up. */
export const FRAME_BUDGET_MS = 1000 / 60;
/** A frame interval this long means at least one vsync was missed. */
export const LATE_FRAME_MS = FRAME_BUDGET_MS * 1.5;

export interface Distribution {
  median: number;
  p95: number;
  max: number;
}

export interface HeapUsage {
  /** V8's used heap after a forced garbage collection. */
  usedBytes: number;
  /** ArrayBuffer contents (typed arrays live here, outside V8's heap). */
  arrayBufferBytes: number;
  /** Blink's heap (DOM nodes, canvas objects): reported, not in the total. */
  embedderBytes: number;
}

export interface LibraryMeasurement {
  library: LibraryName;
  candles: number;
  renderer: string;
  generateMs: number;
  firstFrameMs: number;
  /** The loaded chart left alone: library rAF callbacks and their time per frame (0 = idle). */
  idleLibraryCallbacksPerFrame: number;
  idleLibraryFrameMs: number;
  /** Heap of the page before any candle existed, for reference. */
  pageBaselineHeap: HeapUsage;
  heapAfterLoad: HeapUsage;
  /**
   * Main-thread JS per step: the call applying it plus the library's frame callbacks. The median
   * over the natural runs of each run's figure (median, p95, max), as frame intervals and late
   * frames are: one run's p95 is its 6th-slowest step, which another process can decide.
   */
  cpuPerFrameMs: Distribution;
  frameIntervalMs: Distribution;
  lateFrames: number;
  /** The same, with a 1-pixel readback after each library frame (a second run of the script). */
  syncedMs: Distribution;
  syncedOverBudget: number;
  idleFrameIntervalMs: Distribution;
  idleLateFrames: number;
  raw: { naturalRuns: ScriptRun[]; synced: ScriptRun; idleFrameIntervalsMs: number[] };
}

export function distribution(values: readonly number[]): Distribution {
  return {
    median: median(values) ?? Number.NaN,
    p95: quantile(values, 0.95) ?? Number.NaN,
    max: max(values) ?? Number.NaN,
  };
}

/** Each figure of several runs' distributions: the median over the runs. */
export function medianOfRuns(runs: readonly Distribution[]): Distribution {
  return {
    median: median(runs.map((run) => run.median)) ?? Number.NaN,
    p95: median(runs.map((run) => run.p95)) ?? Number.NaN,
    max: median(runs.map((run) => run.max)) ?? Number.NaN,
  };
}

export function heapTotalBytes(heap: HeapUsage): number {
  return heap.usedBytes + heap.arrayBufferBytes;
}

const MB = 1024 * 1024;

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '-';
  if (value === 0) return '0';
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function formatRatio(numerator: number, denominator: number): string {
  if (denominator === 0) return numerator === 0 ? '-' : 'inf';
  return formatNumber(numerator / denominator);
}

interface Metric {
  name: string;
  value: (measurement: LibraryMeasurement) => number;
}

const METRICS: Metric[] = [
  { name: 'first frame (ms)', value: (m) => m.firstFrameMs },
  { name: 'CPU per frame, median (ms)', value: (m) => m.cpuPerFrameMs.median },
  { name: 'CPU per frame, p95 (ms)', value: (m) => m.cpuPerFrameMs.p95 },
  { name: 'rAF frame interval, median (ms)', value: (m) => m.frameIntervalMs.median },
  { name: 'rAF frame interval, p95 (ms)', value: (m) => m.frameIntervalMs.p95 },
  { name: `frames over budget (> ${LATE_FRAME_MS.toFixed(0)} ms)`, value: (m) => m.lateFrames },
  { name: 'GPU-synced per step, median (ms)', value: (m) => m.syncedMs.median },
  { name: 'GPU-synced per step, p95 (ms)', value: (m) => m.syncedMs.p95 },
  { name: 'steps synced over 16.7 ms', value: (m) => m.syncedOverBudget },
  { name: 'JS heap after load (MB)', value: (m) => heapTotalBytes(m.heapAfterLoad) / MB },
];

export type Pair = Record<LibraryName, LibraryMeasurement>;

export function comparisonRows(pairs: readonly Pair[]): Record<string, string>[] {
  return pairs.flatMap((pair) =>
    METRICS.map((metric) => {
      const ours = metric.value(pair['chart-kit']);
      const theirs = metric.value(pair['lightweight-charts']);
      return {
        candles: pair['chart-kit'].candles.toLocaleString('en-US'),
        metric: metric.name,
        'chart-kit': formatNumber(ours),
        'lightweight-charts': formatNumber(theirs),
        'chart-kit / lw': formatRatio(ours, theirs),
      };
    }),
  );
}

export interface TargetCheck {
  target: string;
  candles: number;
  chartKit: number;
  lightweight: number;
  met: boolean;
}

const MILLION = 1_000_000;
/** From here up a series is "large": the targets are ratios far below lightweight-charts'. */
const LARGE = 100_000;
/** What a page may load before a chart's first frame (lightweight-charts: about 55 KB). */
export const FIRST_FRAME_SCRIPT_BUDGET_BYTES = 70 * 1024;

/**
 * The chart targets of the "draws at once" issue, checked on whatever counts were measured:
 * at the sizes of a lesson chart, first frame and GPU-synced step no slower than
 * lightweight-charts'; on large series, the earlier large-N targets (CPU p95, first frame, heap).
 */
export function checkTargets(pairs: readonly Pair[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const pair of pairs) {
    const ours = pair['chart-kit'];
    const theirs = pair['lightweight-charts'];
    const candles = ours.candles;
    if (candles < LARGE) {
      checks.push({
        target: 'first frame <= lightweight-charts',
        candles,
        chartKit: ours.firstFrameMs,
        lightweight: theirs.firstFrameMs,
        met: ours.firstFrameMs <= theirs.firstFrameMs,
      });
      checks.push({
        target: 'GPU-synced step, median <= lightweight-charts',
        candles,
        chartKit: ours.syncedMs.median,
        lightweight: theirs.syncedMs.median,
        met: ours.syncedMs.median <= theirs.syncedMs.median,
      });
      continue;
    }
    checks.push({
      target:
        candles >= MILLION
          ? 'first frame <= 1/20 of lightweight-charts'
          : 'first frame <= lightweight-charts',
      candles,
      chartKit: ours.firstFrameMs,
      lightweight: theirs.firstFrameMs,
      met: ours.firstFrameMs * (candles >= MILLION ? 20 : 1) <= theirs.firstFrameMs,
    });
    checks.push({
      target: 'pan/zoom CPU p95 <= 2 ms',
      candles,
      chartKit: ours.cpuPerFrameMs.p95,
      lightweight: theirs.cpuPerFrameMs.p95,
      met: ours.cpuPerFrameMs.p95 <= 2,
    });
    checks.push({
      target: 'pan/zoom CPU p95 <= 1/10 of lightweight-charts',
      candles,
      chartKit: ours.cpuPerFrameMs.p95,
      lightweight: theirs.cpuPerFrameMs.p95,
      met: ours.cpuPerFrameMs.p95 * 10 <= theirs.cpuPerFrameMs.p95,
    });
    const ourHeap = heapTotalBytes(ours.heapAfterLoad);
    const theirHeap = heapTotalBytes(theirs.heapAfterLoad);
    checks.push({
      target: 'JS heap <= 1/4 of lightweight-charts (MB)',
      candles,
      chartKit: ourHeap / MB,
      lightweight: theirHeap / MB,
      met: ourHeap * 4 <= theirHeap,
    });
  }
  return checks;
}

export function targetRows(checks: readonly TargetCheck[]): Record<string, string>[] {
  return checks.map((check) => ({
    target: check.target,
    candles: check.candles.toLocaleString('en-US'),
    'chart-kit': formatNumber(check.chartKit),
    'lightweight-charts': formatNumber(check.lightweight),
    result: check.met ? 'met' : 'NOT MET',
  }));
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
