import {
  aggregateCandles,
  TIMEFRAMES,
  type Timeframe,
  type Candle,
  type ViewTarget,
  SeriesStore,
  seriesPeriodSeconds,
} from '@chart-kit/core';
import { loadingSeries } from './chart-data-error.js';

/** Candles of one market in one or more timeframes; a missing '1hr' is aggregated from '5min'. */
export type TimeframeSeries = Partial<Record<Timeframe, readonly Candle[]>>;

/**
 * The view each timeframe opens on (its "home"), as unix-second time windows (`{ from, to }`,
 * the opening times of the first and last candle to frame) or candle indices.
 */
export type HomeViews = Partial<Record<Timeframe, ViewTarget>>;

export interface SeriesSource {
  /** A single series (its timeframe unknown to the chart). Ignored when `series` is given. */
  candles?: readonly Candle[];
  /** The same market in several timeframes. */
  series?: TimeframeSeries;
  /** Which of `series` to show. Default: '5min' if given, else the first one. */
  timeframe?: Timeframe;
}

/**
 * The loaded series of a chart: one store per timeframe (key `undefined` for a single series of
 * unknown timeframe) and the one on screen. Throws a ChartDataError for candles it cannot draw.
 */
export class SeriesSet {
  readonly timeframes: readonly Timeframe[];
  /** The timeframe shown first. */
  readonly initial: Timeframe | undefined;
  private readonly stores: Map<Timeframe | undefined, SeriesStore>;
  private readonly periods = new Map<Timeframe | undefined, number>();

  constructor(source: SeriesSource) {
    const stores = new Map<Timeframe | undefined, SeriesStore>();
    const { series } = source;
    if (series && Object.keys(series).length > 0) {
      const fine = series['5min'];
      for (const [key, candles] of Object.entries(series) as [Timeframe, readonly Candle[]][]) {
        stores.set(
          key,
          loadingSeries(key, () => new SeriesStore(candles)),
        );
      }
      if (fine && !series['1hr']) {
        // The 5min series was validated above, so aggregating it cannot fail on its candles.
        stores.set('1hr', new SeriesStore(aggregateCandles(fine, TIMEFRAMES['1hr'])));
      }
      const wanted = source.timeframe;
      this.initial =
        wanted && stores.has(wanted)
          ? wanted
          : stores.has('5min')
            ? '5min'
            : (stores.keys().next().value ?? undefined);
    } else {
      stores.set(
        undefined,
        loadingSeries(undefined, () => new SeriesStore(source.candles ?? [])),
      );
      this.initial = undefined;
    }
    this.stores = stores;
    this.timeframes = [...stores.keys()].filter((key): key is Timeframe => key !== undefined);
  }

  /** The store of a timeframe (the single series for `undefined`), if loaded. */
  store(timeframe: Timeframe | undefined): SeriesStore | undefined {
    return this.stores.get(timeframe);
  }

  /** The store of a timeframe that must be loaded (the initial one always is). */
  require(timeframe: Timeframe | undefined): SeriesStore {
    const store = this.stores.get(timeframe);
    if (!store) throw new Error(`no ${timeframe ?? 'single'} series loaded`);
    return store;
  }

  /** Seconds per candle: the timeframe's, or the shortest step of a single series. */
  periodSeconds(timeframe: Timeframe | undefined): number {
    if (timeframe !== undefined) return TIMEFRAMES[timeframe];
    let period = this.periods.get(timeframe);
    if (period === undefined) {
      period = seriesPeriodSeconds(this.stores.get(timeframe)?.times ?? []);
      this.periods.set(timeframe, period);
    }
    return period;
  }

  /** Every store, `first` first (idle work builds the levels of detail on screen first). */
  *all(first: Timeframe | undefined): IterableIterator<SeriesStore> {
    yield this.require(first);
    for (const [key, store] of this.stores) if (key !== first) yield store;
  }
}
