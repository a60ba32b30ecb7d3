import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LessonOrPracticeDto } from './exercise-target.dto.js';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
} from 'class-validator';
import { MAX_REAL_INDEX } from '../../real-practice/real-practice-items.js';
import {
  DECISION_CHECKS,
  type DecisionCheck,
  ZONE_CRITERIA,
  type ZoneCriterion,
} from '@course/rules';

const REASONS_MESSAGE = `each reason must be one of ${DECISION_CHECKS.join(', ')}`;
const CRITERIA_MESSAGE = `each criterion must be one of ${ZONE_CRITERIA.join(', ')}`;

/** An answer to a take-or-skip exercise: take or skip, and for a skip the checks that fail. */
export class DecisionDto extends LessonOrPracticeDto {
  @ApiPropertyOptional({
    description:
      'Place of one of the learner’s real decisions (GET api/practice/real/decisions/{index}), ' +
      'once shown; instead of lesson or practice.',
    example: 1,
  })
  @IsOptional()
  @IsInt({ message: `real must be a real decision from 1 to ${MAX_REAL_INDEX}` })
  @Min(1, { message: `real must be a real decision from 1 to ${MAX_REAL_INDEX}` })
  @Max(MAX_REAL_INDEX, { message: `real must be a real decision from 1 to ${MAX_REAL_INDEX}` })
  real?: number;

  @ApiProperty({ description: 'true: take the trade; false: skip it.', example: false })
  @IsBoolean({ message: 'take must be true (take the trade) or false (skip it)' })
  @IsDefined({ message: 'take must be true (take the trade) or false (skip it)' })
  take!: boolean;

  @ApiProperty({
    description: 'When skipping: the checks that fail (empty when taking).',
    enum: DECISION_CHECKS,
    isArray: true,
    example: ['room'],
  })
  @IsIn(DECISION_CHECKS, { each: true, message: REASONS_MESSAGE })
  @ArrayUnique({ message: 'each reason may be named once' })
  @ArrayMaxSize(DECISION_CHECKS.length, {
    message: `there are only ${DECISION_CHECKS.length} checks`,
  })
  @IsArray({ message: 'reasons must be a list of checks' })
  @IsDefined({ message: 'reasons must be a list of checks (empty when taking)' })
  reasons!: DecisionCheck[];

  @ApiPropertyOptional({
    description:
      'The zone scored first on the Finding module’s five criteria: those it meets (empty: ' +
      'none). Graded beside the decision; leave out to decide without scoring.',
    enum: ZONE_CRITERIA,
    isArray: true,
    example: ['time', 'base', 'move', 'fresh'],
  })
  @IsOptional()
  @IsIn(ZONE_CRITERIA, { each: true, message: CRITERIA_MESSAGE })
  @ArrayUnique({ message: 'each criterion may be named once' })
  @ArrayMaxSize(ZONE_CRITERIA.length, { message: 'there are only five criteria' })
  @IsArray({ message: 'criteria must be a list of the criteria the zone meets' })
  criteria?: ZoneCriterion[];
}
