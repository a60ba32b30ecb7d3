import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { ProgressRecordsModule } from '../progress/progress-records.module.js';
import { ProgressController } from './progress.controller.js';

/** The learner's own records under the spec's `users/` paths: progress. */
@Module({
  imports: [AuthModule, CatalogueModule, ExercisesModule, ProgressRecordsModule],
  controllers: [ProgressController],
})
export class UsersModule {}
