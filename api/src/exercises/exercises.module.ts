import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogueModule } from '../course-catalogue/catalogue.module.js';
import { ChartCatalogueModule } from '../exercise-charts/chart-catalogue.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PracticeChartsModule } from '../practice-charts/practice-charts.module.js';
import { RealPracticeModule } from '../real-practice/real-practice.module.js';
import { SavedLinesModule } from '../saved-lines/saved-lines.module.js';
import { SkillStatesModule } from '../skills/skill-states.module.js';
import { Attempt } from './attempt.entity.js';
import { AttemptsController } from './attempts.controller.js';
import { AttemptsService } from './attempts.service.js';
import { DecisionsController } from './decisions.controller.js';
import { DecisionsService } from './decisions.service.js';
import { DemoStanding } from './demo-standing.js';
import { ExerciseTargets } from './exercise-targets.js';
import { ManageController } from './manage.controller.js';
import { ManageService } from './manage.service.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

/**
 * The graded exercises: zone attempts, trade plans, take-or-skip decisions and trade management,
 * each answered on a lesson's chart or a learner's practice chart and recorded as an attempt.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Attempt]),
    AuthModule,
    CatalogueModule,
    ChartCatalogueModule,
    IdempotencyModule,
    PracticeChartsModule,
    RealPracticeModule,
    SavedLinesModule,
    SkillStatesModule,
  ],
  controllers: [AttemptsController, PlansController, DecisionsController, ManageController],
  providers: [
    AttemptsService,
    DecisionsService,
    DemoStanding,
    ExerciseTargets,
    ManageService,
    PlansService,
  ],
  exports: [AttemptsService, DecisionsService, DemoStanding, ManageService, PlansService],
})
export class ExercisesModule {}
