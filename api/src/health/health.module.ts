import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthReports } from './health-reports.js';

@Module({ controllers: [HealthController], providers: [HealthReports], exports: [HealthReports] })
export class HealthModule {}
