import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COURSE_MODULES } from '../../course-catalogue/lesson.js';
import type {
  Catalogue,
  CatalogueModule,
  LessonDescriptor,
  LessonStatus,
  LessonSummary,
  ModuleKey,
  PlanSettings,
} from '@course/contract';
import { EXERCISE_KINDS } from '@course/rules';

const MODULE_KEYS = COURSE_MODULES.map((module) => module.key);

/** A trade-plan exercise's money side, as the lesson sets it; the learner may change both. */
export class PlanSettingsDto implements PlanSettings {
  @ApiProperty({ enum: ['shares', 'micro-e-mini', 'forex'], example: 'shares' })
  instrument!: PlanSettings['instrument'];

  @ApiProperty({ description: 'Account size in dollars', example: 25_000 })
  account!: number;

  @ApiProperty({ description: 'Percent of the account to risk', example: 1 })
  riskPercent!: number;

  @ApiPropertyOptional({ description: 'The least reward-to-risk; 2 when absent', example: 2 })
  minRewardToRisk?: number;

  @ApiPropertyOptional({
    description: 'The most one position may be worth, in dollars; no limit when absent',
    example: 100_000,
  })
  buyingPower?: number;
}

/** A lesson's descriptor (the spec's field names, section 3) with the caller's status. */
export class LessonSummaryDto implements LessonSummary {
  @ApiProperty({ example: 101 })
  id!: number;

  @ApiProperty({ description: 'The app route of the lesson', example: '/m1-welcome' })
  path!: string;

  @ApiProperty({ example: 'Welcome to the Course' })
  title!: string;

  @ApiProperty({ description: 'Page label: its place in the module', example: '1/7' })
  page!: string;

  @ApiProperty({ description: 'Path of the previous lesson, or /home', example: '/home' })
  linkBack!: string;

  @ApiProperty({
    description: 'Path of the next lesson, or /home or /practice',
    example: '/m1-welcomeII',
  })
  linkNext!: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Number of the exercise chart (GET chart-data/{id}), or null without one',
    example: 7,
  })
  c_num!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The 1-hour twin of c_num when twoseries is true, or null',
    example: null,
  })
  hourly_c_num!: number | null;

  @ApiProperty({ description: 'Shows the 5min / 1hr toggle', example: false })
  twoseries!: boolean;

  @ApiProperty({
    description: 'The correct zone is drawn from the start (a demonstration, no grading)',
    example: false,
  })
  lineVisible!: boolean;

  @ApiProperty({
    description: 'Skip stays disabled until the exercise is passed (or three tries used)',
    example: false,
  })
  reqPass!: boolean;

  @ApiProperty({ description: 'The learner’s lines are saved for the next lesson', example: false })
  pushLine!: boolean;

  @ApiProperty({
    description: 'The lines saved on prev_chart are shown on this chart',
    example: false,
  })
  pullLine!: boolean;

  @ApiProperty({
    description: 'Once passed or revealed, the chart plays on by itself through the return',
    example: false,
  })
  showReturn!: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Chart whose saved lines are pulled, or null',
    example: null,
  })
  prev_chart!: number | null;

  @ApiProperty({ description: 'The lesson needs the Pro Plan', example: false })
  sub_req!: boolean;

  @ApiProperty({
    description: 'The lesson sends the learner on to the Practice Portal (a button beside Next)',
    example: false,
  })
  practicePortal!: boolean;

  @ApiProperty({
    description: 'The one sentence to remember',
    example:
      'A zone is a band of prices you mark with two lines, and both lines must sit inside it.',
  })
  takeaway!: string;

  @ApiProperty({ enum: MODULE_KEYS, example: 'foundations' })
  module!: ModuleKey;

  @ApiProperty({
    enum: EXERCISE_KINDS,
    description:
      'zone: mark the zone (POST api/attempts); plan: plan a trade at a zone given (POST ' +
      'api/plans); decision: take or skip a trade at a zone given (POST api/decisions); ' +
      'manage: choose how to manage a planned trade (POST api/manage)',
    example: 'zone',
  })
  exerciseKind!: LessonDescriptor['exerciseKind'];

  @ApiProperty({
    type: PlanSettingsDto,
    nullable: true,
    description: 'A trade-plan exercise’s instrument, account and risk; null otherwise',
  })
  plan!: PlanSettingsDto | null;

  @ApiProperty({
    enum: ['completed', 'open', 'locked'],
    description: 'locked until the lesson before it in its module is completed',
    example: 'open',
  })
  status!: LessonStatus;

  @ApiProperty({
    description: 'sub_req and the caller has no Pro Plan: the app shows the subscription wall',
    example: false,
  })
  subscriptionRequired!: boolean;
}

export class CatalogueModuleDto implements CatalogueModule {
  @ApiProperty({ enum: MODULE_KEYS, example: 'foundations' })
  key!: ModuleKey;

  @ApiProperty({ example: 'Foundations' })
  title!: string;

  @ApiProperty({ type: [LessonSummaryDto], description: 'In the order a learner takes them' })
  lessons!: LessonSummaryDto[];
}

/** The answer of GET api/lessons. */
export class CatalogueDto implements Catalogue {
  @ApiProperty({ description: 'The caller has the Pro Plan (false for visitors)', example: false })
  subscribed!: boolean;

  @ApiProperty({
    type: [Number],
    description: 'Ids of the lessons the caller completed (empty for visitors)',
    example: [101, 102],
  })
  completed!: number[];

  @ApiProperty({ type: [CatalogueModuleDto], description: 'In the order a learner takes them' })
  modules!: CatalogueModuleDto[];
}
