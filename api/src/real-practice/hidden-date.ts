import { newYorkDayNumber, newYorkUtcOffsetOnDay } from '@course/rules';
import type { ExerciseChartData } from '@course/contract';

const DAY_SECONDS = 86_400;
/** Mondays of two weeks of 2001, one in daylight saving time and one not (New York). */
const SUMMER_MONDAY = Date.UTC(2001, 6, 9) / 1000 / DAY_SECONDS;
const WINTER_MONDAY = Date.UTC(2001, 1, 5) / 1000 / DAY_SECONDS;

/**
 * How far to move a real chart's times so that its axis shows no real date before the answer:
 * whole days, to a week of 2001 with the same New York offset (so every clock time reads the
 * same) and the same weekday as the chart's last session. Every real chart then reads as early
 * February or early July 2001 (its sessions before too); once answered, its real times are sent.
 */
export function hiddenDateShift(lastCandleTime: number): number {
  const day = newYorkDayNumber(lastCandleTime);
  // Day 0 (1 January 1970) was a Thursday: 0 is Monday here.
  const weekday = (day + 3) % 7;
  const summer = newYorkUtcOffsetOnDay(day) === newYorkUtcOffsetOnDay(SUMMER_MONDAY);
  const target = (summer ? SUMMER_MONDAY : WINTER_MONDAY) + weekday;
  return (target - day) * DAY_SECONDS;
}

/** The chart with every time moved by `shift` seconds (candles and the opening view). */
export function withTimesMoved<Chart extends ExerciseChartData>(
  chart: Chart,
  shift: number,
): Chart {
  return {
    ...chart,
    data: chart.data.map((candle) => ({ ...candle, time: candle.time + shift })),
    view: { from: chart.view.from + shift, to: chart.view.to + shift },
    ...(chart.next ? { next: chart.next.map((c) => ({ ...c, time: c.time + shift })) } : {}),
    ...(chart.base_times ? { base_times: chart.base_times.map((time) => time + shift) } : {}),
  };
}
