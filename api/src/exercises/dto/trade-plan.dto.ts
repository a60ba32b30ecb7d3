import { ApiProperty } from '@nestjs/swagger';
import { LessonOrPracticeDto } from './exercise-target.dto.js';
import { IsDefined, IsNumber, Max, Min } from 'class-validator';

const PRICE = { allowNaN: false, allowInfinity: false } as const;
const MAX_PRICE = 10_000_000;

/** A trade plan for a plan exercise (a lesson's or a practice plan): three prices and the money side. */
export class TradePlanDto extends LessonOrPracticeDto {
  @ApiProperty({ description: 'Entry price (a limit order at the zone).', example: 50.2 })
  @Max(MAX_PRICE, { message: 'entry must be a price' })
  @Min(0.01, { message: 'entry must be a price above zero' })
  @IsNumber(PRICE, { message: 'entry must be a price (a number)' })
  @IsDefined({ message: 'entry must be a price' })
  entry!: number;

  @ApiProperty({ description: 'Stop price, beyond the zone’s far line.', example: 49.7 })
  @Max(MAX_PRICE, { message: 'stop must be a price' })
  @Min(0.01, { message: 'stop must be a price above zero' })
  @IsNumber(PRICE, { message: 'stop must be a price (a number)' })
  @IsDefined({ message: 'stop must be a price' })
  stop!: number;

  @ApiProperty({ description: 'Target price, short of the next opposing zone.', example: 51.2 })
  @Max(MAX_PRICE, { message: 'target must be a price' })
  @Min(0.01, { message: 'target must be a price above zero' })
  @IsNumber(PRICE, { message: 'target must be a price (a number)' })
  @IsDefined({ message: 'target must be a price' })
  target!: number;

  @ApiProperty({ description: 'Account size in dollars.', example: 25_000 })
  @Max(1_000_000_000, { message: 'account must be at most 1,000,000,000 dollars' })
  @Min(1, { message: 'account must be at least 1 dollar' })
  @IsNumber(PRICE, { message: 'account must be an amount of dollars (a number)' })
  @IsDefined({ message: 'account must be an amount of dollars' })
  account!: number;

  @ApiProperty({ description: 'Share of the account risked, in percent.', example: 1 })
  @Max(100, { message: 'riskPercent must be at most 100' })
  @Min(0.01, { message: 'riskPercent must be above zero' })
  @IsNumber(PRICE, { message: 'riskPercent must be a percentage (a number)' })
  @IsDefined({ message: 'riskPercent must be a percentage' })
  riskPercent!: number;

  @ApiProperty({ description: 'Units traded (shares, contracts or lots).', example: 500 })
  @Max(1_000_000_000, { message: 'size must be at most 1,000,000,000 units' })
  @Min(0, { message: 'size cannot be negative' })
  @IsNumber(PRICE, { message: 'size must be a number of units' })
  @IsDefined({ message: 'size must be a number of units' })
  size!: number;
}
