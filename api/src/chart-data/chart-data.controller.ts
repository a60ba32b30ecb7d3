import { BadRequestException, Controller, Get, Req, Res } from '@nestjs/common';
import {
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MaybeUser } from '../auth/optional-auth.guard.js';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import type { User } from '../users/user.entity.js';
import {
  AttemptsService,
  catalogueKey,
  lessonKey,
  standingOf,
} from '../exercises/attempts.service.js';
import { ChartCatalogue } from '../exercise-charts/chart-catalogue.provider.js';
import { ChartDataService } from './chart-data.service.js';
import { sendChartData } from './chart-data-response.js';
import { WholeNumberPath, WholeNumberQuery } from '../common/whole-number-param.js';
import { CHART_ID, LESSON_ID } from '../course-catalogue/route-numbers.js';
import { CourseAccess } from '../course-catalogue/course-access.js';
import { CourseContent } from '../course-catalogue/course-content.js';
import { DemoStanding } from '../exercises/demo-standing.js';
import type { Lesson } from '../course-catalogue/lesson.js';
import { ChartDataDto } from './dto/chart-data.dto.js';
import { SessionOptional } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';

/**
 * The spec's chart call. Open to visitors for the landing demo and free lessons' charts; the
 * zone is only in it once the caller earned it.
 */
@ApiTags('charts')
@Controller('chart-data')
export class ChartDataController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly access: CourseAccess,
    private readonly charts: ChartCatalogue,
    private readonly chartData: ChartDataService,
    private readonly demo: DemoStanding,
    private readonly content: CourseContent,
  ) {}

  @Get(':id')
  @CourseGateResponses()
  @ApiUnauthorizedResponse({ description: 'A gated lesson’s chart, asked without a session' })
  @SessionOptional()
  @WorksWithoutDatabase()
  @ApiOperation({
    summary: 'Candles of an exercise chart',
    description:
      'hiddenpl (upper) and hiddenpl2 (lower bound of the zone), the explanation and the candles ' +
      'after the exercise (next) are present only once the caller passed this chart or used three ' +
      'tries. The landing demo and charts of free lessons are public; a gated lesson’s chart ' +
      'answers 401 without a session and 403 {subscriptionRequired: true} without the Pro Plan. ' +
      'Only the catalogue’s charts exist (a learner’s practice charts are at api/practice). ' +
      'With ?lesson={id}, the standing is the one of that lesson’s exercise (two lessons can ' +
      'show the same chart, each its own exercise). Served with an ETag; gzip when accepted.',
  })
  @ApiOkResponse({ type: ChartDataDto })
  @ApiNotModifiedResponse({ description: 'The caller’s copy (If-None-Match) is still current' })
  async chart(
    @WholeNumberPath('id', CHART_ID, { description: 'Chart number', example: 3 })
    chartNumber: number,
    @WholeNumberQuery('lesson', LESSON_ID, {
      description: 'Id of a lesson that shows this chart (as its chart or its 1-hour chart)',
      example: 7,
    })
    lessonId: number | undefined,
    @MaybeUser() user: User | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.access.requireChartData(user?.id, chartNumber);
    const chart = this.charts.get(chartNumber);
    if (!chart) throw new Error(`chart ${chartNumber} passed the access check but does not exist`);
    const lesson = this.lessonShowing(lessonId, chartNumber);
    // The lesson's kind: a trade-plan chart's plan can also be a lesson's trade to manage.
    const key =
      lesson === undefined
        ? catalogueKey(chart)
        : { ...lessonKey(chart, lesson.id), kind: lesson.exerciseKind };
    let revealed = false;
    if (user) {
      revealed = (await this.attempts.standing(user.id, key)).revealed;
    } else if (this.access.audience(chartNumber)?.kind === 'demo' && 'chartNumber' in key) {
      const tries = this.demo.of(request, key.chartNumber);
      revealed = standingOf(tries.passed, tries.tries).revealed;
    }
    sendChartData(request, response, this.chartData.encoded(chartNumber, revealed));
  }

  /** The lesson named by ?lesson=, which must show the chart; undefined without one. */
  private lessonShowing(lessonId: number | undefined, chartNumber: number): Lesson | undefined {
    if (lessonId === undefined) return undefined;
    const lesson = this.content.byId(lessonId);
    if (!lesson) throw new BadRequestException(`There is no lesson with id ${lessonId}.`);
    if (lesson.c_num !== chartNumber && lesson.hourly_c_num !== chartNumber) {
      throw new BadRequestException(`Lesson ${lesson.id} does not show chart ${chartNumber}.`);
    }
    return lesson;
  }
}
