import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PracticeRealBody } from '@course/contract';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseAccess, FREE_PRACTICE_CHARTS } from '../catalogue/course-access.js';
import { CourseGateResponses } from '../catalogue/course-gate-responses.js';
import { chartDataBody } from '../chart-data/chart-data.js';
import { WholeNumberPath } from '../common/whole-number-param.js';
import { AttemptsService, realKey } from '../exercises/attempts.service.js';
import {
  MAX_REAL_INDEX,
  RealPracticeItems,
  realExerciseChart,
} from '../real-practice/real-practice-items.js';
import { realSessionName } from '../real-practice/real-words.js';
import type { User } from '../users/user.entity.js';
import { PracticeRealDto } from './dto/practice-real.dto.js';

@ApiTags('practice')
@Controller('api/practice/real')
@RequiresSession()
export class PracticeRealController {
  constructor(
    private readonly access: CourseAccess,
    private readonly real: RealPracticeItems,
    private readonly attempts: AttemptsService,
  ) {}

  @Get(':index')
  @CourseGateResponses()
  @ApiNotFoundResponse({
    description: 'A real chart past the next one to serve (their next is named), or gone',
  })
  @ApiOperation({
    summary: 'One of the learner’s real charts: a real session, a zone to find',
    description:
      'The index-th real chart of the learner: the previous session of a real symbol and the ' +
      'session up to a cut where the course’s rules find a fresh zone of the asked type. The ' +
      'chart after the last served is served now: a session the learner has not seen, until ' +
      'every session of the pool was shown; later ones answer 404. Answers go to POST ' +
      'api/attempts {real: index, lines} and pass on any fresh zone of that type the rules ' +
      'find on the chart. The strongest zone (hiddenpl, hiddenpl2), the symbol and day ' +
      '(session) and the rest of the session (next) appear once passed or after three tries. ' +
      'The first is free; the others answer 403 {subscriptionRequired: true} without the Pro Plan.',
  })
  @ApiOkResponse({ type: PracticeRealDto })
  async chart(
    @CurrentUser() user: User,
    @WholeNumberPath(
      'index',
      { subject: 'The real chart', min: 1, max: MAX_REAL_INDEX },
      { description: 'Place among the learner’s real charts', example: 1 },
    )
    index: number,
  ): Promise<PracticeRealBody> {
    await this.access.requirePractice(user.id, index);
    const item = await this.real.item(user.id, index, true);
    const exercise = await this.attempts.standing(user.id, realKey(index));
    const {
      chart_number: _number,
      twin: _twin,
      ...chart
    } = chartDataBody(realExerciseChart(item), exercise.revealed);
    return {
      ...chart,
      index,
      free: FREE_PRACTICE_CHARTS,
      pool: await this.real.poolSize(),
      exercise,
      ...(exercise.revealed ? { session: realSessionName(item) } : {}),
    };
  }
}
