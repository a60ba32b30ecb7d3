import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { PracticeHistoryRow, SkillStateRow } from './skill-state.entity.js';
import { SkillStates } from './skill-states.service.js';
import { SkillsController } from './skills.controller.js';

/** Each learner's model of each skill, kept from their graded answers (GET api/skills). */
@Module({
  imports: [TypeOrmModule.forFeature([SkillStateRow, PracticeHistoryRow]), AuthModule],
  controllers: [SkillsController],
  providers: [SkillStates],
  exports: [SkillStates],
})
export class SkillStatesModule {}
