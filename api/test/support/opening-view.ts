import { viewportOfTimeWindow, TIMEFRAMES } from '@chart-kit/core';
import { placementOfChart, type ExerciseChart } from '../../src/exercise-charts/chart-catalogue.js';
import { bandPixelHeight, MIN_ZONE_PX, placement, type IndexWindow } from '@course/rules';

/**
 * The candle indexes (inclusive) an exercise chart opens on: the candles of its time window, among
 * the candles a learner gets before the reveal (the puzzle, and an hourly chart's hour in progress).
 */
export function openingWindow(chart: ExerciseChart): IndexWindow {
  const puzzle = [
    ...chart.candles.slice(0, chart.exerciseEnd),
    ...(chart.formingCandle ? [chart.formingCandle] : []),
  ];
  const viewport = viewportOfTimeWindow(
    puzzle.map((candle) => candle.time),
    chart.openingView,
    TIMEFRAMES[chart.timeframe],
  );
  return {
    from: Math.max(0, Math.ceil(viewport.fromIndex)),
    to: Math.min(puzzle.length - 1, Math.floor(viewport.toIndex)),
  };
}

export interface ZoneHeight {
  placement: string;
  screen: 'desktop' | 'phone';
  px: number;
  minimum: number;
}

/**
 * How tall the zone is at the opening view, in CSS pixels, on the page the app shows the chart on
 * (lesson, practice or landing) at both screen sizes, with the layout and price fitting the chart
 * itself draws with (chart-kit's `zonePixelHeight`).
 */
export function zoneHeightsAtOpening(
  chart: ExerciseChart,
  alsoShown: readonly number[] = [],
): ZoneHeight[] {
  const puzzle = chart.candles.slice(0, chart.exerciseEnd);
  const number = chart.timeframe === '1hr' && chart.twin !== null ? chart.twin : chart.chartNumber;
  const where = placement(placementOfChart(number));
  return (['desktop', 'phone'] as const).map((screen) => ({
    placement: where.name,
    screen,
    px: bandPixelHeight(
      puzzle,
      chart.openingView,
      where[screen],
      chart.zone,
      TIMEFRAMES[chart.timeframe],
      alsoShown,
    ),
    minimum: MIN_ZONE_PX[screen],
  }));
}
