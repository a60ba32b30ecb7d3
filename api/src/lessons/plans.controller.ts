import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { type AnsweredExercise, recordAnswer } from '../analytics/answer-events.js';
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { Request, Response } from 'express';
import type { User } from '../users/user.entity.js';
import { ChartCatalogue } from '../chart-catalogue/chart-catalogue.provider.js';
import { CourseAccess } from '../catalogue/course-access.js';
import { CourseContent } from '../catalogue/course-content.js';
import { PlanResultDto, PlanResultsDto } from './dto/plan-result.dto.js';
import { TradePlanDto } from './dto/trade-plan.dto.js';
import {
  lessonPlanExercise,
  type PlanExercise,
  PlansService,
  practicePlanExercise,
} from './plans.service.js';
import { PracticeCharts } from '../practice-charts/practice-charts.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../catalogue/course-gate-responses.js';
import type { PlanResult, PlanResults } from '@course/contract';
import { IdempotencyKeyHeader } from '../idempotency/idempotency-key-header.js';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.js';

@ApiTags('lessons')
@Controller('api/plans')
@RequiresSession()
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly access: CourseAccess,
    private readonly content: CourseContent,
    private readonly charts: ChartCatalogue,
    private readonly practice: PracticeCharts,
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
      'Grades entry, stop, target and size for a lesson’s plan exercise with chart-kit ' +
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
    const exercise = await this.exerciseOf(user, body);
    const { entry, stop, target, account, riskPercent, size } = body;
    const plan = { entry, stop, target, account, riskPercent, size };
    const { answer, replayed } = await this.idempotent.answer(
      { userId: user.id, key: idempotencyKey, operation: 'plan', body },
      response,
      (store) => this.plans.gradeAndRecord(user.id, exercise, plan, store),
    );
    if (!replayed) recordAnswer(this.analytics, request, user.id, answered(body), answer);
    return answer;
  }

  /** The exercise a plan answers: a lesson's, or one of the learner's practice plans. */
  private async exerciseOf(user: User, body: TradePlanDto): Promise<PlanExercise> {
    if ((body.lesson === undefined) === (body.practice === undefined)) {
      throw new BadRequestException('Send exactly one of lesson and practice.');
    }
    if (body.practice !== undefined) {
      await this.access.requirePractice(user.id, body.practice);
      return practicePlanExercise(body.practice, await this.practice.plan(user.id, body.practice));
    }
    const lesson = this.content.byId(body.lesson ?? 0);
    if (!lesson) throw new BadRequestException(`There is no lesson with id ${body.lesson}.`);
    if (lesson.exerciseKind !== 'plan' || lesson.c_num === null) {
      throw new BadRequestException(`Lesson ${lesson.id} has no trade-plan exercise.`);
    }
    this.access.requireLesson(await this.access.learner(user.id), lesson);
    const chart = this.charts.get(lesson.c_num);
    if (!chart)
      throw new Error(`lesson ${lesson.id} names chart ${lesson.c_num}, which is missing`);
    return lessonPlanExercise(lesson, chart);
  }
}

/** What the answer was given to, as analytics names it. */
function answered(body: { lesson?: number; practice?: number }): AnsweredExercise {
  return body.practice !== undefined
    ? { practiceIndex: body.practice }
    : { lessonId: body.lesson ?? 0 };
}
