import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../course-catalogue/catalogue.module.js';
import { ChartCatalogueModule } from '../exercise-charts/chart-catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { ChartDataController } from './chart-data.controller.js';
import { ChartDataService } from './chart-data.service.js';

/**
 * GET api/chart-data/{id}: an exercise chart's candles, zones kept back until the learner (or a
 * visitor on a landing demo chart) has passed or used the last try.
 */
@Module({
  imports: [AuthModule, CatalogueModule, ChartCatalogueModule, ExercisesModule],
  controllers: [ChartDataController],
  providers: [ChartDataService],
})
export class ChartDataModule {}
