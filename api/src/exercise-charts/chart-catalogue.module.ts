import { Module } from '@nestjs/common';
import { chartCatalogueProvider } from './chart-catalogue.provider.js';

/**
 * The exercise charts, made once per instance and shared by every feature that grades or draws
 * them (access, exercises, practice, chart data).
 */
@Module({
  providers: [chartCatalogueProvider],
  exports: [chartCatalogueProvider],
})
export class ChartCatalogueModule {}
