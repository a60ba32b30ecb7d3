import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  PRACTICE_KINDS,
  PRACTICE_REASON_CAUSES,
  type PracticeKind,
  type PracticeReasonCause,
  RECENT_WINDOW,
  SKILL_KEYS,
  type SkillKey,
} from '@course/rules';
import type { PracticeNextBody, PracticeReason, SkillMastery, SkillsBody } from '@course/contract';

export class SkillMasteryDto implements SkillMastery {
  @ApiProperty({ enum: SKILL_KEYS, description: 'The skill’s stable key', example: 'freshness' })
  key!: SkillKey;

  @ApiProperty({ example: 'Tell a fresh zone from a used one' })
  title!: string;

  @ApiProperty({
    description: 'The expected chance of passing an average exercise of the skill (0.5 before any)',
    minimum: 0,
    maximum: 1,
    example: 0.62,
  })
  mastery!: number;

  @ApiProperty({
    description: 'Half the width of its 95% interval: 0 sure, up to 0.5 knowing nothing',
    minimum: 0,
    maximum: 0.5,
    example: 0.21,
  })
  uncertainty!: number;

  @ApiProperty({ description: 'The graded answers that spoke for the skill', example: 4 })
  attempts!: number;

  @ApiProperty({ description: 'Practised, and its review date has come', example: false })
  due!: boolean;
}

/** The answer of GET api/skills. */
export class SkillsDto implements SkillsBody {
  @ApiProperty({ type: SkillMasteryDto, isArray: true, description: 'In the course’s order' })
  skills!: SkillMasteryDto[];
}

/**
 * Why the chooser picked an exercise, as data the client words; validated because the portal
 * sends it back in POST api/practice/place.
 */
export class PracticeReasonDto implements PracticeReason {
  @ApiProperty({
    enum: PRACTICE_REASON_CAUSES,
    description:
      'missed: the skill was missed recently (misses times, or once: last time); review: it is ' +
      'due again (daysAgo); new: never answered; least-sure: the weakest of the rest',
    example: 'missed',
  })
  @IsIn(PRACTICE_REASON_CAUSES, {
    message: `reasonData.cause must be one of ${PRACTICE_REASON_CAUSES.join(', ')}`,
  })
  @IsDefined({ message: 'reasonData.cause is required' })
  cause!: PracticeReasonCause;

  @ApiProperty({ enum: SKILL_KEYS, example: 'freshness' })
  @IsIn(SKILL_KEYS, { message: 'reasonData.skill must be one of the course’s skills' })
  @IsDefined({ message: 'reasonData.skill is required' })
  skill!: SkillKey;

  @ApiProperty({ enum: PRACTICE_KINDS, example: 'decision' })
  @IsIn(PRACTICE_KINDS, {
    message: `reasonData.kind must be one of ${PRACTICE_KINDS.join(', ')}`,
  })
  @IsDefined({ message: 'reasonData.kind is required' })
  kind!: PracticeKind;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: RECENT_WINDOW,
    description: `Misses among the skill’s last ${RECENT_WINDOW} answers`,
    example: 2,
  })
  @IsInt({ message: `reasonData.misses must be a whole number from 0 to ${RECENT_WINDOW}` })
  @Min(0, { message: `reasonData.misses must be a whole number from 0 to ${RECENT_WINDOW}` })
  @Max(RECENT_WINDOW, {
    message: `reasonData.misses must be a whole number from 0 to ${RECENT_WINDOW}`,
  })
  misses!: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description: 'Whole days since the skill was last answered; only with cause review',
    example: 12,
  })
  @IsOptional()
  @IsInt({ message: 'reasonData.daysAgo must be a whole number of days' })
  @Min(0, { message: 'reasonData.daysAgo must be a whole number of days' })
  daysAgo?: number;
}

/** The answer of GET api/practice/next. */
export class PracticeNextDto implements PracticeNextBody {
  @ApiProperty({ enum: PRACTICE_KINDS, example: 'decision' })
  kind!: PracticeKind;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The first practice exercise of that kind the learner has not finished (passed, or its ' +
      'answer shown); null when every one is',
    example: 3,
  })
  index!: number | null;

  @ApiProperty({
    enum: SKILL_KEYS,
    description: 'The skill it is chosen for',
    example: 'freshness',
  })
  skill!: SkillKey;

  @ApiProperty({ example: 'You missed freshness twice: here is another.' })
  reason!: string;

  @ApiPropertyOptional({
    type: PracticeReasonDto,
    description:
      'Why it was chosen, as data to word (reason is its words); absent on an exercise the ' +
      'portal kept from before',
  })
  reasonData?: PracticeReasonDto;

  @ApiPropertyOptional({
    description:
      'true: a real chart (zone: GET api/practice/real/{index}) or real decision (decision: ' +
      'GET api/practice/real/decisions/{index}); absent: a simulated practice exercise',
    example: true,
  })
  real?: boolean;
}
