import {
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { SessionOptions, Timeframe } from '@chart-kit/core';
import { ChartEngine, type ChartOptions } from '../engine/chart-engine.js';
import { type ChartError, toChartError } from '../engine/chart-error.js';
import { useSameSeries } from './use-same-series.js';
import type { LineSeriesOptions } from '../model/line-series.js';

/**
 * Options read when the chart is created. Later changes to `candles`, `series`, `timeframes`,
 * `sessions`, `homeViews`, `homeView`, `theme`, `magnet`, `maxLines`, `lineSeries` and `volume`
 * are applied to the live chart; the others need a remount (change the component's `key`). A
 * line series is set again when its `points` array (or another of its options) changes, so keep
 * the array stable (`useMemo`) while its points are the same.
 */
export interface UseChartOptions extends ChartOptions {
  /**
   * Called when the chart cannot start, or refuses new `candles`/`series` (it then keeps
   * showing the data it had). The same error is in the result's `error`. The latest function
   * passed is called.
   */
  onError?: (error: ChartError) => void;
}

export interface UseChartResult {
  /** Attach to the element the chart should fill (it needs a width and height). */
  containerRef: RefObject<HTMLDivElement | null>;
  /** The engine once the first frame is drawn; undefined before and after unmount. */
  engine: ChartEngine | undefined;
  /**
   * Why the chart could not start, or why it refused the latest data; cleared by data it
   * accepts. Tell the cases apart by `kind` ('data', 'webgl-unavailable', 'start-failed').
   */
  error: ChartError | undefined;
}

/**
 * Creates a chart in the referenced element and destroys it on unmount. Safe under React 19
 * StrictMode: a mount that is torn down before its engine finishes starting destroys the engine as
 * soon as it exists, so no canvas or GPU context is left behind. A chart that fails to start
 * leaves nothing either, and reports why through `error` and `onError`.
 */
export function useChart(options: UseChartOptions = {}): UseChartResult {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [engine, setEngine] = useState<ChartEngine>();
  const [startError, setStartError] = useState<ChartError>();
  // Data the live chart refused, with the arrays it came in: the error lasts as long as they do.
  const [refusals] = useState(() => new ValueStore<Refusal | undefined>(undefined));
  const refused = useSyncExternalStore(refusals.subscribe, refusals.get, refusals.get);
  // Creation options are read once per mount; later data and theme changes go through the engine.
  const initialOptions = useRef(options);
  const { candles, series, theme, magnet, maxLines, homeViews, homeView, onError } = options;
  const { lineSeries, volume } = options;
  // A line series the live chart refused (bad points): the error lasts until one is accepted.
  const [lineRefusals] = useState(() => new ValueStore<ChartError | undefined>(undefined));
  const lineRefused = useSyncExternalStore(
    lineRefusals.subscribe,
    lineRefusals.get,
    lineRefusals.get,
  );
  const latestOnError = useRef(onError);
  useEffect(() => {
    latestOnError.current = onError;
  });
  const report = useCallback((reason: unknown): ChartError => {
    const chartError = toChartError(reason);
    latestOnError.current?.(chartError);
    return chartError;
  }, []);
  // Home views compared by value: an object literal written inline is new on every render.
  const homeKey = JSON.stringify([homeViews ?? null, homeView ?? null]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let created: ChartEngine | undefined;
    const { onError: _onError, ...chartOptions } = initialOptions.current;
    ChartEngine.create(container, chartOptions).then(
      (instance) => {
        if (cancelled) {
          instance.destroy();
          return;
        }
        created = instance;
        setEngine(instance);
      },
      (reason: unknown) => {
        if (!cancelled) setStartError(report(reason));
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
      setEngine(undefined);
    };
  }, [report]);

  // Compared by the candle arrays, not the wrapping object, so `series={{ '5min': candles }}`
  // written inline does not reload the chart on every render.
  const sameSeries = useSameSeries(series);
  const hasSeries = series !== undefined;
  // Compared by value, as home views are.
  const timeframesKey = JSON.stringify([options.timeframes ?? null, options.sessions ?? null]);

  // The latest home views, for the data effects below (effects run in order, this one first).
  const latestHomes = useRef({ homeViews, homeView });
  useEffect(() => {
    latestHomes.current = { homeViews, homeView };
  });

  useEffect(() => {
    if (!engine || hasSeries) return;
    if (candles && candles !== initialOptions.current.candles) {
      try {
        engine.setCandles(candles, { homeView: latestHomes.current.homeView });
      } catch (reason) {
        refusals.set({ error: report(reason), data: [candles] });
      }
    }
  }, [engine, candles, hasSeries, report, refusals]);

  useEffect(() => {
    const initial = initialOptions.current;
    if (!engine || !sameSeries) return;
    const initialKey = JSON.stringify([initial.timeframes ?? null, initial.sessions ?? null]);
    if (sameSeries === initial.series && timeframesKey === initialKey) return;
    const [timeframes, sessions] = JSON.parse(timeframesKey) as [
      readonly Timeframe[] | null,
      SessionOptions | null,
    ];
    try {
      engine.setSeries(sameSeries, undefined, {
        homeViews: latestHomes.current.homeViews ?? {},
        timeframes: timeframes ?? undefined,
        sessions: sessions ?? undefined,
      });
    } catch (reason) {
      refusals.set({ error: report(reason), data: Object.values(sameSeries) });
    }
  }, [engine, sameSeries, timeframesKey, report, refusals]);

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

  // The line series last given to the chart, to set only those that changed.
  const appliedLines = useRef<readonly LineSeriesOptions[]>(undefined);
  useEffect(() => {
    if (!engine) return;
    const next = lineSeries ?? [];
    const before = appliedLines.current ?? initialOptions.current.lineSeries ?? [];
    if (next === before) return;
    try {
      for (const old of before) {
        if (!next.some((entry) => entry.id === old.id)) engine.removeLineSeries(old.id);
      }
      for (const entry of next) {
        const old = before.find((candidate) => candidate.id === entry.id);
        if (!old || !sameLineSeries(old, entry)) engine.setLineSeries(entry);
      }
      appliedLines.current = next;
      lineRefusals.set(undefined);
    } catch (reason) {
      lineRefusals.set(report(reason));
    }
  }, [engine, lineSeries, report, lineRefusals]);

  // Compared by value: `volume={{ heightShare: 0.25 }}` written inline is new on every render.
  const volumeKey = JSON.stringify(volume ?? false);
  const appliedVolume = useRef<string>(undefined);
  useEffect(() => {
    const applied = appliedVolume.current ?? JSON.stringify(initialOptions.current.volume ?? false);
    if (!engine || volumeKey === applied) return;
    try {
      engine.setVolume(JSON.parse(volumeKey) as boolean | { heightShare?: number });
      appliedVolume.current = volumeKey;
    } catch (reason) {
      lineRefusals.set(report(reason));
    }
  }, [engine, volumeKey, report, lineRefusals]);

  // A theme written inline is a new object every render: the engine redraws only when its colours
  // change (setTheme compares them).
  useEffect(() => {
    if (engine && theme && theme !== initialOptions.current.theme) engine.setTheme(theme);
  }, [engine, theme]);

  const current = hasSeries ? Object.values(sameSeries ?? {}) : [candles];
  const stillRefused =
    refused?.data.length === current.length &&
    refused.data.every((data, index) => data === current[index]);
  return {
    containerRef,
    engine,
    error: startError ?? (stillRefused ? refused.error : undefined) ?? lineRefused,
  };
}

/** Whether two line series' options draw the same line (points compared by their array). */
function sameLineSeries(a: LineSeriesOptions, b: LineSeriesOptions): boolean {
  return (
    a.points === b.points &&
    a.color === b.color &&
    a.width === b.width &&
    a.label === b.label &&
    a.fitPriceScale === b.fitPriceScale
  );
}

interface Refusal {
  error: ChartError;
  /** The arrays of candles refused. */
  data: readonly unknown[];
}

/**
 * A value outside React's state with a subscription, read with useSyncExternalStore: the
 * engine's answer to new data arrives while an effect runs, like any external system's.
 */
class ValueStore<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  readonly get = (): T => this.value;

  readonly set = (value: T): void => {
    this.value = value;
    for (const listener of this.listeners) listener();
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}
