import type { Candle, ZoneType } from '@course/rules';

export type ChartTimeframe = '5min' | '1hr';

/** A candle as the spec's client reads it; the first one also carries the zone (spec, s. 3). */
export interface ChartDataCandle extends Candle {
  /** The zone's type, on the first candle only. */
  type?: ZoneType;
  /** Upper / lower bound of the correct zone, on the first candle once revealed. */
  actualpl?: number;
  actualpl2?: number;
}

/** What every exercise chart carries: a catalogue chart, or a learner's own practice chart. */
export interface ExerciseChartData {
  type: ZoneType;
  timeframe: ChartTimeframe;
  /** The candles of the exercise, ascending by time. */
  data: ChartDataCandle[];
  /**
   * The opening view: the times of the first and last candle to frame, so that the zone's base,
   * the move away and the zone are in view and tall enough to see. Earlier candles stay reachable
   * by panning.
   */
  view: { from: number; to: number };
  /** Upper bound of the zone, once the caller passed or used the tries. */
  hiddenpl?: number;
  /** Lower bound of the zone, once revealed. */
  hiddenpl2?: number;
  explanation?: string;
  base_times?: number[];
  /** What price did next (for the replay), once revealed. */
  next?: Candle[];
  /**
   * On a 1-hour twin whose zone's base does not show as a base at that timeframe (its hours have
   * large bodies), or whose zone is too thin to mark there (under the least height a zone is
   * shown at): true, and the page says the 1-hour view is context only (the trend, the room) and
   * the zone is marked on the 5-minute chart. Absent otherwise.
   */
  context_only?: boolean;
}

/** GET chart-data/{id}: a chart of the catalogue (lessons, landing demo). */
export interface ChartDataBody extends ExerciseChartData {
  chart_number: number;
  /** The other timeframe of the same market, or null. */
  twin: number | null;
}

/** GET chart-data/{id}?lesson=: the zone comes with that lesson's standing. */
export interface ChartDataQuery {
  lesson?: number;
}
