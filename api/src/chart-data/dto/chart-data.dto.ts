import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Candle } from '@chart-kit/core';
import type { ChartDataBody, ChartDataCandle, ExerciseChartData } from '@course/contract';
import { ZONE_TYPES, type ZoneType } from '@course/rules';

export class CandleDto implements Candle {
  @ApiProperty({ description: 'Unix seconds of the candle’s start', example: 1623072900 })
  time!: number;

  @ApiProperty({ example: 60.89 })
  open!: number;

  @ApiProperty({ example: 61.04 })
  high!: number;

  @ApiProperty({ example: 60.86 })
  low!: number;

  @ApiProperty({ example: 60.9 })
  close!: number;

  @ApiPropertyOptional({
    description: 'Volume traded in the candle, when the chart has it',
    example: 40300,
  })
  volume?: number;
}

/** A candle as the spec's client reads it: the first one also carries the zone (spec, s. 3). */
export class ChartDataCandleDto extends CandleDto implements ChartDataCandle {
  @ApiPropertyOptional({
    enum: ZONE_TYPES,
    description: 'The zone’s type, on the first candle only',
    example: 'demand',
  })
  type?: ZoneType;

  @ApiPropertyOptional({
    description: 'Upper bound of the correct zone, on the first candle once revealed',
    example: 63.07,
  })
  actualpl?: number;

  @ApiPropertyOptional({
    description: 'Lower bound of the correct zone, on the first candle once revealed',
    example: 62.83,
  })
  actualpl2?: number;
}

/** The candles a chart opens on; earlier ones stay reachable by panning. */
export class ChartViewDto {
  @ApiProperty({ description: 'Unix seconds of the first candle to frame', example: 1623264900 })
  from!: number;

  @ApiProperty({ description: 'Unix seconds of the last candle to frame', example: 1623344400 })
  to!: number;
}

/**
 * Chart data without a catalogue number or twin: a practice chart as it is answered, and what a
 * catalogue chart (ChartDataDto) adds its number to.
 */
export class UnnumberedChartDataDto implements ExerciseChartData {
  @ApiProperty({ enum: ZONE_TYPES, description: 'The zone to find', example: 'demand' })
  type!: ZoneType;

  @ApiProperty({ enum: ['5min', '1hr'], example: '5min' })
  timeframe!: '5min' | '1hr';

  @ApiProperty({
    type: [ChartDataCandleDto],
    description: 'The candles of the exercise, ascending by time',
  })
  data!: ChartDataCandleDto[];

  @ApiProperty({
    type: ChartViewDto,
    description:
      'The opening view: the zone’s base, the move away and the zone, tall enough to see',
  })
  view!: ChartViewDto;

  @ApiPropertyOptional({
    description: 'Upper bound of the zone; only once the caller passed or used three tries',
    example: 63.07,
  })
  hiddenpl?: number;

  @ApiPropertyOptional({
    description: 'Lower bound of the zone; only once the caller passed or used three tries',
    example: 62.83,
  })
  hiddenpl2?: number;

  @ApiPropertyOptional({
    description: 'Why it is the zone; only once revealed',
    example:
      'The three small candles at 09:55, 10:00 and 10:05 on Thursday form the base; five long ' +
      'green candles then left it.',
  })
  explanation?: string;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Unix seconds of the candles of the zone’s base; only once revealed',
    example: [1623333300, 1623333600, 1623333900],
  })
  base_times?: number[];

  @ApiPropertyOptional({
    type: [CandleDto],
    description: 'What price did after the exercise, for the replay; only once revealed',
  })
  next?: CandleDto[];

  @ApiPropertyOptional({
    description:
      'On a 1-hour twin whose zone’s base shows no base at that timeframe, or whose zone is ' +
      'too thin to mark there: true (the 1-hour view is context only; the zone is marked on ' +
      'the 5-minute chart)',
    example: true,
  })
  context_only?: boolean;
}

/** The answer of GET chart-data/{id}. */
export class ChartDataDto extends UnnumberedChartDataDto implements ChartDataBody {
  @ApiProperty({ example: 3 })
  chart_number!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The chart of the same market in the other timeframe, or null',
    example: 4,
  })
  twin!: number | null;
}
