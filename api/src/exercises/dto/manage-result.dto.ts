import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MANAGEMENT_RULES, type ManagedExitReason, type ManagementRule } from '@course/rules';
import { ZoneBoundsDto, ZoneDto } from './zone.dto.js';
import type {
  CourseManagement,
  ManageAnswer,
  ManageChoice,
  ManagedRuleOutcome,
  ManageResult,
  ManageSetup,
} from '@course/contract';

const EXIT_REASONS: ManagedExitReason[] = [
  'stop',
  'target',
  'breakeven',
  'trail',
  'partial',
  'time',
  'session-close',
  'open',
];

// Named, because a class can only implement a type by its name.
type ManagePlan = ManageSetup['plan'];

export class ManageAnswerDto implements ManageAnswer {
  @ApiProperty({ enum: MANAGEMENT_RULES }) rule!: ManagementRule;
}

export class ManageChoiceDto implements ManageChoice {
  @ApiProperty({ enum: MANAGEMENT_RULES }) rule!: ManagementRule;
  @ApiProperty({ example: 'Breakeven: at +1R, move the stop to the entry' }) label!: string;
}

export class ManagePlanDto implements ManagePlan {
  @ApiProperty({ example: 68.05 }) entry!: number;
  @ApiProperty({ example: 67.76 }) stop!: number;
  @ApiProperty({ example: 68.77 }) target!: number;
}

/** What a trade-management exercise shows before any answer. */
export class ManageSetupDto implements ManageSetup {
  @ApiProperty({ type: ZoneDto, description: 'The zone the plan trades' }) zone!: ZoneDto;
  @ApiProperty({ type: ZoneBoundsDto, description: 'The next opposing zone' })
  opposing!: ZoneBoundsDto;
  @ApiProperty({ type: ManagePlanDto, description: 'The course’s plan, already placed' })
  plan!: ManagePlanDto;
  @ApiProperty({ description: 'The price at +1R, where every rule acts', example: 68.34 })
  oneR!: number;
  @ApiProperty({ type: [ManageChoiceDto] }) choices!: ManageChoiceDto[];
}

export class ManagedRuleOutcomeDto implements ManagedRuleOutcome {
  @ApiProperty({ enum: MANAGEMENT_RULES }) rule!: ManagementRule;
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'The whole position’s result in R', example: 0 }) resultR!: number;
  @ApiProperty({ enum: EXIT_REASONS, nullable: true, description: 'Why the last part left' })
  exit!: ManagedExitReason | null;
  @ApiProperty({ type: Number, nullable: true }) fillTime!: number | null;
  @ApiProperty({ type: Number, nullable: true }) exitTime!: number | null;
  @ApiProperty({ type: Number, nullable: true }) exitPrice!: number | null;
  @ApiProperty({
    description: 'What happened, in the course’s words',
    example:
      'Breakeven: price reached +1R and the stop moved to the entry; price came back to the ' +
      'entry and the trade left at 68.05, a scratch: 0.0R.',
  })
  summary!: string;
}

export class CourseManagementDto implements CourseManagement {
  @ApiProperty({ enum: MANAGEMENT_RULES, description: 'The rule the lesson teaches' })
  rule!: ManagementRule;
  @ApiProperty({ type: [ManagedRuleOutcomeDto], description: 'Every rule on the same trade' })
  outcomes!: ManagedRuleOutcomeDto[];
  @ApiProperty({ description: 'What the spread of results says' }) lesson!: string;
}

/** The answer of POST api/manage. */
export class ManageResultDto implements ManageResult {
  @ApiProperty() pass!: boolean;
  @ApiProperty({ type: [String], description: 'The verdict, then the lesson’s rule' })
  feedback!: string[];
  @ApiProperty() tries!: number;
  @ApiProperty({ description: 'Answered once: every rule’s result follows' }) revealed!: boolean;
  @ApiProperty({ type: ManageAnswerDto }) answer!: ManageAnswerDto;
  @ApiPropertyOptional({ type: CourseManagementDto }) course?: CourseManagementDto;
}
