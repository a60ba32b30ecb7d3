import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { recordAnswer } from '../analytics/answer-events.js';
import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { Request, Response } from 'express';
import type { User } from '../users/user.entity.js';
import { ManageDto } from './dto/manage.dto.js';
import { ManageResultDto } from './dto/manage-result.dto.js';
import { ExerciseTargets } from './exercise-targets.js';
import { lessonManageExercise, ManageService } from './manage.service.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import type { ManageResult } from '@course/contract';
import { IdempotencyKeyHeader } from '../idempotency/idempotency-key-header.js';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.js';

@ApiTags('lessons')
@Controller('api/manage')
@RequiresSession()
export class ManageController {
  constructor(
    private readonly manage: ManageService,
    private readonly targets: ExerciseTargets,
    private readonly analytics: AnalyticsRecorder,
    private readonly idempotent: IdempotentAnswers,
  ) {}

  @Post()
  @CourseGateResponses()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Choose how to manage a planned trade',
    description:
      'Grades the choice of a management rule (hold, breakeven at +1R, half off at +1R, a ' +
      'trailing stop from +1R, a time stop) against the rule the lesson teaches. Every rule ' +
      'acts on the result of the same trade, so a second try would be chosen knowing them: the ' +
      'first answer reveals each rule played out on the candles after the exercise, with its ' +
      'result in R and its words. A gated lesson answers 403 {subscriptionRequired: true}, a ' +
      'lesson not yet open 403 {finishFirst}.',
  })
  @ApiOkResponse({ type: ManageResultDto })
  async answer(
    @CurrentUser() user: User,
    @Body() body: ManageDto,
    @IdempotencyKeyHeader() idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ManageResult> {
    const { lesson, chart } = await this.targets.lessonChart(user.id, body.lesson, 'manage');
    const exercise = lessonManageExercise(lesson, chart);
    const { answer, replayed } = await this.idempotent.answer(
      { userId: user.id, key: idempotencyKey, operation: 'manage', body },
      response,
      (store) => this.manage.gradeAndRecord(user.id, exercise, body.rule, store),
    );
    if (!replayed) recordAnswer(this.analytics, request, user.id, { lessonId: lesson.id }, answer);
    return answer;
  }
}
