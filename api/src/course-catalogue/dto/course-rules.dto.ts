import { ApiProperty } from '@nestjs/swagger';
import type {
  CourseRules,
  LandingDemoRules,
  PracticeRules,
  TriesBeforeReveal,
} from '@course/contract';

export class LandingDemoRulesDto implements LandingDemoRules {
  @ApiProperty({
    type: [Number],
    description:
      'Chart numbers (GET chart-data/{id}) in the order Next shows them: the local chart id n ' +
      '(from 1) is the nth; Next after the last goes back to the first',
    example: [30, 31, 32, 33, 34],
  })
  charts!: number[];
}

export class PracticeRulesDto implements PracticeRules {
  @ApiProperty({ description: 'Charts in the round (the counter’s n/round)', example: 10 })
  round!: number;

  @ApiProperty({ description: 'Zone charts each learner has: api/practice/{1..}', example: 100 })
  charts!: number;

  @ApiProperty({ description: 'Practice plans: api/practice/plans/{1..}', example: 50 })
  plans!: number;

  @ApiProperty({ description: 'Practice decisions: api/practice/decisions/{1..}', example: 50 })
  decisions!: number;

  @ApiProperty({ description: 'How many of each, from the first, need no Pro Plan', example: 1 })
  free!: number;
}

export class TriesBeforeRevealDto implements TriesBeforeReveal {
  @ApiProperty({ description: 'Zone exercises (POST api/attempts)', example: 3 })
  zone!: number;

  @ApiProperty({ description: 'Trade plans (POST api/plans)', example: 3 })
  plan!: number;

  @ApiProperty({ description: 'Take-or-skip decisions (POST api/decisions)', example: 1 })
  decision!: number;

  @ApiProperty({ description: 'Trade management (POST api/manage)', example: 1 })
  manage!: number;
}

/** The answer of GET api/course. */
export class CourseRulesDto implements CourseRules {
  @ApiProperty({ type: LandingDemoRulesDto })
  landingDemo!: LandingDemoRulesDto;

  @ApiProperty({ type: PracticeRulesDto })
  practice!: PracticeRulesDto;

  @ApiProperty({
    type: TriesBeforeRevealDto,
    description: 'Failed tries after which each kind of exercise shows its answer and Skip unlocks',
  })
  triesBeforeReveal!: TriesBeforeRevealDto;
}
