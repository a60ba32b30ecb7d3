import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PracticeHistoryRow, SkillStateRow } from './skill-state.entity.js';
import { SkillStates } from './skill-states.service.js';

/** Each learner's model of each skill, kept from their graded answers. */
@Module({
  imports: [TypeOrmModule.forFeature([SkillStateRow, PracticeHistoryRow])],
  providers: [SkillStates],
  exports: [SkillStates],
})
export class SkillStatesModule {}
