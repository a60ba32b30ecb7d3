import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ExerciseStandingDto } from '../../exercises/dto/attempt-result.dto.js';
import { LessonSummaryDto } from './catalogue.dto.js';
import { DecisionResultDto, DecisionSetupDto } from '../../exercises/dto/decision-result.dto.js';
import { ManageResultDto, ManageSetupDto } from '../../exercises/dto/manage-result.dto.js';
import { PlanReviewDto, PlanSetupDto } from '../../exercises/dto/plan-result.dto.js';
import type { Illustration, IllustrationFrame, LessonPageBody } from '@course/contract';

/** One illustration frame: a few candles chart-kit draws, with optional marks. */
export class IllustrationFrameDto implements IllustrationFrame {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'number' }, minItems: 4, maxItems: 4 },
    description: 'One [open, high, low, close] per candle, left to right',
    example: [
      [52, 52.2, 50.9, 51.1],
      [51.1, 51.3, 50.2, 50.4],
      [50.4, 50.65, 50.15, 50.55],
    ],
  })
  candles!: [number, number, number, number][];

  @ApiPropertyOptional({
    type: [Number],
    description: 'Prices of horizontal lines to draw',
    example: [50.15, 50.55],
  })
  lines?: number[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'number' },
    minItems: 2,
    maxItems: 2,
    description: 'A zone to shade, as [lower, upper]',
    example: [50.15, 50.55],
  })
  zone?: [number, number];

  @ApiPropertyOptional({
    type: [Number],
    description: 'Indexes of the candles to highlight',
    example: [2, 3],
  })
  highlight?: number[];

  @ApiPropertyOptional({
    description: 'A caption of this frame alone',
    example: '1. Strong bounce: 1.70 above the zone in three candles',
  })
  label?: string;
}

export class IllustrationDto implements Illustration {
  @ApiProperty({
    example:
      'Price paused in two small candles, then rallied away: the box from their lowest wick ' +
      '(50.15) to the top of their bodies (50.55) is a demand zone.',
  })
  caption!: string;

  @ApiProperty({
    type: [IllustrationFrameDto],
    description: 'One frame, or three that cycle every 1000 ms',
  })
  frames!: IllustrationFrameDto[];
}

/** The answer of GET api/lessons/{path}: the descriptor, the content and the exercise. */
export class LessonPageDto extends LessonSummaryDto implements LessonPageBody {
  @ApiProperty({ example: 'Foundations' })
  moduleTitle!: string;

  @ApiProperty({
    description: 'The lesson rendered from Markdown (raw HTML in the source is escaped)',
    example:
      '<h2>What this course is</h2>\n<p>This course teaches one way of reading a price chart.</p>',
  })
  html!: string;

  @ApiProperty({ type: IllustrationDto })
  illustration!: IllustrationDto;

  @ApiProperty({
    type: ExerciseStandingDto,
    nullable: true,
    description: 'The caller’s standing on the lesson’s exercise; null without one',
  })
  exercise!: ExerciseStandingDto | null;

  @ApiProperty({
    type: PlanSetupDto,
    nullable: true,
    description: 'A plan exercise’s zone (given, not to be found) and money side; null otherwise',
  })
  planSetup!: PlanSetupDto | null;

  @ApiProperty({
    type: PlanReviewDto,
    nullable: true,
    description:
      'A plan exercise’s last graded plan, answered as when it was sent (with the model plan ' +
      'and outcomes once revealed); null before any plan',
  })
  planReview!: PlanReviewDto | null;

  @ApiProperty({
    type: DecisionSetupDto,
    nullable: true,
    description: 'A take-or-skip exercise’s zone and the next opposing zone; null otherwise',
  })
  decisionSetup!: DecisionSetupDto | null;

  @ApiProperty({
    type: DecisionResultDto,
    nullable: true,
    description: 'A take-or-skip exercise’s last answer, answered again; null before any',
  })
  decisionReview!: DecisionResultDto | null;

  @ApiProperty({
    type: ManageSetupDto,
    nullable: true,
    description: 'A trade-management exercise’s zone, plan and choices; null otherwise',
  })
  manageSetup!: ManageSetupDto | null;

  @ApiProperty({
    type: ManageResultDto,
    nullable: true,
    description:
      'A trade-management exercise’s last answer, answered again (with every rule played out); ' +
      'null before any',
  })
  manageReview!: ManageResultDto | null;
}
