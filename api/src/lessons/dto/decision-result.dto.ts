import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DECISION_CHECKS } from 'chart-kit/core';
import { PlanOutcomeDto } from './plan-result.dto.js';

export class DecisionAnswerDto {
  @ApiProperty() take!: boolean;
  @ApiProperty({ enum: DECISION_CHECKS, isArray: true }) reasons!: string[];
}

export class DecisionCheckDto {
  @ApiProperty({ enum: DECISION_CHECKS }) check!: string;
  @ApiProperty() ok!: boolean;
  @ApiProperty({ description: 'What was measured and what the course asks' }) text!: string;
}

export class DecisionModelDto {
  @ApiProperty({ example: 50.2 }) entry!: number;
  @ApiProperty({ example: 49.7 }) stop!: number;
  @ApiProperty({ example: 50.9 }) target!: number;
}

export class CourseDecisionDto {
  @ApiProperty({ description: 'The course’s decision' }) take!: boolean;
  @ApiProperty({ type: [DecisionCheckDto] }) checks!: DecisionCheckDto[];
  @ApiProperty({ description: 'Room to the opposing zone, in R', example: 1.4 })
  rewardToRisk!: number;
  @ApiProperty({ type: DecisionModelDto }) model!: DecisionModelDto;
  @ApiProperty({
    type: PlanOutcomeDto,
    description: 'The model plan played out; on a zone to skip, a plan aiming for 2R',
  })
  outcome!: PlanOutcomeDto;
}

/** The answer of POST api/decisions. */
export class DecisionResultDto {
  @ApiProperty() pass!: boolean;
  @ApiProperty({ type: [String], description: 'The verdict, then every check with its numbers' })
  feedback!: string[];
  @ApiProperty() tries!: number;
  @ApiProperty({ description: 'Answered once: the course’s decision follows' }) revealed!: boolean;
  @ApiProperty({ type: DecisionAnswerDto }) answer!: DecisionAnswerDto;
  @ApiPropertyOptional({ type: CourseDecisionDto }) course?: CourseDecisionDto;
}
