import type { ChartProps } from 'chart-kit/react/chart';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingState } from '../components/LoadingState.js';

// The chart (chart-kit's engine and pixi.js, most of the app's bytes) is loaded with the first
// page that draws one: login, registration, the hub and pricing never download it.
const Chart = lazy(() =>
  import('chart-kit/react/chart').then((module) => ({ default: module.Chart })),
);

/** The share of the chart's box that must be on screen before it loads without a scroll. */
const VISIBLE_SHARE = 0.1;

/**
 * True once a tenth of `element` is on screen or the reader scrolls (at once where the browser
 * has no IntersectionObserver). On a phone the landing demo starts just below the fold: a
 * visitor who reads the headline and goes to register never downloads or starts the chart, and
 * one who scrolls starts loading it with the first scroll, before it is in view.
 */
function useNearViewport(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const load = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= VISIBLE_SHARE)) load();
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(element);
    window.addEventListener('scroll', load, { once: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', load);
    };
  }, [element, near]);
  return near;
}

/** chart-kit's <Chart>, loaded when it comes into view; its box keeps its size meanwhile. */
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
