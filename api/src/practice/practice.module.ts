import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { ExercisesModule } from '../exercises/exercises.module.js';
import { PracticeChartsModule } from '../practice-charts/practice-charts.module.js';
import { PracticeController } from './practice.controller.js';
import { SkillStatesModule } from '../skills/skill-states.module.js';

/**
 * The learner's practice portal (GET api/practice/...): their own charts, plans and decisions
 * with where they stand on each. The answers go to the exercise calls.
 */
@Module({
  imports: [AuthModule, CatalogueModule, ExercisesModule, PracticeChartsModule, SkillStatesModule],
  controllers: [PracticeController],
})
export class PracticeModule {}
