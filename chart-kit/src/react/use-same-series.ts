import { useState } from 'react';
import type { TimeframeSeries } from '../model/series-set.js';

/**
 * `series`, or the one of an earlier render when it holds the same candle arrays under the same
 * timeframes: `series={{ '5min': candles }}` written inline is a new object on every render, and
 * must not reload the chart each time.
 */
export function useSameSeries(series: TimeframeSeries | undefined): TimeframeSeries | undefined {
  const [kept, setKept] = useState(series);
  if (kept === series || sameArrays(kept, series)) return kept;
  // React's pattern for state derived from props: replaced during render, before any effect.
  setKept(series);
  return series;
}

function sameArrays(a: TimeframeSeries | undefined, b: TimeframeSeries | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a) as (keyof TimeframeSeries)[];
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key])
  );
}
