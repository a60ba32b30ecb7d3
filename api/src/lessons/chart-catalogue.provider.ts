import type { Provider } from '@nestjs/common';
import { ChartCatalogue, type ExerciseChart } from '../charts/chart-catalogue.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

export { ChartCatalogue, type ExerciseChart };

/** The exercise charts, generated from the scenario file on first use of each. */
export const chartCatalogueProvider: Provider = {
  provide: ChartCatalogue,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ChartCatalogue.load(config.contentDir),
};

/** The 5-min chart whose zone an exercise on this chart is graded against. */
export function gradedChartNumber(chart: ExerciseChart): number {
  return chart.timeframe === '1hr' && chart.twin !== null ? chart.twin : chart.chartNumber;
}
