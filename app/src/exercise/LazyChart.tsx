import type { ChartProps } from 'chart-kit/react/chart';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/LoadingState.js';
import { loadChartModule } from './chart-module.js';

// The chart (chart-kit's engine and pixi.js, most of the app's bytes) is loaded with the first
// page that draws one: login, registration, the hub and pricing never download it.
const Chart = lazy(() => loadChartModule().then((module) => ({ default: module.Chart })));

interface LazyChartProps extends ChartProps {
  /**
   * The chart's box has been seen (see useSeen): until then a chart below a page's fold that a
   * visitor may never reach is not started. Default true.
   */
  seen?: boolean;
}

/** chart-kit's <Chart>, its code loaded on first use (or once seen); its box keeps its size. */
export function LazyChart({ seen = true, ...props }: LazyChartProps) {
  const fallback = <LoadingState label="Loading the chart" />;
  if (!seen) return <div className="lazy-chart__placeholder">{fallback}</div>;
  return (
    <Suspense fallback={fallback}>
      <Chart {...props} />
    </Suspense>
  );
}
