import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** How a plan played out on the candles after the exercise (OpenAPI schema of PlanOutcome). */
export class PlanOutcomeDto {
  @ApiProperty({ nullable: true, type: Number, description: 'Index in `next` of the fill' })
  fillIndex!: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'The price the entry filled at' })
  fillPrice!: number | null;

  @ApiProperty({ enum: ['stop', 'target', 'open', 'not-filled'] })
  exit!: 'stop' | 'target' | 'open' | 'not-filled';

  @ApiProperty({ nullable: true, type: Number })
  exitIndex!: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'Price the trade left at' })
  exitPrice!: number | null;

  @ApiProperty({ description: 'One candle reached both the stop and the target: stop first' })
  stopAssumedFirst!: boolean;

  @ApiProperty({ description: 'Result in multiples of the planned risk', example: 2.4 })
  resultR!: number;

  @ApiProperty({ example: 600 })
  resultDollars!: number;

  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds of the fill candle' })
  fillTime!: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds of the exit candle' })
  exitTime!: number | null;
}

export class ModelPlanDto {
  @ApiProperty({ example: 50.2 })
  entry!: number;

  @ApiProperty({ example: 49.7 })
  stop!: number;

  @ApiProperty({ example: 51.2 })
  target!: number;

  @ApiProperty({ example: 500 })
  size!: number;

  @ApiProperty({ example: 2 })
  rewardToRisk!: number;

  @ApiProperty({ type: PlanOutcomeDto })
  outcome!: PlanOutcomeDto;
}

/** The answer of POST api/plans. */
export class PlanResultDto {
  @ApiProperty()
  pass!: boolean;

  @ApiProperty({
    type: [String],
    enum: ['entry', 'stop', 'target', 'reward-to-risk', 'size'],
    description: 'The rules the plan broke, in the order a trader checks them',
  })
  failed!: string[];

  @ApiProperty({ type: [String], description: 'One sentence per broken rule, or one of praise' })
  feedback!: string[];

  @ApiProperty({ example: 2.4 })
  rewardToRisk!: number;

  @ApiProperty({ description: 'Dollars lost at the stop, at the plan’s size', example: 250 })
  riskDollars!: number;

  @ApiProperty({ description: 'The size the account, risk and buying power allow', example: 500 })
  correctSize!: number;

  @ApiProperty({ description: 'Failed tries so far', example: 1 })
  tries!: number;

  @ApiProperty({ description: 'Passed, or three tries used: the model plan and outcomes follow' })
  revealed!: boolean;

  @ApiPropertyOptional({ type: ModelPlanDto })
  model?: ModelPlanDto;

  @ApiPropertyOptional({ type: PlanOutcomeDto, description: 'How the learner’s plan played out' })
  outcome?: PlanOutcomeDto;
}

/** A plan as sent: three prices and the money side. */
export class SentPlanDto {
  @ApiProperty({ example: 50.2 }) entry!: number;
  @ApiProperty({ example: 49.7 }) stop!: number;
  @ApiProperty({ example: 51.4 }) target!: number;
  @ApiProperty({ example: 25_000 }) account!: number;
  @ApiProperty({ example: 1 }) riskPercent!: number;
  @ApiProperty({ example: 500 }) size!: number;
}

export class PlanLessonRefDto {
  @ApiProperty({ example: 608 }) id!: number;
  @ApiProperty({ example: '/risk-plan-long' }) path!: string;
  @ApiProperty({ example: 'Plan a long trade' }) title!: string;
}

export class PlanExerciseResultDto {
  @ApiProperty({ type: PlanLessonRefDto }) lesson!: PlanLessonRefDto;
  @ApiProperty({ type: SentPlanDto, description: 'The learner’s last plan' }) plan!: SentPlanDto;
  @ApiProperty({ example: 'shares', description: 'What the size counts' }) unit!: string;
  @ApiProperty() pass!: boolean;
  @ApiProperty({ description: 'Failed tries' }) tries!: number;
  @ApiProperty() revealed!: boolean;
  @ApiProperty({ format: 'date-time' }) gradedAt!: string;
  @ApiProperty({
    type: PlanOutcomeDto,
    nullable: true,
    description: 'How the plan played out; null until the exercise is revealed',
  })
  outcome!: PlanOutcomeDto | null;
}

export class TradeRecordDto {
  @ApiProperty({ description: 'Plans counted (revealed exercises)' }) plans!: number;
  @ApiProperty({ description: 'Plans whose entry was reached' }) filled!: number;
  @ApiProperty({ description: 'Trades closed at their target' }) wins!: number;
  @ApiProperty({ description: 'Trades closed at their stop' }) losses!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'wins / (wins + losses)' })
  hitRate!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Mean R of the filled trades' })
  averageR!: number | null;
  @ApiProperty() totalR!: number;
  @ApiProperty({ type: [Number], description: 'Running total in R after each plan' })
  cumulativeR!: number[];
}

/** The answer of GET api/plans/results. */
export class PlanResultsDto {
  @ApiProperty({ type: [PlanExerciseResultDto] }) exercises!: PlanExerciseResultDto[];
  @ApiProperty({ type: TradeRecordDto }) record!: TradeRecordDto;
}
