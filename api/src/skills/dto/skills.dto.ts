import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PRACTICE_KINDS, type PracticeKind, SKILL_KEYS, type SkillKey } from '@course/rules';
import type { PracticeNextBody, SkillMastery, SkillsBody } from '@course/contract';

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
    description:
      'true: a real chart (zone: GET api/practice/real/{index}) or real decision (decision: ' +
      'GET api/practice/real/decisions/{index}); absent: a simulated practice exercise',
    example: true,
  })
  real?: boolean;
}
