import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { ProgressModule } from '../progress/progress.module.js';
import { Attempt } from './attempt.entity.js';
import { AttemptsController } from './attempts.controller.js';
import { AttemptsService } from './attempts.service.js';
import { chartCatalogueProvider } from './chart-catalogue.provider.js';
import { ChartDataController } from './chart-data.controller.js';
import { ChartDataService } from './chart-data.service.js';
import { courseContentProvider } from './course-content.provider.js';
import { LessonsController } from './lessons.controller.js';
import { LessonsService } from './lessons.service.js';

/** Lesson descriptors and content, exercise charts, and server-side grading. */
@Module({
  imports: [TypeOrmModule.forFeature([Attempt]), AuthModule, BillingModule, ProgressModule],
  controllers: [LessonsController, ChartDataController, AttemptsController],
  providers: [
    chartCatalogueProvider,
    courseContentProvider,
    AttemptsService,
    ChartDataService,
    LessonsService,
  ],
  exports: [AttemptsService, LessonsService, courseContentProvider],
})
export class LessonsModule {}
