import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PracticeBudget } from './budget.js';
import { PracticeChartStore } from './chart-store.js';
import { PracticeCharts } from './practice-charts.js';
import { PracticeChart } from './practice-chart.entity.js';
import { PracticeWorkers } from './workers.js';

/**
 * Every learner's own practice charts: made in worker threads within a budget, stored, and
 * looked up by the practice calls and by the exercise calls that grade an answer on one.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PracticeChart])],
  providers: [PracticeCharts, PracticeBudget, PracticeChartStore, PracticeWorkers],
  exports: [PracticeCharts],
})
export class PracticeChartsModule {}
