import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { recordAnswer } from '../analytics/answer-events.js';
import {
  BadRequestException,
  Body,
  Controller,
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
import {
  type DecisionExercise,
  DecisionsService,
  lessonDecisionExercise,
  practiceDecisionExercise,
  realDecisionExercise,
} from './decisions.service.js';
import { RealPracticeItems } from '../real-practice/real-practice-items.js';
import { realDecisionCharts } from '../real-practice/real-decision-charts.js';
import { CourseAccess } from '../course-catalogue/course-access.js';
import { DecisionDto } from './dto/decision.dto.js';
import { DecisionResultDto } from './dto/decision-result.dto.js';
import {
  answeredExercise,
  type ExerciseTarget,
  exerciseTarget,
  ExerciseTargets,
} from './exercise-targets.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import type { DecisionResult } from '@course/contract';
import { IdempotencyKeyHeader } from '../idempotency/idempotency-key-header.js';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.js';

@ApiTags('lessons')
@Controller('api/decisions')
@RequiresSession()
export class DecisionsController {
  constructor(
    private readonly decisions: DecisionsService,
    private readonly targets: ExerciseTargets,
    private readonly analytics: AnalyticsRecorder,
    private readonly idempotent: IdempotentAnswers,
    private readonly real: RealPracticeItems,
    private readonly access: CourseAccess,
  ) {}

  @Post()
  @CourseGateResponses()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Take or skip a trade at a zone',
    description:
      'Grades a take-or-skip answer with the course’s gradeDecision. The course takes a trade when ' +
      'four checks pass: grade (the zone scores at least a B, 4 of the Finding module’s 5 ' +
      'criteria, on the candles shown), room (a target short of the next opposing zone pays at ' +
      'least 2R), a fresh zone, and a 1-hour trend not against the trade; a skip passes only when ' +
      'it names exactly the checks that fail. The zone may be scored first on the five criteria ' +
      '(criteria: those it meets); that score is graded beside the decision. With two choices a ' +
      'second try is no test, so the first ' +
      'answer reveals the course’s decision, every check with its numbers, and how a trade there ' +
      'played out. Give lesson, practice for one of the learner’s practice decisions, or real ' +
      'for one of their real decisions (GET api/practice/real/decisions/{index}; the first of ' +
      'each is free). A gated lesson answers 403 {subscriptionRequired: true}, a lesson not yet ' +
      'open 403 {finishFirst}.',
  })
  @ApiOkResponse({ type: DecisionResultDto })
  async decide(
    @CurrentUser() user: User,
    @Body() body: DecisionDto,
    @IdempotencyKeyHeader() idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DecisionResult> {
    const real = body.real;
    if (real !== undefined && (body.lesson !== undefined || body.practice !== undefined)) {
      throw new BadRequestException('Send exactly one of lesson, practice and real.');
    }
    const answered = real === undefined ? exerciseTarget(body) : undefined;
    const exercise = answered
      ? await this.exerciseOf(user, answered)
      : await this.realExercise(user, real ?? 0);
    if (body.take && body.reasons.length > 0) {
      throw new BadRequestException('A trade that is taken has no reasons to skip it.');
    }
    if (!body.take && body.reasons.length === 0) {
      throw new BadRequestException('Name the checks that fail when you skip a trade.');
    }
    const choice = {
      take: body.take,
      reasons: body.reasons,
      ...(body.criteria ? { criteria: body.criteria } : {}),
    };
    const { answer, replayed } = await this.idempotent.answer(
      { userId: user.id, key: idempotencyKey, operation: 'decision', body },
      response,
      (store) => this.decisions.gradeAndRecord(user.id, exercise, choice, store),
    );
    // Real decisions have no analytics subject yet: kept as attempts and skills only.
    if (!replayed && answered) {
      recordAnswer(this.analytics, request, user.id, answeredExercise(answered), answer);
    }
    return answer;
  }

  /** One of the learner's real take-or-skip exercises, once shown to them. */
  private async realExercise(user: User, index: number): Promise<DecisionExercise> {
    await this.access.requirePractice(user.id, index);
    const item = await this.real.decision(user.id, index, false);
    return realDecisionExercise(index, realDecisionCharts(item).fiveMinute);
  }

  /** The exercise a decision answers: a lesson's, or one of the learner's practice decisions. */
  private async exerciseOf(user: User, target: ExerciseTarget): Promise<DecisionExercise> {
    if ('practice' in target) {
      const chart = await this.targets.practiceDecision(user.id, target.practice);
      return practiceDecisionExercise(target.practice, chart);
    }
    const { lesson, chart } = await this.targets.lessonChart(user.id, target.lesson, 'decision');
    return lessonDecisionExercise(lesson, chart);
  }
}
