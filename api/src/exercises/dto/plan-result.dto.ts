import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PlanRule, TradeOutcome, TradeRecord } from '@course/rules';
import { ZoneBoundsDto, ZoneDto } from './zone.dto.js';
import type {
  ModelPlan,
  PlanExerciseResult,
  PlanOutcome,
  PlanResult,
  PlanResults,
  PlanReview,
  PlanSetup,
  SentPlan,
} from '@course/contract';

// Named, because a class can only implement a type by its name.
type PlanLessonRef = PlanExerciseResult['lesson'];

/** How a plan played out on the candles after the exercise (OpenAPI schema of PlanOutcome). */
export class PlanOutcomeDto implements PlanOutcome {
  @ApiProperty({ nullable: true, type: Number, description: 'Index in `next` of the fill' })
  fillIndex!: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'The price the entry filled at' })
  fillPrice!: number | null;

  @ApiProperty({
    enum: ['stop', 'target', 'session-close', 'open', 'not-filled'],
    description:
      "session-close: still open at the session's last candle and closed there (a day trade); open: the chart ends first",
  })
  exit!: 'stop' | 'target' | 'session-close' | 'open' | 'not-filled';

  @ApiProperty({ nullable: true, type: Number })
  exitIndex!: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'Price the trade left at' })
  exitPrice!: number | null;

  @ApiProperty({ description: 'One candle reached both the stop and the target: stop first' })
  stopAssumedFirst!: boolean;

  @ApiProperty({
    enum: ['through-stop', 'through-entry-and-stop', 'past-target'],
    nullable: true,
    type: String,
    description:
      'How a gap decided the exit, or null: a candle after the fill opened past the stop (left ' +
      'at that open, usually beyond -1R), the fill candle opened past the entry and the stop ' +
      '(filled and stopped at that open: 0R), or a candle opened past the target (left at that ' +
      'open, better than planned)',
  })
  gap!: TradeOutcome['gap'];

  @ApiProperty({
    description: 'Result in multiples of the planned risk, from the fill price to the exit price',
    example: 2.4,
  })
  resultR!: number;

  @ApiProperty({ example: 600 })
  resultDollars!: number;

  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds of the fill candle' })
  fillTime!: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds of the exit candle' })
  exitTime!: number | null;

  @ApiProperty({
    description: 'What happened and what it teaches, in the course’s words',
    example:
      'Stopped out: −1.0R (−250.00 dollars). A good trade that lost: the process was right, ' +
      'and the loss was the size you planned.',
  })
  summary!: string;
}

export class ModelPlanDto implements ModelPlan {
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
export class PlanResultDto implements PlanResult {
  @ApiProperty()
  pass!: boolean;

  @ApiProperty({
    type: [String],
    enum: ['entry', 'stop', 'target', 'reward-to-risk', 'size'],
    description: 'The rules the plan broke, in the order a trader checks them',
  })
  failed!: PlanRule[];

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

  @ApiProperty({
    description: 'Failed tries still allowed before the course’s plan shows; 0 once revealed',
    example: 2,
  })
  triesLeft!: number;

  @ApiProperty({ description: 'Passed, or three tries used: the model plan and outcomes follow' })
  revealed!: boolean;

  @ApiPropertyOptional({ type: ModelPlanDto })
  model?: ModelPlanDto;

  @ApiPropertyOptional({ type: PlanOutcomeDto, description: 'How the learner’s plan played out' })
  outcome?: PlanOutcomeDto;
}

/** A plan as sent: three prices and the money side. */
export class SentPlanDto implements SentPlan {
  @ApiProperty({ example: 50.2 }) entry!: number;
  @ApiProperty({ example: 49.7 }) stop!: number;
  @ApiProperty({ example: 51.4 }) target!: number;
  @ApiProperty({ example: 25_000 }) account!: number;
  @ApiProperty({ example: 1 }) riskPercent!: number;
  @ApiProperty({ example: 500 }) size!: number;
}

export class PlanLessonRefDto implements PlanLessonRef {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The lesson’s id, or null for one of the learner’s practice plans',
    example: 608,
  })
  id!: number | null;

  @ApiProperty({ example: '/risk-plan-long' }) path!: string;
  @ApiProperty({ example: 'Plan a long trade' }) title!: string;
}

