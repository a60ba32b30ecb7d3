import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Candle } from '../core/candle.js';
import { ChartEngine, type ChartOptions } from '../engine/chart-engine.js';

export interface UseChartResult {
  /** Attach to the element the chart should fill (it needs a width and height). */
  containerRef: RefObject<HTMLDivElement | null>;
  /** The engine once the first frame is drawn; undefined before and after unmount. */
  engine: ChartEngine | undefined;
  /** Set when WebGL could not start, with the browser's reason. */
  error: Error | undefined;
}

/**
 * Creates a chart in the referenced element and destroys it on unmount. Safe under React 19
 * StrictMode: a mount that is torn down before pixi.js finishes starting destroys its engine as
 * soon as it exists, so no canvas or GPU context is left behind.
 */
export function useChart(
  options: Omit<ChartOptions, 'candles'> & { candles?: readonly Candle[] } = {},
): UseChartResult {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [engine, setEngine] = useState<ChartEngine>();
  const [error, setError] = useState<Error>();
  // Creation options are read once per mount; later candle changes go through setCandles.
  const initialOptions = useRef(options);
  const { candles } = options;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let created: ChartEngine | undefined;
    ChartEngine.create(container, initialOptions.current).then(
      (instance) => {
        if (cancelled) {
          instance.destroy();
          return;
        }
        created = instance;
        setEngine(instance);
      },
      (reason: unknown) => {
        if (!cancelled) setError(reason instanceof Error ? reason : new Error(String(reason)));
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
      setEngine(undefined);
    };
  }, []);

  useEffect(() => {
    if (engine && candles && candles !== initialOptions.current.candles) engine.setCandles(candles);
  }, [engine, candles]);

  return { containerRef, engine, error };
}
