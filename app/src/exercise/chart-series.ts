import type { Candle, HomeViews, TimeframeSeries } from 'chart-kit';
import { firstReturnIndex } from '@course/rules';
import type {
  ChartDataCandle,
  ExerciseChartData,
  IllustrationFrame,
  ZoneType,
} from '../api/index.js';

/** The API's candles carry extra keys on the first one (type, actualpl); the chart wants plain. */
export function plainCandles(candles: readonly ChartDataCandle[]): Candle[] {
  return candles.map(({ time, open, high, low, close, volume }) =>
    volume === undefined
      ? { time, open, high, low, close }
      : { time, open, high, low, close, volume },
  );
}

/** The exercise's series: 5-minute, plus the hourly one when the lesson has two. */
export function exerciseSeries(
  fiveMinute: ExerciseChartData,
  hourly: ExerciseChartData | undefined,
  withNext: boolean | { until: number } = false,
): TimeframeSeries {
  // `until`: the continuation only up to that time (e.g. a few candles past a trade's exit).
  const nextOf = (next: readonly ChartDataCandle[]) =>
    typeof withNext === 'object' ? next.filter((candle) => candle.time <= withNext.until) : next;
  const candlesOf = (body: ExerciseChartData) =>
    plainCandles(withNext && body.next ? [...body.data, ...nextOf(body.next)] : body.data);
  const series: TimeframeSeries = { [fiveMinute.timeframe]: candlesOf(fiveMinute) };
  if (hourly) series[hourly.timeframe] = candlesOf(hourly);
  return series;
}

/** Candles a replay plays past price's return to the zone: two hours of 5-minute candles. */
export const REACTION_CANDLES = 24;

/**
 * Where a replay of what came next stops: when price came back to the zone and reacted there, not
 * hours later (a whole next session took over a minute to watch); undefined plays it all, as when
 * price never came back.
 */
export function replayUntil(
  chart: ExerciseChartData,
  zone: { upper: number; lower: number },
): number | undefined {
  const next = chart.next;
  if (!next || next.length === 0) return undefined;
  const returned = firstReturnIndex(next, zone, 0);
  if (returned < 0) return undefined;
  return next[Math.min(returned + REACTION_CANDLES, next.length - 1)]?.time;
}

/**
 * Where each timeframe of an exercise opens: the API frames the zone's base, the move away and the
 * zone tall enough to see (5 minutes) and every hour of the puzzle (1 hour).
 */
export function exerciseHomeViews(
  fiveMinute: ExerciseChartData,
  hourly: ExerciseChartData | undefined,
): HomeViews {
  const views: HomeViews = { [fiveMinute.timeframe]: fiveMinute.view };
  if (hourly) views[hourly.timeframe] = hourly.view;
  return views;
}

/** A fixed session start for illustrations, whose candles have no times of their own. */
const ILLUSTRATION_START = Date.UTC(2024, 0, 2, 14, 30) / 1000;
const ILLUSTRATION_STEP_S = 300;

export function illustrationTime(index: number): number {
  return ILLUSTRATION_START + index * ILLUSTRATION_STEP_S;
}

export function illustrationCandles(candles: IllustrationFrame['candles']): Candle[] {
  return candles.map(([open, high, low, close], index) => ({
    time: illustrationTime(index),
    open,
    high,
    low,
    close,
  }));
}

export function zoneLabel(type: ZoneType): string {
  return type === 'supply' ? 'Supply zone' : 'Demand zone';
}
