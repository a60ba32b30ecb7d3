import type { Chart } from 'chart-kit/react/chart';

interface ChartModule {
  Chart: typeof Chart;
}

let loading: Promise<ChartModule> | undefined;

/**
 * chart-kit's <Chart> module (the engine and its Canvas 2D painter, most of the app's bytes),
 * fetched once. The chart's box asks for it as soon as it is seen, while the chart's data is still
 * on its way, so the two downloads run side by side instead of one after the other.
 */
export function loadChartModule(): Promise<ChartModule> {
  loading ??= import('chart-kit/react/chart').catch((error: unknown) => {
    // A failed download (a deploy replaced the chunk, the network dropped) may be tried again.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts the download early; a failure shows where the chart renders (its error boundary). */
export function preloadChartModule(): void {
  loadChartModule().catch(() => undefined);
}
