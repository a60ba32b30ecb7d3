import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { ChartCatalogueModule } from '../chart-catalogue/chart-catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { LessonsController } from './lessons.controller.js';
import { LessonsService } from './lessons.service.js';

/**
 * GET api/lessons and api/lessons/{path}: the course's lesson descriptors and each lesson's page,
 * with where the learner stands on its exercise.
 */
@Module({
  imports: [AuthModule, CatalogueModule, ChartCatalogueModule, ExercisesModule],
  controllers: [LessonsController],
  providers: [LessonsService],
})
export class LessonsModule {}
