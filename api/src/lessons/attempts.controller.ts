import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthCookies } from '../auth/auth-cookies.js';
import { NOT_LOGGED_IN } from '../auth/auth.service.js';
import { MaybeUser, OptionalAuthGuard } from '../auth/optional-auth.guard.js';
import type { User } from '../users/user.entity.js';
import { type AttemptResult, AttemptsService } from './attempts.service.js';
import { type Caller, LANDING_DEMO_CHARTS } from './caller.js';
import { gradedChartNumber } from './chart-catalogue.provider.js';
import { CourseContent } from './course-content.js';
import { AttemptDto } from './dto/attempt.dto.js';
import { LessonsService } from './lessons.service.js';
import { ensureVisitorId } from './visitor-cookie.js';

@ApiTags('lessons')
@Controller('api/attempts')
export class AttemptsController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly lessons: LessonsService,
    private readonly content: CourseContent,
    private readonly cookies: AuthCookies,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary: 'Grade a zone answer',
    description:
      'Grades the first two lines with chart-kit gradeZone against the hidden zone, records the ' +
      'try and answers {pass, reason, feedback, tries, revealed}; zone, explanation and baseTimes ' +
      'come with a pass or from the third failed try. Visitors may answer the landing demo ' +
      'charts only.',
  })
  @ApiOkResponse({ description: '{pass, reason, feedback, tries, revealed, zone?, explanation?}' })
  async attempt(
    @Body() body: AttemptDto,
    @MaybeUser() user: User | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AttemptResult> {
    if ((body.chart === undefined) === (body.lesson === undefined)) {
      throw new BadRequestException('Send either chart or lesson, not both and not neither.');
    }
    let chartNumber = body.chart;
    let lessonId: number | null = null;
    if (body.lesson !== undefined) {
      const lesson = this.content.byId(body.lesson);
      if (!lesson) throw new BadRequestException(`There is no lesson with id ${body.lesson}.`);
      if (lesson.c_num === null) {
        throw new BadRequestException(`Lesson ${lesson.id} has no chart exercise.`);
      }
      if (!user) throw new UnauthorizedException(NOT_LOGGED_IN);
      await this.lessons.requireAccess(user.id, lesson);
      chartNumber = lesson.c_num;
      lessonId = lesson.id;
    }
    const chart = this.attempts.chart(chartNumber ?? 0);
    let caller: NonNullable<Caller>;
    if (user) {
      caller = { userId: user.id };
    } else if (LANDING_DEMO_CHARTS.includes(gradedChartNumber(chart))) {
      caller = { visitorId: ensureVisitorId(request, response, this.cookies.secure) };
    } else {
      throw new UnauthorizedException(NOT_LOGGED_IN);
    }
    return this.attempts.grade(caller, chart.chartNumber, body.lines, lessonId);
  }
}
