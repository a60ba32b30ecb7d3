import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PracticeRealBody, RealSessionName } from '@course/contract';
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
