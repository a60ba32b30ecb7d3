import { Logger, type Provider } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { CATALOGUE_CACHE_FILE } from './catalogue-cache.js';
import { prepareCatalogue } from './catalogue-preparation.js';
import { ChartCatalogue, type ExerciseChart } from './chart-catalogue.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

export { ChartCatalogue, type ExerciseChart };

/**
 * The exercise charts, every one made before the instance answers: read from the file the build
 * wrote, and any chart it lacks (another content folder, code changed since) made in worker
 * threads now. No request ever waits for a market simulated on the event loop.
 */
export const chartCatalogueProvider: Provider = {
  provide: ChartCatalogue,
  inject: [APP_CONFIG],
  useFactory: async (config: AppConfig) => {
    const logger = new Logger('ChartCatalogue');
    const started = performance.now();
    const cacheFile = config.catalogueCacheFile ?? CATALOGUE_CACHE_FILE;
    const prepared = await prepareCatalogue({
      contentDir: config.contentDir,
      cacheFile,
      threads: config.practiceWorkers.threads,
      ...(config.practiceWorkerExecArgv ? { execArgv: config.practiceWorkerExecArgv } : {}),
    });
    const ms = Math.round(performance.now() - started);
    logger.log(
      prepared.made === 0
        ? `${prepared.fromFile} catalogue chart(s) read from ${cacheFile} in ${ms} ms`
        : `${prepared.made} catalogue chart(s) missing from ${cacheFile} made in worker ` +
            `threads, ${prepared.fromFile} read, in ${ms} ms`,
    );
    if (prepared.writeError) {
      logger.warn(
        `could not keep the charts made for the next start: ${prepared.writeError.message}`,
      );
    }
    return prepared.catalogue;
  },
};

/** The 5-min chart whose zone an exercise on this chart is graded against. */
export function gradedChartNumber(chart: ExerciseChart): number {
  return chart.timeframe === '1hr' && chart.twin !== null ? chart.twin : chart.chartNumber;
}
