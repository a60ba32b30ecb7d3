import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { PRACTICE_KINDS, type PracticeKind, SKILL_KEYS, type SkillKey } from '@course/rules';
import type { PracticeItem, PracticeMode, PracticePlaceUpdate } from '@course/contract';
import { PRACTICE_CHART_COUNT, PRACTICE_PLAN_COUNT } from '../../course-catalogue/course-access.js';
import { MAX_REAL_INDEX } from '../../real-practice/real-practice-items.js';
import { PracticeReasonDto } from '../../skills/dto/skills.dto.js';

export const PRACTICE_MODES = [
  'needs',
  'zones',
  'decisions',
  'plans',
  'real',
  'real-decisions',
] as const satisfies readonly PracticeMode[];

/** The longest reason kept: the chooser's sentences are well under it. */
export const REASON_MAX_LENGTH = 200;

const placeMessage = (what: string, count: number) =>
  `${what} must be a whole number from 1 to ${count}`;

/** "Practise what I need": the exercise on screen, as GET api/practice/next chose it. */
export class PracticeItemDto implements PracticeItem {
  @ApiProperty({ enum: PRACTICE_KINDS, example: 'decision' })
  @IsIn(PRACTICE_KINDS, { message: `current.kind must be one of ${PRACTICE_KINDS.join(', ')}` })
  @IsDefined({ message: 'current.kind is required' })
  kind!: PracticeKind;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: PRACTICE_CHART_COUNT,
    description: `Its place among the practice exercises of its kind (zones 1 to ${PRACTICE_CHART_COUNT}, decisions and plans 1 to ${PRACTICE_PLAN_COUNT})`,
    example: 3,
  })
  @IsInt({ message: placeMessage('current.index', PRACTICE_CHART_COUNT) })
  @Min(1, { message: placeMessage('current.index', PRACTICE_CHART_COUNT) })
  @Max(PRACTICE_CHART_COUNT, { message: placeMessage('current.index', PRACTICE_CHART_COUNT) })
  index!: number;

  @ApiProperty({ enum: SKILL_KEYS, example: 'freshness' })
  @IsIn(SKILL_KEYS, { message: 'current.skill must be one of the course’s skills' })
  @IsDefined({ message: 'current.skill is required' })
  skill!: SkillKey;

  @ApiProperty({
    minLength: 1,
    maxLength: REASON_MAX_LENGTH,
    example: 'You missed freshness twice: here is another.',
  })
  @Length(1, REASON_MAX_LENGTH, {
    message: `current.reason must be 1 to ${REASON_MAX_LENGTH} characters`,
  })
  @IsString({ message: 'current.reason must be text' })
  reason!: string;

  @ApiPropertyOptional({
    type: PracticeReasonDto,
    description: 'Why it was chosen, as GET api/practice/next gave it; absent from older places',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => PracticeReasonDto)
  @IsObject({ message: 'current.reasonData must be an object' })
  reasonData?: PracticeReasonDto;

  @ApiPropertyOptional({
    description: 'true: one of the learner’s real charts or real decisions; absent: simulated',
    example: true,
  })
  @IsOptional()
  @IsBoolean({ message: 'current.real must be true or false' })
  real?: boolean;
}

/** Where the learner is in the Practice Portal (the body of POST and the answer of both calls). */
export class PracticePlaceDto implements PracticePlaceUpdate {
  @ApiProperty({
    enum: PRACTICE_MODES,
    description:
      '"needs": Practise what I need (the server chooses each exercise); "zones", "decisions", ' +
      '"plans": the fixed rounds; "real", "real-decisions": real charts (zones to find, ' +
      'returns to zones to take or skip)',
    example: 'needs',
  })
  @IsIn(PRACTICE_MODES, { message: `mode must be one of ${PRACTICE_MODES.join(', ')}` })
  @IsDefined({ message: 'mode is required' })
  mode!: PracticeMode;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: PRACTICE_CHART_COUNT,
    description: 'The place in the zone charts (the first ten are the round)',
    example: 1,
  })
  @IsInt({ message: placeMessage('zones', PRACTICE_CHART_COUNT) })
  @Min(1, { message: placeMessage('zones', PRACTICE_CHART_COUNT) })
  @Max(PRACTICE_CHART_COUNT, { message: placeMessage('zones', PRACTICE_CHART_COUNT) })
  zones!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: PRACTICE_PLAN_COUNT, example: 1 })
  @IsInt({ message: placeMessage('decisions', PRACTICE_PLAN_COUNT) })
  @Min(1, { message: placeMessage('decisions', PRACTICE_PLAN_COUNT) })
  @Max(PRACTICE_PLAN_COUNT, { message: placeMessage('decisions', PRACTICE_PLAN_COUNT) })
  decisions!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: PRACTICE_PLAN_COUNT, example: 1 })
  @IsInt({ message: placeMessage('plans', PRACTICE_PLAN_COUNT) })
  @Min(1, { message: placeMessage('plans', PRACTICE_PLAN_COUNT) })
  @Max(PRACTICE_PLAN_COUNT, { message: placeMessage('plans', PRACTICE_PLAN_COUNT) })
  plans!: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_REAL_INDEX,
    description:
      'The place in the real charts (GET api/practice/real/{index}); kept as it is when left out',
    example: 1,
  })
  @IsOptional()
  @IsInt({ message: placeMessage('real', MAX_REAL_INDEX) })
  @Min(1, { message: placeMessage('real', MAX_REAL_INDEX) })
  @Max(MAX_REAL_INDEX, { message: placeMessage('real', MAX_REAL_INDEX) })
  real?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_REAL_INDEX,
    description:
      'The place in the real decisions (GET api/practice/real/decisions/{index}); kept as it ' +
      'is when left out',
    example: 1,
  })
  @IsOptional()
  @IsInt({ message: placeMessage('realDecisions', MAX_REAL_INDEX) })
  @Min(1, { message: placeMessage('realDecisions', MAX_REAL_INDEX) })
  @Max(MAX_REAL_INDEX, { message: placeMessage('realDecisions', MAX_REAL_INDEX) })
  realDecisions?: number;

  @ApiProperty({
    type: PracticeItemDto,
    nullable: true,
    description:
      '"Practise what I need": the exercise being worked on; null before the first is chosen',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => PracticeItemDto)
  @IsObject({ message: 'current must be an exercise or null' })
  current!: PracticeItemDto | null;
}

/** The place as both calls answer it: with the place in the real charts, always. */
export class KeptPracticePlaceDto extends PracticePlaceDto {
  @ApiProperty({
    required: true,
    type: 'integer',
    minimum: 1,
    maximum: MAX_REAL_INDEX,
    description: 'The place in the real charts (GET api/practice/real/{index})',
    example: 1,
  })
  declare real: number;

  @ApiProperty({
    required: true,
    type: 'integer',
    minimum: 1,
    maximum: MAX_REAL_INDEX,
    description: 'The place in the real decisions (GET api/practice/real/decisions/{index})',
    example: 1,
  })
  declare realDecisions: number;
}
