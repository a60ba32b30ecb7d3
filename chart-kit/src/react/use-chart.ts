import { useEffect, useRef, useState, type RefObject } from 'react';
import { ChartEngine, type ChartOptions, type TimeframeSeries } from '../engine/chart-engine.js';

/**
 * Options read when the chart is created. Later changes to `candles`, `series`, `homeViews`,
 * `homeView`, `theme`, `magnet` and `maxLines` are applied to the live chart; the others need a
 * remount (change the component's `key`).
 */
export type UseChartOptions = ChartOptions;

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
export function useChart(options: UseChartOptions = {}): UseChartResult {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [engine, setEngine] = useState<ChartEngine>();
  const [error, setError] = useState<Error>();
  // Creation options are read once per mount; later data and theme changes go through the engine.
  const initialOptions = useRef(options);
  const { candles, series, theme, magnet, maxLines, homeViews, homeView } = options;
  // Home views compared by value: an object literal written inline is new on every render.
  const homeKey = JSON.stringify([homeViews ?? null, homeView ?? null]);

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

  // Compared by the candle arrays, not the wrapping object, so `series={{ '5min': candles }}`
  // written inline does not reload the chart on every render.
  const fine = series?.['5min'];
  const coarse = series?.['1hr'];
  const hasSeries = series !== undefined;

  // The latest home views, for the data effects below (effects run in order, this one first).
  const latestHomes = useRef({ homeViews, homeView });
  useEffect(() => {
    latestHomes.current = { homeViews, homeView };
  });

  useEffect(() => {
    if (!engine || hasSeries) return;
    if (candles && candles !== initialOptions.current.candles) {
      engine.setCandles(candles, { homeView: latestHomes.current.homeView });
    }
  }, [engine, candles, hasSeries]);

  useEffect(() => {
    const initial = initialOptions.current.series;
    if (!engine || !hasSeries) return;
    if (fine === initial?.['5min'] && coarse === initial?.['1hr']) return;
    const next: TimeframeSeries = {};
    if (fine) next['5min'] = fine;
    if (coarse) next['1hr'] = coarse;
    engine.setSeries(next, undefined, { homeViews: latestHomes.current.homeViews ?? {} });
  }, [engine, fine, coarse, hasSeries]);

  useEffect(() => {
    if (!engine) return;
    const initial = initialOptions.current;
    if (homeKey === JSON.stringify([initial.homeViews ?? null, initial.homeView ?? null])) return;
    const { homeViews: views, homeView: single } = latestHomes.current;
    engine.setHomeViews(views ?? {}, single);
  }, [engine, homeKey]);

  useEffect(() => {
    if (engine && magnet !== undefined) engine.setMagnet(magnet);
  }, [engine, magnet]);

  useEffect(() => {
    if (engine && maxLines !== undefined) engine.setMaxLines(maxLines);
  }, [engine, maxLines]);

  useEffect(() => {
    if (engine && theme && theme !== initialOptions.current.theme) engine.setTheme(theme);
  }, [engine, theme]);

  return { containerRef, engine, error };
}
