import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../course-catalogue/catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { ProgressController } from './progress.controller.js';
import { ProgressRecordsModule } from './progress-records.module.js';

/** The learner's progress under the spec's `users/` paths: read it, mark a lesson done. */
@Module({
  imports: [AuthModule, CatalogueModule, ExercisesModule, ProgressRecordsModule],
  controllers: [ProgressController],
})
export class ProgressModule {}
