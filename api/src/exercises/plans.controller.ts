import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { recordAnswer } from '../analytics/answer-events.js';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { Request, Response } from 'express';
import type { User } from '../users/user.entity.js';
import { PlanResultDto, PlanResultsDto } from './dto/plan-result.dto.js';
import { TradePlanDto } from './dto/trade-plan.dto.js';
import {
  answeredExercise,
  type ExerciseTarget,
  exerciseTarget,
  ExerciseTargets,
} from './exercise-targets.js';
import {
  lessonPlanExercise,
  type PlanExercise,
  PlansService,
  practicePlanExercise,
} from './plans.service.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import type { PlanResult, PlanResults } from '@course/contract';
import { IdempotencyKeyHeader } from '../idempotency/idempotency-key-header.js';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.js';

@ApiTags('lessons')
@Controller('api/plans')
@RequiresSession()
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly targets: ExerciseTargets,
    private readonly analytics: AnalyticsRecorder,
    private readonly idempotent: IdempotentAnswers,
  ) {}

  @Get('results')
  @ApiOperation({
    summary: 'The learner’s graded trade plans and their record',
    description:
      'Each plan exercise the learner has tried (their last plan, oldest first), with how it ' +
      'played out once the exercise is revealed (passed or three tries), and the record over ' +
      'those: trades filled, wins, losses, hit rate over closed trades, average R over filled ' +
      'ones and the running total in R.',
  })
  @ApiOkResponse({ type: PlanResultsDto })
  results(@CurrentUser() user: User): Promise<PlanResults> {
    return this.plans.results(user.id);
  }

  @Post()
  @CourseGateResponses()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Grade a trade plan',
    description:
      'Grades entry, stop, target and size for a lesson’s plan exercise with the course’s ' +
      'gradeTradePlan: entry at or inside the proximal line, stop beyond the distal line (at ' +
      'most one average range), target short of the next opposing zone, reward-to-risk at least ' +
      'the lesson’s minimum (2:1 by default), size within one unit of account x risk / (entry - ' +
      'stop). Answers {pass, failed, feedback, rewardToRisk, riskDollars, correctSize, tries, ' +
      'revealed}; from a pass or the third failed try also the model plan and both plans’ ' +
      'outcomes on the candles after the exercise (when one candle reaches both the stop and ' +
      'the target, the stop counts first). A stop on the wrong side of the entry is a 400. A ' +
      'gated lesson answers 403 {subscriptionRequired: true}, a lesson not yet open 403 ' +
      '{finishFirst}. Give practice instead of lesson for one of the learner’s practice plans ' +
      '(GET api/practice/plans/{index}); the first is free, the others need the Pro Plan.',
  })
  @ApiOkResponse({ type: PlanResultDto })
  async plan(
    @CurrentUser() user: User,
    @Body() body: TradePlanDto,
    @IdempotencyKeyHeader() idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PlanResult> {
    const answered = exerciseTarget(body);
    const exercise = await this.exerciseOf(user, answered);
    const { entry, stop, target, account, riskPercent, size } = body;
    const plan = { entry, stop, target, account, riskPercent, size };
    const { answer, replayed } = await this.idempotent.answer(
      { userId: user.id, key: idempotencyKey, operation: 'plan', body },
      response,
      (store) => this.plans.gradeAndRecord(user.id, exercise, plan, store),
    );
    if (!replayed)
      recordAnswer(this.analytics, request, user.id, answeredExercise(answered), answer);
    return answer;
  }

  /** The exercise a plan answers: a lesson's, or one of the learner's practice plans. */
  private async exerciseOf(user: User, target: ExerciseTarget): Promise<PlanExercise> {
    if ('practice' in target) {
      const chart = await this.targets.practicePlan(user.id, target.practice);
      return practicePlanExercise(target.practice, chart);
    }
    const { lesson, chart } = await this.targets.lessonChart(user.id, target.lesson, 'plan');
    return lessonPlanExercise(lesson, chart);
  }
}
