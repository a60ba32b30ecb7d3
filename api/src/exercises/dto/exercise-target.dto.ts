import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PRACTICE_PLAN_COUNT } from '../../course-catalogue/course-access.js';

const PRACTICE_MESSAGE = `practice must be one of your practice charts, from 1 to ${PRACTICE_PLAN_COUNT}`;

/**
 * Which exercise an answer is for: a lesson's, or one of the learner's practice charts of the
 * answer's kind (give exactly one; the controller says so when both or neither come).
 */
export class LessonOrPracticeDto {
  @ApiPropertyOptional({
    description: 'Id of the lesson whose exercise this answers.',
    example: 609,
  })
  @IsOptional()
  @IsInt({ message: 'lesson must be a lesson id' })
  @Min(1, { message: 'lesson must be a lesson id' })
  @Max(2_000_000_000, { message: 'lesson must be a lesson id' })
  lesson?: number;

  @ApiPropertyOptional({
    description: `Place of one of the learner’s practice charts of this kind (1 to ${PRACTICE_PLAN_COUNT}), instead of a lesson.`,
    example: 1,
  })
  @IsOptional()
  @IsInt({ message: PRACTICE_MESSAGE })
  @Min(1, { message: PRACTICE_MESSAGE })
  @Max(PRACTICE_PLAN_COUNT, { message: PRACTICE_MESSAGE })
  practice?: number;
}
