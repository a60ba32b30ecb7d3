import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PracticeRealBody, PracticeRealDecisionBody } from '@course/contract';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseAccess, FREE_PRACTICE_CHARTS } from '../course-catalogue/course-access.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import { chartDataBody, unnumberedChartData } from '../chart-data/chart-data.js';
import { WholeNumberPath } from '../common/whole-number-param.js';
import { AttemptsService, realKey } from '../exercises/attempts.service.js';
import { DecisionsService, realDecisionExercise } from '../exercises/decisions.service.js';
import { realDecisionCharts } from '../real-practice/real-decision-charts.js';
import {
  MAX_REAL_INDEX,
  RealPracticeItems,
  realExerciseChart,
} from '../real-practice/real-practice-items.js';
import { realSessionName } from '../real-practice/real-words.js';
import { hiddenDateShift, withTimesMoved } from '../real-practice/hidden-date.js';
import type { User } from '../users/user.entity.js';
import { PracticeRealDecisionDto, PracticeRealDto } from './dto/practice-real.dto.js';

@ApiTags('practice')
@Controller('api/practice/real')
@RequiresSession()
export class PracticeRealController {
  constructor(
    private readonly access: CourseAccess,
    private readonly real: RealPracticeItems,
    private readonly attempts: AttemptsService,
    private readonly decisions: DecisionsService,
  ) {}

  // Before ':index', which would read "decisions" as an index.
  @Get('decisions/:index')
  @CourseGateResponses()
  @ApiNotFoundResponse({
    description: 'A real decision past the next one to serve (their next is named), or gone',
  })
  @ApiOperation({
    summary: 'One of the learner’s real decisions: a real return to a zone, take or skip',
    description:
      'The index-th real take-or-skip exercise of the learner: a return to a zone the course’s ' +
      'rules found on a real session, shown up to the candle that came back into it, with the ' +
      'next opposing zone (decisionSetup) and the 1-hour chart. Served in order like the real ' +
      'charts (a session the learner has not seen until the pool is used up). Answers go to ' +
      'POST api/decisions {real: index, take, reasons}; once answered, the session (symbol and ' +
      'day), the course’s decision and what really happened to the close (next) appear. The ' +
      'first is free; the others answer 403 {subscriptionRequired: true} without the Pro Plan.',
  })
  @ApiOkResponse({ type: PracticeRealDecisionDto })
  async decision(
    @CurrentUser() user: User,
    @WholeNumberPath(
      'index',
      { subject: 'The real decision', min: 1, max: MAX_REAL_INDEX },
      { description: 'Place among the learner’s real decisions', example: 1 },
    )
    index: number,
  ): Promise<PracticeRealDecisionBody> {
    await this.access.requirePractice(user.id, index);
    const item = await this.real.decision(user.id, index, true);
    const { fiveMinute, hourly } = realDecisionCharts(item);
    const exercise = realDecisionExercise(index, fiveMinute);
    const standing = await this.attempts.standing(user.id, exercise.key);
    const chart = unnumberedChartData(chartDataBody(fiveMinute, standing.revealed));
    const hourlyChart = unnumberedChartData(chartDataBody(hourly, standing.revealed));
    const shift = standing.revealed ? 0 : hiddenDateShift(item.candles.at(-1)?.time ?? 0);
    return {
      ...withTimesMoved(chart, shift),
      hourly: withTimesMoved(hourlyChart, shift),
      index,
      free: FREE_PRACTICE_CHARTS,
      pool: await this.real.decisionPoolSize(),
      exercise: standing,
      decisionSetup: this.decisions.setup(exercise),
      decisionReview: await this.decisions.review(user.id, exercise),
      ...(standing.revealed ? { session: realSessionName(item) } : {}),
    };
  }

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
      '(session) and the rest of the session (next) appear once passed or after three tries; ' +
      'until then the candles’ times are moved to a week of 2001 (same weekday and clock ' +
      'times), so that the chart’s axis names no real day. ' +
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
    const chart = unnumberedChartData(chartDataBody(realExerciseChart(item), exercise.revealed));
    // The axis would name the day: before the answer the times are moved to another week.
    const shift = exercise.revealed ? 0 : hiddenDateShift(item.candles.at(-1)?.time ?? 0);
    return {
      ...withTimesMoved(chart, shift),
      index,
      free: FREE_PRACTICE_CHARTS,
      pool: await this.real.poolSize(),
      exercise,
      ...(exercise.revealed ? { session: realSessionName(item) } : {}),
    };
  }
}
