import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { type AnsweredExercise, recordAnswer } from '../analytics/answer-events.js';
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
import { ChartCatalogue } from '../chart-catalogue/chart-catalogue.provider.js';
import { CourseAccess } from '../catalogue/course-access.js';
import { CourseContent } from '../catalogue/course-content.js';
import {
  type DecisionExercise,
  DecisionsService,
  lessonDecisionExercise,
  practiceDecisionExercise,
} from './decisions.service.js';
import { DecisionDto } from './dto/decision.dto.js';
import { DecisionResultDto } from './dto/decision-result.dto.js';
import { PracticeCharts } from '../practice-charts/practice-charts.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../catalogue/course-gate-responses.js';
import type { DecisionResult } from '@course/contract';
import { IdempotencyKeyHeader } from '../idempotency/idempotency-key-header.js';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.js';

@ApiTags('lessons')
@Controller('api/decisions')
@RequiresSession()
export class DecisionsController {
  constructor(
    private readonly decisions: DecisionsService,
    private readonly access: CourseAccess,
    private readonly content: CourseContent,
    private readonly charts: ChartCatalogue,
    private readonly practice: PracticeCharts,
    private readonly analytics: AnalyticsRecorder,
    private readonly idempotent: IdempotentAnswers,
  ) {}

  @Post()
  @CourseGateResponses()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Take or skip a trade at a zone',
    description:
      'Grades a take-or-skip answer with chart-kit gradeDecision. The course takes a trade when ' +
      'three checks pass: room (a target short of the next opposing zone pays at least 2R), a ' +
      'fresh zone, and a 1-hour trend not against the trade; a skip passes only when it names ' +
      'exactly the checks that fail. With two choices a second try is no test, so the first ' +
      'answer reveals the course’s decision, every check with its numbers, and how a trade there ' +
      'played out. Give lesson, or practice for one of the learner’s practice decisions (the ' +
      'first is free). A gated lesson answers 403 {subscriptionRequired: true}, a lesson not yet ' +
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
    const exercise = await this.exerciseOf(user, body);
    if (body.take && body.reasons.length > 0) {
      throw new BadRequestException('A trade that is taken has no reasons to skip it.');
    }
    if (!body.take && body.reasons.length === 0) {
      throw new BadRequestException('Name the checks that fail when you skip a trade.');
    }
    const choice = { take: body.take, reasons: body.reasons };
    const { answer, replayed } = await this.idempotent.answer(
      { userId: user.id, key: idempotencyKey, operation: 'decision', body },
      response,
      (store) => this.decisions.gradeAndRecord(user.id, exercise, choice, store),
    );
    if (!replayed) recordAnswer(this.analytics, request, user.id, answered(body), answer);
    return answer;
  }

  private async exerciseOf(user: User, body: DecisionDto): Promise<DecisionExercise> {
    if ((body.lesson === undefined) === (body.practice === undefined)) {
      throw new BadRequestException('Send exactly one of lesson and practice.');
    }
    if (body.practice !== undefined) {
      await this.access.requirePractice(user.id, body.practice);
      return practiceDecisionExercise(
        body.practice,
        (await this.practice.decision(user.id, body.practice)).fiveMinute,
      );
    }
    const lesson = this.content.byId(body.lesson ?? 0);
    if (!lesson) throw new BadRequestException(`There is no lesson with id ${body.lesson}.`);
    if (lesson.exerciseKind !== 'decision' || lesson.c_num === null) {
      throw new BadRequestException(`Lesson ${lesson.id} has no take-or-skip exercise.`);
    }
    this.access.requireLesson(await this.access.learner(user.id), lesson);
    const chart = this.charts.get(lesson.c_num);
    if (!chart)
      throw new Error(`lesson ${lesson.id} names chart ${lesson.c_num}, which is missing`);
    return lessonDecisionExercise(lesson, chart);
  }
}

/** What the answer was given to, as analytics names it. */
function answered(body: { lesson?: number; practice?: number }): AnsweredExercise {
  return body.practice !== undefined
    ? { practiceIndex: body.practice }
    : { lessonId: body.lesson ?? 0 };
}
