import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { ChartCatalogueModule } from '../chart-catalogue/chart-catalogue.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PracticeChartsModule } from '../practice-charts/practice-charts.module.js';
import { ProgressRecordsModule } from '../progress/progress-records.module.js';
import { Attempt } from './attempt.entity.js';
import { AttemptsController } from './attempts.controller.js';
import { AttemptsService } from './attempts.service.js';
import { ChartDataController } from './chart-data.controller.js';
import { ChartDataService } from './chart-data.service.js';
import { DecisionsController } from './decisions.controller.js';
import { DecisionsService } from './decisions.service.js';
import { DemoStanding } from './demo-standing.js';
import { LessonsController } from './lessons.controller.js';
import { LessonsService } from './lessons.service.js';
import { ManageController } from './manage.controller.js';
import { ManageService } from './manage.service.js';
import { PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';
import { PracticeController } from './practice.controller.js';

/**
 * Lesson descriptors and content, exercise charts (the catalogue's and every learner's own
 * practice charts), the access rules, and server-side grading.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Attempt]),
    AuthModule,
    BillingModule,
    CatalogueModule,
    ChartCatalogueModule,
    IdempotencyModule,
    PracticeChartsModule,
    ProgressRecordsModule,
  ],
  controllers: [
    LessonsController,
    ChartDataController,
    AttemptsController,
    PlansController,
    DecisionsController,
    ManageController,
    PracticeController,
  ],
  providers: [
    AttemptsService,
    ChartDataService,
    DecisionsService,
    DemoStanding,
    LessonsService,
    ManageService,
    PlansService,
  ],
  exports: [AttemptsService, LessonsService],
})
export class LessonsModule {}
