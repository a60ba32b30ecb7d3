import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { LessonsModule } from '../lessons/lessons.module.js';
import { ProgressModule } from '../progress/progress.module.js';
import { ProgressController } from './progress.controller.js';

/** The learner's own records under the spec's `users/` paths: progress. */
@Module({
  imports: [AuthModule, LessonsModule, ProgressModule],
  controllers: [ProgressController],
})
export class UsersModule {}
