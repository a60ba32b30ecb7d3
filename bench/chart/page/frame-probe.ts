/**
 * Wraps `window.requestAnimationFrame` before any library loads, so the time every library spends
 * in its own animation-frame callbacks (where both libraries draw) is measured the same way. The
 * benchmark's own frames use the native function and are not counted.
 */

const nativeRequestFrame = window.requestAnimationFrame.bind(window);

let libraryMs = 0;
let libraryCallbacks = 0;

window.requestAnimationFrame = (callback) =>
  nativeRequestFrame((now) => {
    const start = performance.now();
    try {
      callback(now);
    } finally {
      libraryMs += performance.now() - start;
      libraryCallbacks++;
    }
  });

/**
 * The next frame of the benchmark itself. Callbacks run in the order they were queued, and a
 * library queues its frame while handling a call made from the benchmark's previous frame, so the
 * benchmark's callback runs after the library's in the same frame.
 */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => nativeRequestFrame(resolve));
}

export function requestBenchFrame(callback: (now: number) => void): void {
  nativeRequestFrame(callback);
}

/** Library frame time since the last call, then starts counting again. */
export function takeLibraryFrameMs(): number {
  const taken = libraryMs;
  libraryMs = 0;
  return taken;
}

export function libraryCallbackCount(): number {
  return libraryCallbacks;
}
