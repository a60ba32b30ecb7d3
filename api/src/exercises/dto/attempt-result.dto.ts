import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { GradeReason } from '@course/rules';
import { ZoneDto } from './zone.dto.js';
import type { AttemptResult, ExerciseStanding } from '@course/contract';

/** Every reason once; a Record, so that a reason the course's grading adds fails to compile here. */
const GRADE_REASONS = Object.keys({
  pass: true,
  'need-two-lines': true,
  'too-high': true,
  'too-low': true,
  'too-wide': true,
  'too-thin': true,
  'one-line-outside': true,
} satisfies Record<GradeReason, true>);

/** Where the caller stands on one exercise, as the server counts the tries. */
export class ExerciseStandingDto implements ExerciseStanding {
  @ApiProperty({ example: false })
  passed!: boolean;

  @ApiProperty({ description: 'Failed tries so far', example: 1 })
  tries!: number;

  @ApiProperty({
    description: 'Failed tries still allowed before the answer shows; 0 once revealed',
    example: 2,
  })
  triesLeft!: number;

  @ApiProperty({
    description: 'Passed, or the three tries are used: the answer may be shown',
    example: false,
  })
  revealed!: boolean;
}

/** The answer of POST api/attempts. */
export class AttemptResultDto implements AttemptResult {
  @ApiProperty({ example: false })
  pass!: boolean;

  @ApiProperty({
    enum: GRADE_REASONS,
    description: 'Why the answer passed or missed (the course’s gradeZone)',
    example: 'too-low',
  })
  reason!: GradeReason;

  @ApiProperty({
    description: 'A sentence for a beginner: why the answer missed and which way to move',
    example:
      'Both of your lines are below the zone. Look higher on the chart for where price left ' +
      'the area sharply.',
  })
  feedback!: string;

  @ApiProperty({ description: 'Failed tries so far, this one included', example: 1 })
  tries!: number;

  @ApiProperty({
    description: 'Failed tries still allowed before the zone shows; 0 once revealed',
    example: 2,
  })
  triesLeft!: number;

  @ApiProperty({
    description: 'Passed, or three tries used: zone, explanation and baseTimes follow',
    example: false,
  })
  revealed!: boolean;

  @ApiPropertyOptional({ type: ZoneDto, description: 'The correct zone, once revealed' })
  zone?: ZoneDto;

  @ApiPropertyOptional({
    description: 'Why it is the zone, once revealed',
    example:
      'The three small candles at 09:55, 10:00 and 10:05 on Thursday form the base; five long ' +
      'green candles then left it.',
  })
  explanation?: string;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Unix seconds of the candles of the zone’s base, once revealed',
    example: [1623333300, 1623333600, 1623333900],
  })
  baseTimes?: number[];
}
