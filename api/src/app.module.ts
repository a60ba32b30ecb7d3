import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BillingModule } from './billing/billing.module.js';
import { CatalogueModule } from './course-catalogue/catalogue.module.js';
import { ChartDataModule } from './chart-data/chart-data.module.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import type { DatabaseKind } from './database/database-options.js';
import { DatabaseModule } from './database/database.module.js';
import { ExercisesModule } from './exercises/exercises.module.js';
import { HealthModule } from './health/health.module.js';
import { LessonsModule } from './lessons/lessons.module.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { PracticeModule } from './practice/practice.module.js';
import { ProgressModule } from './progress/progress.module.js';
import { RedisModule } from './redis/redis.module.js';

@Module({})
export class AppModule {
  static forRoot(
    config: AppConfig,
    databaseUrl: string,
    databaseKind: DatabaseKind,
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl, databaseKind, config.databaseLimits),
        RedisModule,
        AnalyticsModule,
        HealthModule,
        AuthModule,
        BillingModule,
        PasswordResetModule,
        // In the order of the OpenAPI document's paths: Nest lists controllers module by module.
        CatalogueModule,
        LessonsModule,
        ChartDataModule,
        ExercisesModule,
        PracticeModule,
        ProgressModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
