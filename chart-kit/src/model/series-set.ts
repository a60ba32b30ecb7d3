import {
  aggregateTimeframe,
  type Candle,
  compareTimeframes,
  parseTimeframe,
  type SessionOptions,
  type Timeframe,
  timeframeSeconds,
  type ViewTarget,
  SeriesStore,
  seriesPeriodSeconds,
} from '@chart-kit/core';
import { loadingSeries } from './chart-data-error.js';

/** Candles of one market in one or more timeframes; the others are aggregated from the shortest. */
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
  /** Which timeframe to show. Default: '5min' if offered, else the shortest one. */
  timeframe?: Timeframe;
  /**
   * The timeframes to offer besides those of `series`, e.g. `STANDARD_TIMEFRAMES` (1min ... 1D).
   * Each one `series` lacks is aggregated from its shortest timeframe (the base) session by
   * session (see `aggregateTimeframe`); one that is not a whole multiple of the base throws a
   * TimeframeMultipleError. Default: '1hr' when `series` has '5min' (and not '1hr').
   */
  timeframes?: readonly Timeframe[];
  /** How the aggregation finds sessions (pauses in the data; see `sessionStarts`). */
  sessions?: SessionOptions;
}

/**
 * The loaded series of a chart: one store per timeframe (key `undefined` for a single series of
 * unknown timeframe) and the one on screen. Throws a ChartDataError for candles it cannot draw,
 * and a TimeframeError for a malformed timeframe or one the base series cannot be merged into.
 */
export class SeriesSet {
  /** The timeframes loaded and aggregated, shortest first. */
  readonly timeframes: readonly Timeframe[];
  /** The timeframe shown first. */
  readonly initial: Timeframe | undefined;
  /** The source's `timeframes` and `sessions`, for new data that does not say. */
  readonly requested: readonly Timeframe[] | undefined;
  readonly sessions: SessionOptions | undefined;
  private readonly stores: Map<Timeframe | undefined, SeriesStore>;
  private readonly periods = new Map<Timeframe | undefined, number>();

  constructor(source: SeriesSource) {
    const stores = new Map<Timeframe | undefined, SeriesStore>();
    const given = Object.entries(source.series ?? {})
      .filter((entry): entry is [string, readonly Candle[]] => entry[1] !== undefined)
      .map(([key, candles]) => [parseTimeframe(key), candles] as const)
      .sort(([a], [b]) => compareTimeframes(a, b));
    const base = given[0];
    if (base) {
      for (const [key, candles] of given) {
        stores.set(
          key,
          loadingSeries(key, () => new SeriesStore(candles)),
        );
      }
      const [baseTimeframe, baseCandles] = base;
      const wanted =
        source.timeframes ?? (stores.has('5min') && !stores.has('1hr') ? ['1hr' as const] : []);
      for (const key of wanted) {
        if (stores.has(parseTimeframe(key))) continue;
        // The base was validated above, so only the timeframe itself can be refused here.
        const candles = aggregateTimeframe(baseCandles, key, {
          base: baseTimeframe,
          sessions: source.sessions,
        });
        stores.set(key, new SeriesStore(candles));
      }
      const wantedFirst = source.timeframe;
      this.initial =
        wantedFirst && stores.has(wantedFirst)
          ? wantedFirst
          : stores.has('5min')
            ? '5min'
            : baseTimeframe;
    } else {
      stores.set(
        undefined,
        loadingSeries(undefined, () => new SeriesStore(source.candles ?? [])),
      );
      this.initial = undefined;
    }
    this.stores = stores;
    this.requested = source.timeframes;
    this.sessions = source.sessions;
    this.timeframes = [...stores.keys()]
      .filter((key): key is Timeframe => key !== undefined)
      .sort(compareTimeframes);
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
    if (timeframe !== undefined) return timeframeSeconds(timeframe);
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
