import { ApiProperty } from '@nestjs/swagger';
import { LessonOrPracticeDto } from './exercise-target.dto.js';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsDefined, IsIn } from 'class-validator';
import { DECISION_CHECKS } from '@course/rules';

const REASONS_MESSAGE = `each reason must be one of ${DECISION_CHECKS.join(', ')}`;

/** An answer to a take-or-skip exercise: take or skip, and for a skip the checks that fail. */
export class DecisionDto extends LessonOrPracticeDto {
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
