import type { Candle } from '@chart-kit/core';
import { encodeJson, type EncodedJson } from '../common/encoded-json.js';
import type { ExerciseChart } from '../exercise-charts/chart-catalogue.provider.js';
import type { ChartDataBody, ChartDataCandle, ExerciseChartData } from '@course/contract';

/** A serialised chart answer, ready to send as it is or gzipped, with its entity tag. */
export type EncodedChartData = EncodedJson;

/** A chart answer without the catalogue's numbers: how an exercise of a learner's own is sent. */
export function unnumberedChartData(body: ChartDataBody): ExerciseChartData {
  const { chart_number: _number, twin: _twin, ...rest } = body;
  return rest;
}

function plainCandle(candle: Candle): Candle {
  const { time, open, high, low, close, volume } = candle;
  return volume === undefined
    ? { time, open, high, low, close }
    : { time, open, high, low, close, volume };
}

export function chartDataBody(chart: ExerciseChart, revealed: boolean): ChartDataBody {
  const shown = chart.candles.slice(0, chart.exerciseEnd).map(plainCandle);
  // Before the reveal a 1-hour twin ends on its hour in progress; after it, that hour whole
  // opens `next`.
  if (!revealed && chart.formingCandle) shown.push(plainCandle(chart.formingCandle));
  const [first, ...rest] = shown;
  const data: ChartDataCandle[] = first
    ? [
        {
          ...first,
          type: chart.zone.type,
          ...(revealed ? { actualpl: chart.zone.upper, actualpl2: chart.zone.lower } : {}),
        },
        ...rest,
      ]
    : [];
  const body: ChartDataBody = {
    chart_number: chart.chartNumber,
    type: chart.zone.type,
    timeframe: chart.timeframe,
    twin: chart.twin,
    data,
    view: { ...chart.openingView },
    ...(chart.contextOnly ? { context_only: true } : {}),
  };
  if (revealed) {
    body.hiddenpl = chart.zone.upper;
    body.hiddenpl2 = chart.zone.lower;
    body.explanation = chart.explanation;
    body.base_times = chart.baseTimes;
    body.next = chart.candles.slice(chart.exerciseEnd).map(plainCandle);
  }
  return body;
}

/** Chart data never changes, so each variant is encoded once and served from memory. */
export function encodeChartData(body: ChartDataBody): EncodedChartData {
  return encodeJson(body);
}