export class PlanExerciseResultDto implements PlanExerciseResult {
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

export class TradeRecordDto implements TradeRecord {
  @ApiProperty({ description: 'Plans counted (revealed exercises)' }) plans!: number;
  @ApiProperty({ description: 'Plans whose entry was reached' }) filled!: number;
  @ApiProperty({ description: 'Trades closed at their target' }) wins!: number;
  @ApiProperty({ description: 'Trades closed at their stop for a loss (below 0.0R)' })
  losses!: number;
  @ApiProperty({
    description: 'Trades closed at their stop for 0.0R to one decimal: breakeven, not a loss',
  })
  breakeven!: number;
  @ApiProperty({
    description: "Trades still open at the session's last candle, closed flat at its close",
  })
  flatAtClose!: number;
  @ApiProperty({
    description:
      "Trades closed at their target, their stop (a loss or breakeven) or the session's close",
  })
  closed!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Win rate: wins / closed' })
  hitRate!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Mean R of the filled trades' })
  averageR!: number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Mean R of the trades closed at their target',
    example: 2.4,
  })
  averageWinR!: number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Mean R of the trades closed at their stop (negative)',
    example: -1.1,
  })
  averageLossR!: number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: "Mean R of the trades closed at the session's close",
    example: 0.2,
  })
  averageFlatR!: number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description:
      'R per closed trade, the mean R of the closed trades: win rate × averageWinR + loss rate × ' +
      'averageLossR + flat rate × averageFlatR',
    example: 0.3,
  })
  expectancy!: number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description:
      'Standard error of the expectancy: standard deviation of the closed trades’ R over the ' +
      'square root of their number; null below two closed trades',
    example: 0.7,
  })
  standardErrorR!: number | null;
  @ApiProperty() totalR!: number;
  @ApiProperty({ type: [Number], description: 'Running total in R after each plan' })
  cumulativeR!: number[];
}

/** The answer of GET api/plans/results. */
export class PlanResultsDto implements PlanResults {
  @ApiProperty({ type: [PlanExerciseResultDto] }) exercises!: PlanExerciseResultDto[];
  @ApiProperty({ type: TradeRecordDto }) record!: TradeRecordDto;
}

/** The learner's last graded plan of an exercise, answered again as POST api/plans answered it. */
export class PlanReviewDto extends PlanResultDto implements PlanReview {
  @ApiProperty({ type: SentPlanDto, description: 'The plan as the learner sent it' })
  plan!: SentPlanDto;

  @ApiProperty({
    format: 'date-time',
    description: 'When it was graded',
    example: '2026-01-15T14:32:05.000Z',
  })
  gradedAt!: string;
}

/** What a plan exercise shows before any try: the zone traded and the money side. */
export class PlanSetupDto implements PlanSetup {
  @ApiProperty({ type: ZoneDto, description: 'The zone to trade (given, not to be found)' })
  zone!: ZoneDto;

  @ApiProperty({
    type: ZoneBoundsDto,
    description: 'The next opposing zone in the trade’s direction; the target stays short of it',
  })
  opposing!: ZoneBoundsDto;

  @ApiProperty({ enum: ['shares', 'micro-e-mini', 'forex'], example: 'shares' })
  instrument!: PlanSetup['instrument'];

  @ApiProperty({ description: 'Dollars one unit gains or loses per 1.00 of price', example: 1 })
  pointValue!: number;

  @ApiProperty({ description: 'What the size counts', example: 'shares' })
  unit!: string;

  @ApiProperty({ description: 'The smallest size step that can be traded', example: 1 })
  step!: number;

  @ApiProperty({ description: 'Account size in dollars', example: 25_000 })
  account!: number;

  @ApiProperty({ description: 'Percent of the account to risk', example: 1 })
  riskPercent!: number;

  @ApiProperty({ description: 'The least reward-to-risk a plan may have', example: 2 })
  minRewardToRisk!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The most one position may be worth, in dollars; null without a limit',
    example: 100_000,
  })
  buyingPower!: number | null;
}
