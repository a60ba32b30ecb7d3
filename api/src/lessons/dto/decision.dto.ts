import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import { DECISION_CHECKS } from 'chart-kit/core';
import { PRACTICE_PLAN_COUNT } from '../course-access.js';

const PRACTICE_MESSAGE = `practice must be a practice decision from 1 to ${PRACTICE_PLAN_COUNT}`;
const REASONS_MESSAGE = `each reason must be one of ${DECISION_CHECKS.join(', ')}`;

/** An answer to a take-or-skip exercise: take or skip, and for a skip the checks that fail. */
export class DecisionDto {
  @ApiPropertyOptional({
    description: 'Id of the lesson whose decision this answers.',
    example: 611,
  })
  @IsOptional()
  @IsInt({ message: 'lesson must be a lesson id' })
  @Min(1, { message: 'lesson must be a lesson id' })
  @Max(2_000_000_000, { message: 'lesson must be a lesson id' })
  lesson?: number;

  @ApiPropertyOptional({
    description: `Place of one of the learner’s practice decisions (1 to ${PRACTICE_PLAN_COUNT}), instead of a lesson.`,
    example: 1,
  })
  @IsOptional()
  @IsInt({ message: PRACTICE_MESSAGE })
  @Min(1, { message: PRACTICE_MESSAGE })
  @Max(PRACTICE_PLAN_COUNT, { message: PRACTICE_MESSAGE })
  practice?: number;

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
  @ArrayMaxSize(DECISION_CHECKS.length, { message: 'there are only three checks' })
  @IsArray({ message: 'reasons must be a list of checks' })
  @IsDefined({ message: 'reasons must be a list of checks (empty when taking)' })
  reasons!: ('room' | 'fresh' | 'higher-timeframe')[];
}
