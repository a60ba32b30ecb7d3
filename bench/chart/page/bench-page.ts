import type { Candle } from '@chart-kit/core';
import { simulateMarket } from '@course/rules';
import type { ChartBenchPage, FirstFrame, IndexRange, ScriptRun, StepSample } from '../protocol.js';
import type { ChartAdapter, Scene } from './adapter.js';
import {
  libraryCallbackCount,
  nextFrame,
  requestBenchFrame,
  takeLibraryFrameMs,
} from './frame-probe.js';
import { INITIAL_BARS, initialRange, panZoomScript } from './pan-zoom-script.js';

/**
 * Library frame work below this is bookkeeping, not drawing: pixi's shared ticker runs a callback
 * every frame even when chart-kit has nothing to draw.
 */
const DRAWING_FRAME_MS = 1;
/** A library counts as idle after this many frames in a row without drawing. */
const QUIET_FRAMES = 3;
/** Frames watched on the loaded, untouched chart. */
const IDLE_WATCH_FRAMES = 30;
/** Monday 2 January 2023: any weekday works, the same for both libraries. */
const FIRST_SESSION_DAY = 19_359;

function sceneFor(candles: readonly Candle[], crosshair: { x: number; y: number }): Scene {
  const recent = candles.slice(-INITIAL_BARS);
  const low = Math.min(...recent.map((candle) => candle.low));
  const high = Math.max(...recent.map((candle) => candle.high));
  const span = high - low || 1;
  const middle = candles[Math.max(0, candles.length - INITIAL_BARS / 2)];
  return {
    initialRange: initialRange(candles.length),
    linePrices: [low + span * 0.35, low + span * 0.65],
    zone: { lower: low + span * 0.05, upper: low + span * 0.2 },
    crosshair,
    crosshairPrice: low + span / 2,
    crosshairTime: middle?.time ?? 0,
  };
}

function webglRenderer(): string {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'no WebGL2';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return String(name);
}

/**
 * Waits until the library has not drawn for QUIET_FRAMES frames, reading a pixel back after each
 * frame it drew in. Resolves with performance.now() after the last such readback (undefined if
 * it drew nothing).
 */
async function untilLibraryIdle(adapter: ChartAdapter): Promise<number | undefined> {
  let lastDrawn: number | undefined;
  let quiet = 0;
  takeLibraryFrameMs();
  while (quiet < QUIET_FRAMES) {
    await nextFrame();
    if (takeLibraryFrameMs() >= DRAWING_FRAME_MS) {
      adapter.readback();
      lastDrawn = performance.now();
      quiet = 0;
    } else {
      quiet++;
    }
  }
  return lastDrawn;
}

/**
 * Applies one view per frame from the benchmark's own rAF loop. A library asked to show a view
 * queues its drawing for its next animation frame, which runs just before the benchmark's next
 * callback: each step's cost is the call plus the library frame that follows it, and a synced
 * run reads a pixel back at the start of that callback.
 */
function runViews(
  adapter: ChartAdapter,
  views: readonly IndexRange[],
  synced: boolean,
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const steps: StepSample[] = [];
    const frameIntervalsMs: number[] = [];
    let applyMs: number | undefined;
    let previousFrame: number | undefined;
    let next = 0;
    const tick = (now: number) => {
      if (previousFrame !== undefined) frameIntervalsMs.push(now - previousFrame);
      previousFrame = now;
      if (applyMs !== undefined) {
        const libraryFrameMs = takeLibraryFrameMs();
        const readStart = performance.now();
        if (synced) adapter.readback();
        steps.push({ applyMs, libraryFrameMs, readbackMs: performance.now() - readStart });
      }
      const view = views[next];
      if (!view) {
        resolve({ steps, frameIntervalsMs });
        return;
      }
      takeLibraryFrameMs();
      const start = performance.now();
      adapter.show(view);
      applyMs = performance.now() - start;
      next++;
      requestBenchFrame(tick);
    };
    requestBenchFrame(tick);
  });
}

/** The page side of the benchmark: one library, one series, driven by the runner. */
export function createBenchPage(adapter: ChartAdapter, container: HTMLElement): ChartBenchPage {
  let candles: Candle[] | undefined;
  let candleCount = 0;
  return {
    prepare({ candleCount: count, seed }) {
      const start = performance.now();
      candles = simulateMarket(
        { seed, startPrice: 100, firstSessionDay: FIRST_SESSION_DAY, averageVolume: 0 },
        count,
      );
      candleCount = count;
      return Promise.resolve({ candleCount: count, generateMs: performance.now() - start });
    },

    async idleFrameIntervals({ frames }) {
      const intervals: number[] = [];
      let previous = await nextFrame();
      for (let frame = 0; frame < frames; frame++) {
        const now = await nextFrame();
        intervals.push(now - previous);
        previous = now;
      }
      return intervals;
    },

    async firstFrame({ crosshair }): Promise<FirstFrame> {
      if (!candles) throw new Error('prepare the series first');
      const scene = sceneFor(candles, crosshair);
      const callbacksBefore = libraryCallbackCount();
      const start = performance.now();
      await adapter.create(container, candles, scene);
      // Whatever the library drew synchronously, synced to the GPU or rasteriser.
      adapter.readback();
      const drawnInCreate = performance.now();
      // The page lets go of the candles: the heap measured next holds only what the library kept.
      candles = undefined;
      const drawnInFrames = await untilLibraryIdle(adapter);
      const libraryFrames = libraryCallbackCount() - callbacksBefore;
      await adapter.settle?.();
      const idleCallbacksBefore = libraryCallbackCount();
      takeLibraryFrameMs();
      for (let frame = 0; frame < IDLE_WATCH_FRAMES; frame++) await nextFrame();
      return {
        firstFrameMs: Math.max(drawnInCreate, drawnInFrames ?? 0) - start,
        libraryFrames,
        idleCallbacksPerFrame: (libraryCallbackCount() - idleCallbacksBefore) / IDLE_WATCH_FRAMES,
        idleFrameMs: takeLibraryFrameMs() / IDLE_WATCH_FRAMES,
      };
    },

    async runScript({ synced }) {
      await untilLibraryIdle(adapter);
      const run = await runViews(adapter, panZoomScript(candleCount), synced);
      // Back to the opening view, so the next run starts from the same place.
      adapter.show(initialRange(candleCount));
      await untilLibraryIdle(adapter);
      return run;
    },

    info: () =>
      Promise.resolve({ webglRenderer: webglRenderer(), libraryRenderer: adapter.renderer }),
  };
}
