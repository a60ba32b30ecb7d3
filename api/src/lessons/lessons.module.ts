import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../course-catalogue/catalogue.module.js';
import { ChartCatalogueModule } from '../exercise-charts/chart-catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { SavedLinesModule } from '../saved-lines/saved-lines.module.js';
import { LessonsController } from './lessons.controller.js';
import { LessonsService } from './lessons.service.js';

/**
 * GET api/lessons, api/lessons/{path} and api/lessons/{path}/pulled-lines: the course's lesson
 * descriptors, each lesson's page with where the learner stands on its exercise, and the lines a
 * lesson carries over from an earlier one.
 */
@Module({
  imports: [AuthModule, CatalogueModule, ChartCatalogueModule, ExercisesModule, SavedLinesModule],
  controllers: [LessonsController],
  providers: [LessonsService],
})
export class LessonsModule {}
