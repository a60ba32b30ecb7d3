import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { ChartCatalogueModule } from '../chart-catalogue/chart-catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { PracticeChartsModule } from '../practice-charts/practice-charts.module.js';
import { LessonsController } from './lessons.controller.js';
import { LessonsService } from './lessons.service.js';
import { PracticeController } from './practice.controller.js';

/**
 * Lesson descriptors and content, exercise charts (the catalogue's and every learner's own
 * practice charts), the access rules, and server-side grading.
 */
@Module({
  imports: [
    AuthModule,
    CatalogueModule,
    ChartCatalogueModule,
    ExercisesModule,
    PracticeChartsModule,
  ],
  controllers: [LessonsController, PracticeController],
  providers: [LessonsService],
  exports: [LessonsService],
})
export class LessonsModule {}
