import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { isDue, masteryOf, newSkillState, SKILLS } from '@course/rules';
import type { SkillsBody } from '@course/contract';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { RequiresSession } from '../auth/session-decorators.js';
import type { User } from '../users/user.entity.js';
import { SkillsDto } from './dto/skills.dto.js';
import { SkillStates } from './skill-states.service.js';

@ApiTags('practice')
@Controller('api/skills')
@RequiresSession()
export class SkillsController {
  constructor(private readonly skills: SkillStates) {}

  @Get()
  @ApiOperation({
    summary: 'The learner’s mastery of each skill',
    description:
      'Every skill of the course, in its order: key, title, mastery (0-1, 0.5 before any answer) ' +
      'with its uncertainty, the graded answers that spoke for it, and whether it is due for ' +
      'review. Updated by every graded answer (zones, plans, decisions, management).',
  })
  @ApiOkResponse({ type: SkillsDto })
  async list(@CurrentUser() user: User): Promise<SkillsBody> {
    const states = await this.skills.states(user.id);
    const now = new Date();
    return {
      skills: SKILLS.map(({ key, title }) => {
        const state = states[key] ?? newSkillState(key, now);
        const { mastery, uncertainty } = masteryOf(state, now);
        return {
          key,
          title,
          mastery,
          uncertainty,
          attempts: state.attempts,
          due: isDue(state, now),
        };
      }),
    };
  }
}
