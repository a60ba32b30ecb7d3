import type { ChartProps } from 'chart-kit/react/chart';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingState } from '../components/LoadingState.js';

// The chart (chart-kit's engine and pixi.js, most of the app's bytes) is loaded with the first
// page that draws one: login, registration, the hub and pricing never download it.
const Chart = lazy(() =>
  import('chart-kit/react/chart').then((module) => ({ default: module.Chart })),
);

/** How far outside the viewport a chart starts loading: about a screen's scroll ahead. */
const LOAD_AHEAD = '600px 0px';

/**
 * True once `element` is within LOAD_AHEAD of the viewport (at once where the browser has no
 * IntersectionObserver). The landing page's demo sits below the fold on a phone: a visitor who
 * never scrolls to it never downloads or starts the chart.
 */
function useNearViewport(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/** chart-kit's <Chart>, loaded when it nears the viewport; its box keeps its size meanwhile. */
export function LazyChart(props: ChartProps) {
  const [placeholder, setPlaceholder] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(placeholder);
  const fallback = <LoadingState label="Loading the chart" />;
  if (!near) {
    return (
      <div ref={setPlaceholder} className="lazy-chart__placeholder">
        {fallback}
      </div>
    );
  }
  return (
    <Suspense fallback={fallback}>
      <Chart {...props} />
    </Suspense>
  );
}
