import { ApiProperty } from '@nestjs/swagger';
import { MANAGEMENT_RULES, type ManagementRule } from '@course/rules';
import { IsDefined, IsIn, IsInt, Max, Min } from 'class-validator';
import type { ManageRequest } from '@course/contract';

const RULE_MESSAGE = `rule must be one of ${MANAGEMENT_RULES.join(', ')}`;

/** An answer to a trade-management exercise: the rule the learner would manage the trade by. */
export class ManageDto implements ManageRequest {
  @ApiProperty({ description: 'Id of the lesson whose exercise this answers.', example: 613 })
  @IsInt({ message: 'lesson must be a lesson id' })
  @Min(1, { message: 'lesson must be a lesson id' })
  @Max(2_000_000_000, { message: 'lesson must be a lesson id' })
  @IsDefined({ message: 'lesson must be a lesson id' })
  lesson!: number;

  @ApiProperty({
    description:
      'hold: stop and target stay; breakeven: at +1R the stop moves to the entry; partial: at ' +
      '+1R half leaves, the rest keeps the stop and target; trail: from +1R the stop follows each ' +
      'new swing; time: closed without +1R within 12 candles, and at the session’s close.',
    enum: MANAGEMENT_RULES,
    example: 'breakeven',
  })
  @IsIn(MANAGEMENT_RULES, { message: RULE_MESSAGE })
  @IsDefined({ message: RULE_MESSAGE })
  rule!: ManagementRule;
}
