import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type CheckResult,
  type CriterionReading,
  DECISION_CHECKS,
  type DecisionCheck,
  ZONE_CRITERIA,
  type ZoneCriterion,
  type ZoneGrade,
  type ZoneScorecard,
} from '@course/rules';
import { PlanOutcomeDto } from './plan-result.dto.js';
import { ZoneBoundsDto, ZoneDto } from './zone.dto.js';
import type {
  CourseDecision,
  DecisionAnswer,
  DecisionResult,
  DecisionSetup,
  ScorecardResult,
} from '@course/contract';

const GRADES: ZoneGrade[] = ['A', 'B', 'C'];

// Named, because a class can only implement a type by its name.
type CourseModelPlan = CourseDecision['model'];

export class DecisionAnswerDto implements DecisionAnswer {
  @ApiProperty() take!: boolean;
  @ApiProperty({ enum: DECISION_CHECKS, isArray: true }) reasons!: DecisionCheck[];
  @ApiPropertyOptional({ enum: ZONE_CRITERIA, isArray: true }) criteria?: ZoneCriterion[];
}

export class CriterionReadingDto implements CriterionReading {
  @ApiProperty({ enum: ZONE_CRITERIA }) criterion!: ZoneCriterion;
  @ApiProperty({ description: 'The zone meets it: one point' }) met!: boolean;
  @ApiProperty({ description: 'What was measured and what earns the point' }) text!: string;
}

export class ZoneScorecardDto implements ZoneScorecard {
  @ApiProperty({ type: [CriterionReadingDto] }) readings!: CriterionReadingDto[];
  @ApiProperty({ example: 4 }) points!: number;
  @ApiProperty({ enum: GRADES, description: '5 points an A, 4 a B, 3 or less a C' })
  grade!: ZoneGrade;
}

export class ScorecardResultDto implements ScorecardResult {
  @ApiProperty({ description: 'Every criterion read as the course reads it' }) pass!: boolean;
  @ApiProperty({ description: 'The learner’s points, of five', example: 5 }) points!: number;
  @ApiProperty({ enum: GRADES, description: 'The grade the learner’s points give' })
  grade!: ZoneGrade;
  @ApiProperty({ enum: ZONE_CRITERIA, isArray: true }) misread!: ZoneCriterion[];
  @ApiProperty({ type: ZoneScorecardDto, description: 'The course’s score of the zone' })
  course!: ZoneScorecardDto;
  @ApiProperty({
    type: [String],
    description: 'The verdict, then every criterion with its numbers',
  })
  feedback!: string[];
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
  @ApiPropertyOptional({
    type: ScorecardResultDto,
    description: 'When the zone was scored first: the learner’s score against the course’s',
  })
  scorecard?: ScorecardResultDto;
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
