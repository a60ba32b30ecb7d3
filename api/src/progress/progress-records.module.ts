import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompletedLesson } from './completed-lesson.entity.js';
import { ProgressService } from './progress.service.js';

/**
 * The learner's completed lessons, read by the access gate and written by the progress calls:
 * a module of its own so the gate and the progress controller each import it without a cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CompletedLesson])],
  providers: [ProgressService],
  exports: [ProgressService],
})
export class ProgressRecordsModule {}
