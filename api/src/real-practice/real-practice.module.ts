import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RealPracticeDecisionRow, RealPracticeItemRow } from './real-practice-item.entity.js';
import { RealPracticeItems } from './real-practice-items.js';
import { RealZonePool } from './real-zone-pool.js';

/**
 * Real charts for practice: the pool of real sessions made into "find a zone" exercises (in a
 * worker thread, once per instance) and each learner's real charts as served to them. Shown by
 * GET api/practice/real/{index}, answered through POST api/attempts {real: index}.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RealPracticeItemRow, RealPracticeDecisionRow])],
  providers: [RealZonePool, RealPracticeItems],
  exports: [RealPracticeItems],
})
export class RealPracticeModule {}
