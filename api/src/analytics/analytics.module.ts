import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRecorder } from './analytics-recorder.js';
import { AnalyticsRetention } from './analytics-retention.js';

/**
 * First-party learning analytics: the app's events endpoint, the recorder every feature module
 * hands what it knows (answers graded, registrations, subscriptions), and the retention job.
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsRecorder, AnalyticsRetention],
  exports: [AnalyticsRecorder],
})
export class AnalyticsModule {}
