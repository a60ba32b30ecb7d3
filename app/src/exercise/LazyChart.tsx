import type { ChartProps } from 'chart-kit/react/chart';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/LoadingState.js';

// The chart (chart-kit's engine and pixi.js, most of the app's bytes) is loaded with the first
// page that draws one: login, registration, the hub and pricing never download it.
const Chart = lazy(() =>
  import('chart-kit/react/chart').then((module) => ({ default: module.Chart })),
);

/** chart-kit's <Chart>, loaded on first use; its box keeps its size meanwhile (no layout shift). */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<LoadingState label="Loading the chart" />}>
      <Chart {...props} />
    </Suspense>
  );
}
