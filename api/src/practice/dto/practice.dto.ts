import { ApiProperty } from '@nestjs/swagger';
import { ExerciseStandingDto } from '../../exercises/dto/attempt-result.dto.js';
import { UnnumberedChartDataDto } from '../../chart-data/dto/chart-data.dto.js';
import { DecisionResultDto, DecisionSetupDto } from '../../exercises/dto/decision-result.dto.js';
import { PlanReviewDto, PlanSetupDto } from '../../exercises/dto/plan-result.dto.js';
import type { PracticeChartBody, PracticeDecisionBody, PracticePlanBody } from '@course/contract';

/** The answer of GET api/practice/{index}: one of the learner's own charts, and its 1-hour twin. */
export class PracticeChartDto extends UnnumberedChartDataDto implements PracticeChartBody {
  @ApiProperty({ description: 'Its place in the portal; the first ten are the round', example: 1 })
  index!: number;

  @ApiProperty({ description: 'How many charts make the round', example: 10 })
  round!: number;

  @ApiProperty({ description: 'How many practice charts the learner has', example: 100 })
  count!: number;

  @ApiProperty({ description: 'How many of them need no Pro Plan', example: 1 })
  free!: number;

  @ApiProperty({ type: ExerciseStandingDto, description: 'The learner’s tries at this chart' })
  exercise!: ExerciseStandingDto;

  @ApiProperty({ type: UnnumberedChartDataDto, description: 'The same market in 1-hour candles' })
  hourly!: UnnumberedChartDataDto;
}

/** The answer of GET api/practice/plans/{index}: a chart with a zone given, and a trade to plan. */
export class PracticePlanDto extends UnnumberedChartDataDto implements PracticePlanBody {
  @ApiProperty({ example: 1 })
  index!: number;

  @ApiProperty({ description: 'How many practice plans the learner has', example: 50 })
  count!: number;

  @ApiProperty({ description: 'How many of them need no Pro Plan', example: 1 })
  free!: number;

  @ApiProperty({ type: ExerciseStandingDto, description: 'The learner’s tries at this plan' })
  exercise!: ExerciseStandingDto;

  @ApiProperty({ type: PlanSetupDto })
  planSetup!: PlanSetupDto;

  @ApiProperty({
    type: PlanReviewDto,
    nullable: true,
    description: 'The last graded plan, answered again; null before any',
  })
  planReview!: PlanReviewDto | null;
}

/** A take-or-skip chart as sent: the zone's setup, its 1-hour twin and the learner's answer. */
export abstract class DecisionChartDto extends UnnumberedChartDataDto {
  @ApiProperty({ type: ExerciseStandingDto, description: 'The learner’s tries at this decision' })
  exercise!: ExerciseStandingDto;

  @ApiProperty({
    type: UnnumberedChartDataDto,
    description: 'The same market in 1-hour candles, for the 1-hour check',
  })
  hourly!: UnnumberedChartDataDto;

  @ApiProperty({ type: DecisionSetupDto })
  decisionSetup!: DecisionSetupDto;

  @ApiProperty({
    type: DecisionResultDto,
    nullable: true,
    description: 'The last answer, answered again; null before any',
  })
  decisionReview!: DecisionResultDto | null;
}

/** The answer of GET api/practice/decisions/{index}: a zone given, a trade to take or skip. */
export class PracticeDecisionDto extends DecisionChartDto implements PracticeDecisionBody {
  @ApiProperty({ example: 1 })
  index!: number;

  @ApiProperty({ description: 'How many practice decisions the learner has', example: 50 })
  count!: number;

  @ApiProperty({ description: 'How many of them need no Pro Plan', example: 1 })
  free!: number;
}
