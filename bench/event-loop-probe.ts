/**
 * Loaded into an API process with `--import` by bench:catalogue: the process's own event-loop
 * delay, read over the IPC channel ('reset' starts a window, 'read' answers its figures in ms).
 * The histogram counts each sample's whole interval; what is late is the part beyond it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

const lateMs = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);

process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    process.send?.({ reset: true });
  } else if (message === 'read') {
    process.send?.({
      p50: lateMs(histogram.percentile(50)),
      p99: lateMs(histogram.percentile(99)),
      max: lateMs(histogram.max),
      mean: lateMs(histogram.mean),
      samples: histogram.count,
    });
  }
});
// The probe never keeps the API running.
process.channel?.unref();
