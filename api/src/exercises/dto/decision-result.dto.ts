import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { type CheckResult, DECISION_CHECKS, type DecisionCheck } from '@course/rules';
import { PlanOutcomeDto } from './plan-result.dto.js';
import { ZoneBoundsDto, ZoneDto } from './zone.dto.js';
import type {
  CourseDecision,
  DecisionAnswer,
  DecisionResult,
  DecisionSetup,
} from '@course/contract';

// Named, because a class can only implement a type by its name.
type CourseModelPlan = CourseDecision['model'];

export class DecisionAnswerDto implements DecisionAnswer {
  @ApiProperty() take!: boolean;
  @ApiProperty({ enum: DECISION_CHECKS, isArray: true }) reasons!: DecisionCheck[];
}

export class DecisionCheckDto implements CheckResult {
  @ApiProperty({ enum: DECISION_CHECKS }) check!: DecisionCheck;
  @ApiProperty() ok!: boolean;
  @ApiProperty({ description: 'What was measured and what the course asks' }) text!: string;
}

export class DecisionModelDto implements CourseModelPlan {
  @ApiProperty({ example: 50.2 }) entry!: number;
  @ApiProperty({ example: 49.7 }) stop!: number;
  @ApiProperty({ example: 50.9 }) target!: number;
}

export class CourseDecisionDto implements CourseDecision {
  @ApiProperty({ description: 'The course’s decision' }) take!: boolean;
  @ApiProperty({ type: [DecisionCheckDto] }) checks!: DecisionCheckDto[];
  @ApiProperty({ description: 'Room to the opposing zone, in R', example: 1.4 })
  rewardToRisk!: number;
  @ApiProperty({ type: DecisionModelDto }) model!: DecisionModelDto;
  @ApiProperty({
    type: PlanOutcomeDto,
    description:
      'The model plan played out; on a zone to skip, a plan aiming for 2R (what skipping ' +
      'avoided, or cost)',
  })
  outcome!: PlanOutcomeDto;
}

/** The answer of POST api/decisions. */
export class DecisionResultDto implements DecisionResult {
  @ApiProperty() pass!: boolean;
  @ApiProperty({ type: [String], description: 'The verdict, then every check with its numbers' })
  feedback!: string[];
  @ApiProperty() tries!: number;
  @ApiProperty({ description: 'Answered once: the course’s decision follows' }) revealed!: boolean;
  @ApiProperty({ type: DecisionAnswerDto }) answer!: DecisionAnswerDto;
  @ApiPropertyOptional({ type: CourseDecisionDto }) course?: CourseDecisionDto;
}

/** What a take-or-skip exercise shows before any answer: the zone and the next opposing one. */
export class DecisionSetupDto implements DecisionSetup {
  @ApiProperty({ type: ZoneDto, description: 'The zone price is coming back to' })
  zone!: ZoneDto;

  @ApiProperty({
    type: ZoneBoundsDto,
    description: 'The next opposing zone in the trade’s direction',
  })
  opposing!: ZoneBoundsDto;
}
