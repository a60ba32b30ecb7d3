// class-transformer's @Type reads design-time metadata through this polyfill.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  EXERCISE_KINDS,
  type ExerciseKind,
  MANAGEMENT_RULES,
  type ManagementRule,
  SKILL_KEYS,
  type SkillKey,
} from '@course/rules';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  type ValidationArguments,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

const LINK = /^\/[A-Za-z0-9&_-]*$/;

/** Names the keys that are not skills, so a typo in a lesson file is found at once. */
function unknownSkillsMessage({ value }: ValidationArguments): string {
  const unknown = Array.isArray(value)
    ? value.filter((key) => !(SKILL_KEYS as readonly unknown[]).includes(key))
    : [];
  const named = unknown.map((key) => JSON.stringify(key)).join(', ');
  return `skills names no known skill: ${named} (known: ${SKILL_KEYS.join(', ')})`;
}

export class IllustrationFrameSchema {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(40)
  // Each entry is checked as an [open, high, low, close] tuple by the loader.
  candles!: unknown[];

  @IsOptional()
  @IsArray()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  lines?: number[];

  @IsOptional()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  zone?: [number, number];

  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  highlight?: number[];

  @IsOptional()
  @IsString()
  @MaxLength(120)
  label?: string;
}

export class IllustrationSchema {
  @IsString()
  @MinLength(5)
  @MaxLength(200)
  caption!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => IllustrationFrameSchema)
  frames!: IllustrationFrameSchema[];
}

/** The instruments a trade-plan exercise can be sized in (see the course's trade-plan.ts). */
export const PLAN_INSTRUMENTS = ['shares', 'micro-e-mini', 'forex'] as const;
export type PlanInstrumentName = (typeof PLAN_INSTRUMENTS)[number];

/** A trade-plan exercise's money side, as the lesson sets it (the learner may change both). */
export class PlanSettingsSchema {
  @IsIn(PLAN_INSTRUMENTS)
  instrument!: PlanInstrumentName;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(100)
  @Max(10_000_000)
  account!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.1)
  @Max(5)
  riskPercent!: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(5)
  minRewardToRisk?: number;

  /** The most one position may be worth (shares: cash, or margin buying power). */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(100)
  @Max(100_000_000)
  buyingPower?: number;
}

/** What a lesson file's front matter must hold (see api/content/README.md). */
export class LessonFrontMatter {
  @IsInt()
  @Min(1)
  id!: number;

  @IsString()
  @Matches(LINK, { message: 'path must look like /lesson-name' })
  path!: string;

  @IsString()
  @MinLength(3)
  @MaxLength(80)
  title!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(20)
  page!: string;

  @IsString()
  @Matches(LINK, { message: 'linkBack must be a path such as /home' })
  linkBack!: string;

  @IsString()
  @Matches(LINK, { message: 'linkNext must be a path such as /home' })
  linkNext!: string;

  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(1)
  c_num!: number | null;

  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(1)
  hourly_c_num!: number | null;

  @IsBoolean()
  twoseries!: boolean;

  @IsBoolean()
  lineVisible!: boolean;

  @IsBoolean()
  reqPass!: boolean;

  @IsBoolean()
  pushLine!: boolean;

  @IsBoolean()
  pullLine!: boolean;

  @IsBoolean()
  showReturn!: boolean;

  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(1)
  prev_chart!: number | null;

  @IsBoolean()
  sub_req!: boolean;

  /** The lesson sends the learner on to the Practice Portal (a button beside Next). */
  @IsBoolean()
  practicePortal!: boolean;

  @IsString()
  @MinLength(10)
  @MaxLength(240)
  takeaway!: string;

  @ValidateNested()
  @Type(() => IllustrationSchema)
  illustration!: IllustrationSchema;

  /**
   * What the chart exercise asks: mark the zone (default), plan a trade at a given zone, decide
   * whether a given zone is worth trading (take or skip), or choose how to manage a planned trade.
   */
  @IsIn(EXERCISE_KINDS)
  exerciseKind!: ExerciseKind;

  /** A trade-management exercise's answer: the rule the lesson teaches (kept on the server). */
  @ValidateIf((_, value) => value !== null)
  @IsIn(MANAGEMENT_RULES)
  manageRule!: ManagementRule | null;

  @ValidateIf((_, value) => value !== null)
  @ValidateNested()
  @Type(() => PlanSettingsSchema)
  plan!: PlanSettingsSchema | null;

  /**
   * The skills the lesson's exercise tests (keys of the course's skill map), which its answers
   * count for. Optional; an exercise lesson names them (the content's tests check it).
   */
  @IsOptional()
  @IsArray({ message: 'skills must be a list of skill keys' })
  @ArrayMinSize(1, { message: 'skills must name at least one skill, or be left out' })
  @IsIn(SKILL_KEYS, { each: true, message: unknownSkillsMessage })
  skills?: SkillKey[];
}

/** Fields a file may leave out, with the value they then take. */
export const FRONT_MATTER_DEFAULTS = {
  c_num: null,
  hourly_c_num: null,
  twoseries: false,
  lineVisible: false,
  reqPass: false,
  pushLine: false,
  pullLine: false,
  showReturn: false,
  prev_chart: null,
  practicePortal: false,
  exerciseKind: 'zone',
  plan: null,
  manageRule: null,
} as const;
