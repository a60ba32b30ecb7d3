import { aggregateCandles, periodStart, TIMEFRAMES } from '@chart-kit/core';
import type { RealDecisionItem } from '@course/rules/real-practice';
import type { ExerciseChart } from '../exercise-charts/chart-catalogue.provider.js';
import { realSessionName } from './real-words.js';

const HOUR = TIMEFRAMES['1hr'];

/** Why the course takes or skips there is the decision's own feedback: this says what it was. */
function explanation(item: RealDecisionItem): string {
  return (
    `This was a real return to a ${item.zone.type} zone, ${realSessionName(item).name}. The replay ` +
    `shows what really happened, to the close. One trade proves nothing either way: on real ` +
    `charts the course's trade has no proven edge before costs.`
  );
}

/**
 * A real take-or-skip exercise as the decision code shows and grades a chart: the 5-minute chart
 * up to the candle that came back into the zone, and its 1-hour twin built from the same candles
 * (the hour in progress at the cut is the last one shown until the answer).
 */
export function realDecisionCharts(item: RealDecisionItem): {
  fiveMinute: ExerciseChart;
  hourly: ExerciseChart;
} {
  const zone = { type: item.zone.type, upper: item.zone.upper, lower: item.zone.lower };
  const common = {
    chartNumber: 0,
    zone,
    explanation: explanation(item),
    baseTimes: item.zone.baseTimes,
    twin: null,
    decision: item.decision,
  };
  const shown = item.candles.slice(0, item.exerciseEnd);
  const lastShown = shown.at(-1);
  const hours = aggregateCandles(item.candles, HOUR);
  const shownHours = aggregateCandles(shown, HOUR);
  // The cut's hour is still forming when the next 5-minute candle falls in the same hour.
  const following = item.candles[item.exerciseEnd];
  const forming =
    lastShown &&
    following &&
    periodStart(following.time, HOUR) === periodStart(lastShown.time, HOUR)
      ? shownHours.at(-1)
      : undefined;
  const hourlyEnd = forming ? shownHours.length - 1 : shownHours.length;
  return {
    fiveMinute: {
      ...common,
      timeframe: '5min',
      candles: item.candles,
      exerciseEnd: item.exerciseEnd,
      openingView: item.openingView,
    },
    hourly: {
      ...common,
      timeframe: '1hr',
      candles: hours,
      exerciseEnd: hourlyEnd,
      openingView: { from: hours[0]?.time ?? 0, to: (shownHours.at(-1)?.time ?? 0) + HOUR },
      ...(forming ? { formingCandle: forming } : {}),
    },
  };
}
