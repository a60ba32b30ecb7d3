import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PracticeRealBody, PracticeRealDecisionBody, RealSessionName } from '@course/contract';
import { DecisionChartDto } from './practice.dto.js';
import { UnnumberedChartDataDto } from '../../chart-data/dto/chart-data.dto.js';
import { ExerciseStandingDto } from '../../exercises/dto/attempt-result.dto.js';

export class RealSessionNameDto implements RealSessionName {
  @ApiProperty({ example: 'AAPL' })
  symbol!: string;

  @ApiProperty({ description: 'The New York trading day', example: '2014-06-05' })
  day!: string;

  @ApiProperty({ example: 'AAPL, 5 June 2014' })
  name!: string;
}

/** The answer of GET api/practice/real/{index}: a real session, a zone to find on it. */
export class PracticeRealDto extends UnnumberedChartDataDto implements PracticeRealBody {
  @ApiProperty({ description: 'Its place among the learner’s real charts', example: 1 })
  index!: number;

  @ApiProperty({ description: 'How many real charts need no Pro Plan', example: 1 })
  free!: number;

  @ApiProperty({
    description: 'How many real sessions the pool holds; none repeats before all were shown',
    example: 180,
  })
  pool!: number;

  @ApiProperty({ type: ExerciseStandingDto, description: 'The learner’s tries at this chart' })
  exercise!: ExerciseStandingDto;

  @ApiPropertyOptional({
    type: RealSessionNameDto,
    description: 'The symbol and day, once passed or after three tries; absent before',
  })
  session?: RealSessionNameDto;
}

/** The answer of GET api/practice/real/decisions/{index}: a real return to a zone, take or skip. */
export class PracticeRealDecisionDto extends DecisionChartDto implements PracticeRealDecisionBody {
  @ApiProperty({ description: 'Its place among the learner’s real decisions', example: 1 })
  index!: number;

  @ApiProperty({ description: 'How many real decisions need no Pro Plan', example: 1 })
  free!: number;

  @ApiProperty({ description: 'How many real sessions the take-or-skip pool holds', example: 200 })
  pool!: number;

  @ApiPropertyOptional({
    type: RealSessionNameDto,
    description: 'The symbol and day, once answered; absent before',
  })
  session?: RealSessionNameDto;
}
