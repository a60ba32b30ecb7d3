import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompletedLesson } from './completed-lesson.entity.js';
import { ProgressService } from './progress.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([CompletedLesson])],
  providers: [ProgressService],
  exports: [ProgressService],
})
export class ProgressModule {}
