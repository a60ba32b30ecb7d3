import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Req,
} from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { AttemptsService, lessonExerciseKey } from '../exercises/attempts.service.js';
import { CourseAccess } from '../course-catalogue/course-access.js';
import { CourseContent } from '../course-catalogue/course-content.js';
import { ProgressService } from './progress.service.js';
import { ProgressDto } from './dto/progress.dto.js';
import { UpdateProgressDto } from './dto/update-progress.dto.js';
import type { User } from '../users/user.entity.js';
import { RequiresSession } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import type { ProgressBody } from '@course/contract';

/** The spec's progress calls, at its paths. */
@ApiTags('progress')
@Controller('users')
@RequiresSession()
export class ProgressController {
  constructor(
    private readonly progress: ProgressService,
    private readonly access: CourseAccess,
    private readonly attempts: AttemptsService,
    private readonly content: CourseContent,
    private readonly analytics: AnalyticsRecorder,
  ) {}

  @Get('get-progress')
  @ApiOperation({ summary: 'Ids of the lessons this learner completed' })
  @ApiOkResponse({ type: ProgressDto })
  async getProgress(@CurrentUser() user: User): Promise<ProgressBody> {
    return { completed: await this.progress.completedIds(user.id) };
  }

  @Post('update')
  @CourseGateResponses()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Mark a lesson completed (idempotent)',
    description:
      'A lesson with reqPass is only recorded after a passing attempt on its chart or three ' +
      'failed ones (the Skip path); 409 otherwise. A gated lesson needs the Pro Plan (403 ' +
      '{subscriptionRequired: true}); a lesson not yet open answers 403 {finishFirst}.',
  })
  @ApiOkResponse({ type: ProgressDto, description: 'The lessons completed, this one included' })
  @ApiConflictResponse({ description: 'The lesson’s exercise is not passed or revealed yet' })
  async update(
    @CurrentUser() user: User,
    @Body() body: UpdateProgressDto,
    @Req() request: Request,
  ): Promise<ProgressBody> {
    const lesson = this.content.byId(body.completed);
    if (!lesson) throw new BadRequestException(`There is no lesson with id ${body.completed}.`);
    this.access.requireLesson(await this.access.learner(user.id), lesson);
    if (lesson.reqPass && lesson.c_num !== null) {
      const { revealed } = await this.attempts.standing(user.id, lessonExerciseKey(lesson));
      if (!revealed) {
        throw new ConflictException(
          'Pass this lesson’s chart exercise, or use your three tries, before moving on.',
        );
      }
    }
    await this.progress.complete(user.id, lesson.id);
    this.analytics.recordFromRequest(request, 'lesson_completed', { lessonId: lesson.id }, user.id);
    return { completed: await this.progress.completedIds(user.id) };
  }
}
