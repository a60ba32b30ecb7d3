import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  Max,
  Min,
} from 'class-validator';
import { PRACTICE_CHART_COUNT } from '../../course-catalogue/course-access.js';
import { MAX_REAL_INDEX } from '../../real-practice/real-practice-items.js';

/** The highest price a line may be drawn at. */
export const MAX_LINE_PRICE = 1_000_000;

/** One answer to a chart exercise: the prices of the lines drawn, in the order drawn. */
export class AttemptDto {
  @ApiPropertyOptional({
    description: 'Chart number graded (give exactly one of chart, lesson, practice and real).',
    example: 3,
  })
  @IsOptional()
  @IsInt({ message: 'chart must be a whole chart number' })
  @Min(1, { message: 'chart must be a whole chart number' })
  @Max(2_000_000_000, { message: 'chart must be a whole chart number' })
  chart?: number;

  @ApiPropertyOptional({
    description: 'Place of one of the learner’s own practice charts in the portal (1 to 100).',
    example: 2,
  })
  @IsOptional()
  @IsInt({ message: `practice must be a practice chart from 1 to ${PRACTICE_CHART_COUNT}` })
  @Min(1, { message: `practice must be a practice chart from 1 to ${PRACTICE_CHART_COUNT}` })
  @Max(PRACTICE_CHART_COUNT, {
    message: `practice must be a practice chart from 1 to ${PRACTICE_CHART_COUNT}`,
  })
  practice?: number;

  @ApiPropertyOptional({
    description:
      'Place of one of the learner’s real charts (GET api/practice/real/{index}), once shown.',
    example: 1,
  })
  @IsOptional()
  @IsInt({ message: `real must be a real chart from 1 to ${MAX_REAL_INDEX}` })
  @Min(1, { message: `real must be a real chart from 1 to ${MAX_REAL_INDEX}` })
  @Max(MAX_REAL_INDEX, { message: `real must be a real chart from 1 to ${MAX_REAL_INDEX}` })
  real?: number;

  @ApiPropertyOptional({ description: 'Lesson id; its exercise chart is graded.', example: 7 })
  @IsOptional()
  @IsInt({ message: 'lesson must be a lesson id' })
  @Min(1, { message: 'lesson must be a lesson id' })
  @Max(2_000_000_000, { message: 'lesson must be a lesson id' })
  lesson?: number;

  @ApiProperty({
    description:
      `Prices of the drawn lines (above zero, at most ${MAX_LINE_PRICE}); ` +
      'the first two are the answer.',
    example: [101.25, 100.5],
    type: [Number],
  })
  // class-validator runs these bottom-up and the pipe reports the first failure only.
  // No chart of the course comes near the ceiling; a price beyond it is no answer to one, and a
  // passing answer's lines are kept for later lessons (saved_lines checks the same bound).
  @Max(MAX_LINE_PRICE, {
    each: true,
    message: `each line must be a price of at most ${MAX_LINE_PRICE}`,
  })
  @IsPositive({ each: true, message: 'each line must be a price above zero' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { each: true, message: 'each line must be a price (a number)' },
  )
  @ArrayMaxSize(10, { message: 'lines can hold at most 10 prices' })
  @IsArray({ message: 'lines must be a list of prices' })
  @IsDefined({ message: 'lines must be a list of prices' })
  lines!: number[];
}
