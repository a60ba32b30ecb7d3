import { Logger, type Provider } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ChartCatalogue } from '../exercise-charts/chart-catalogue.provider.js';
import { readContentCache } from './content-cache.js';
import { CourseContent, loadCourseContent } from './course-content.js';

/** Loads and validates the lessons at start: a broken link or chart stops the server, loudly. */
export const courseContentProvider: Provider = {
  provide: CourseContent,
  inject: [APP_CONFIG, ChartCatalogue],
  useFactory: (config: AppConfig, charts: ChartCatalogue) => {
    const started = performance.now();
    // The charts are made already (see chart-catalogue.provider.ts). Files the build already
    // read are taken from its cache.
    const content = loadCourseContent(config.contentDir, charts, readContentCache());
    new Logger('Content').log(
      `loaded ${content.lessons().length} lessons in ${content.modules.length} modules ` +
        `in ${Math.round(performance.now() - started)} ms`,
    );
    return content;
  },
};
