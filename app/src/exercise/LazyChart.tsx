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
 * has no IntersectionObserver, or when `enabled` is false). A visitor who reads the landing
 * page's headline and goes to register never downloads or starts its demo chart; one who scrolls
 * starts loading it with the first scroll, before it is in view.
 */
function useSeen(element: HTMLElement | null, enabled: boolean): boolean {
  const [seen, setSeen] = useState(() => !enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !element) return;
    const load = () => setSeen(true);
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
  }, [element, seen]);
  return seen;
}

interface LazyChartProps extends ChartProps {
  /** Wait until the chart is seen (a chart below the fold that a visitor may never reach). */
  loadWhenSeen?: boolean;
}

/**
 * chart-kit's <Chart>, its code loaded on first use (or once seen, with `loadWhenSeen`); its box
 * keeps its size meanwhile.
 */
export function LazyChart({ loadWhenSeen = false, ...props }: LazyChartProps) {
  const [placeholder, setPlaceholder] = useState<HTMLDivElement | null>(null);
  const seen = useSeen(placeholder, loadWhenSeen);
  const fallback = <LoadingState label="Loading the chart" />;
  if (!seen) {
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
