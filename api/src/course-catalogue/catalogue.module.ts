import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { ChartCatalogueModule } from '../exercise-charts/chart-catalogue.module.js';
import { ProgressRecordsModule } from '../progress/progress-records.module.js';
import { CourseAccess } from './course-access.js';
import { courseContentProvider } from './course-content.provider.js';
import { CourseController } from './course.controller.js';

/**
 * What the course holds and who may see it: the lessons' content, the course's constants
 * (GET api/course), and the one access gate every lesson, chart and exercise call passes.
 */
@Module({
  imports: [AuthModule, BillingModule, ChartCatalogueModule, ProgressRecordsModule],
  controllers: [CourseController],
  providers: [CourseAccess, courseContentProvider],
  exports: [CourseAccess, courseContentProvider],
})
export class CatalogueModule {}
