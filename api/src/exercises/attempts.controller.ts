import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AnalyticsRecorder } from '../analytics/analytics-recorder.js';
import { type AnsweredExercise, recordAnswer } from '../analytics/answer-events.js';
import { NOT_LOGGED_IN } from '../auth/auth.service.js';
import { MaybeUser } from '../auth/optional-auth.guard.js';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import type { User } from '../users/user.entity.js';
import {
  attemptResult,
  AttemptsService,
  catalogueKey,
  lessonKey,
  practiceKey,
  realKey,
  standingOf,
} from './attempts.service.js';
import { gradeRealZone } from '../real-practice/grade-real-zone.js';
import { RealPracticeItems, realExerciseChart } from '../real-practice/real-practice-items.js';
import {
  ChartCatalogue,
  type ExerciseChart,
  gradedChartNumber,
} from '../exercise-charts/chart-catalogue.provider.js';
import { CourseAccess } from '../course-catalogue/course-access.js';
import { ExerciseTargets } from './exercise-targets.js';
import { DemoStanding } from './demo-standing.js';
import { AttemptDto } from './dto/attempt.dto.js';
import { AttemptResultDto } from './dto/attempt-result.dto.js';
import { SessionOptional } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import type { AttemptResult } from '@course/contract';
import type { EntityManager } from 'typeorm';
import { IdempotencyKeyHeader } from '../idempotency/idempotency-key-header.js';
import { IdempotentAnswers } from '../idempotency/idempotent-answers.js';

/** An answer, and whether it is the stored answer to an earlier request with the same key. */
interface Answered {
  answer: AttemptResult;
  replayed: boolean;
}

@ApiTags('lessons')
@Controller('api/attempts')
export class AttemptsController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly access: CourseAccess,
    private readonly charts: ChartCatalogue,
    private readonly targets: ExerciseTargets,
    private readonly demo: DemoStanding,
    private readonly analytics: AnalyticsRecorder,
    private readonly idempotent: IdempotentAnswers,
    private readonly real: RealPracticeItems,
  ) {}

  @Post()
  @CourseGateResponses()
  @ApiUnauthorizedResponse({ description: 'A gated lesson’s chart, asked without a session' })
  @HttpCode(HttpStatus.OK)
  @SessionOptional()
  // A visitor's demo answers need no database (their tries are in a signed cookie).
  @WorksWithoutDatabase()
  @ApiOperation({
    summary: 'Grade a zone answer',
    description:
      'Grades the first two lines with the course’s gradeZone against the hidden zone and answers ' +
      '{pass, reason, feedback, tries, revealed}; zone, explanation and baseTimes come with a ' +
      'pass or from the third failed try. Give one of chart, lesson (its chart), practice (the ' +
      'learner’s own practice chart) or real (one of the learner’s real charts, which passes on ' +
      'any fresh zone of the asked type the course’s rules find on it). Visitors may answer the landing demo charts only. A gated ' +
      'lesson or chart answers 403 {subscriptionRequired: true} without the Pro Plan, a lesson ' +
      'not yet open 403 {finishFirst: {id, path, title}}; practice charts after the first need ' +
      'the plan.',
  })
  @ApiOkResponse({ type: AttemptResultDto })
  async attempt(
    @Body() body: AttemptDto,
    @MaybeUser() user: User | undefined,
    @IdempotencyKeyHeader() idempotencyKey: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AttemptResult> {
    const { answer, replayed } = await this.grade(body, user, idempotencyKey, request, response);
    // A replay is the same answer again, not another one. (Real charts have no analytics
    // subject yet: their answers are kept as attempts and skills only.)
    if (!replayed && body.real === undefined)
      recordAnswer(this.analytics, request, user?.id, answeredExercise(body), answer);
    return answer;
  }

  private async grade(
    body: AttemptDto,
    user: User | undefined,
    idempotencyKey: string | undefined,
    request: Request,
    response: Response,
  ): Promise<Answered> {
    const once = (learner: User, work: (store: EntityManager) => Promise<AttemptResult>) =>
      this.idempotent.answer(
        { userId: learner.id, key: idempotencyKey, operation: 'attempt', body },
        response,
        work,
      );
    const targets = [body.chart, body.lesson, body.practice, body.real].filter(
      (target) => target !== undefined,
    );
    if (targets.length !== 1) {
      throw new BadRequestException('Send exactly one of chart, lesson, practice and real.');
    }
    if (body.real !== undefined) {
      if (!user) throw new UnauthorizedException(NOT_LOGGED_IN);
      const index = body.real;
      await this.access.requirePractice(user.id, index);
      const item = await this.real.item(user.id, index, false);
      const grade = gradeRealZone(body.lines, item.zones);
      return once(user, (store) =>
        this.attempts.record(
          user.id,
          realExerciseChart(item),
          realKey(index),
          body.lines,
          grade,
          store,
        ),
      );
    }
    if (body.practice !== undefined) {
      if (!user) throw new UnauthorizedException(NOT_LOGGED_IN);
      const fiveMinute = await this.targets.practiceZone(user.id, body.practice);
      const key = practiceKey(body.practice);
      return once(user, (store) =>
        this.attempts.gradeAndRecord(user.id, fiveMinute, key, body.lines, store),
      );
    }
    if (body.lesson !== undefined) {
      const { lesson, chart } = await this.targets.lessonChart(user?.id, body.lesson, 'zone');
      // lessonChart has answered 401 without a session; this says so to the compiler.
      if (!user) throw new UnauthorizedException(NOT_LOGGED_IN);
      const key = lessonKey(chart, lesson.id);
      // The skills the lesson names (a fresh zone's lesson: freshness too), else its chart's.
      const skills = lesson.skills.length > 0 ? lesson.skills : this.chartSkills(chart);
      return once(user, (store) =>
        this.attempts.gradeAndRecord(user.id, chart, key, body.lines, store, skills),
      );
    }
    const chartNumber = body.chart ?? 0;
    await this.access.requireChartAttempt(user?.id, chartNumber);
    const chart = this.catalogueChart(chartNumber);
    if (user) {
      const key = catalogueKey(chart);
      const skills = this.chartSkills(chart);
      return once(user, (store) =>
        this.attempts.gradeAndRecord(user.id, chart, key, body.lines, store, skills),
      );
    }
    // A visitor on a landing demo chart: graded, counted in their cookie, never stored. A lost
    // answer's cookie is lost with it, so a retry spends nothing: no key is needed.
    const grade = this.attempts.grade(chart, body.lines);
    const tries = this.demo.record(request, response, chart.chartNumber, grade.pass);
    return {
      answer: attemptResult(grade, standingOf(tries.passed, tries.tries), chart),
      replayed: false,
    };
  }

  /** The skills charts.yaml names for a chart's exercise (an hourly twin's are its chart's). */
  private chartSkills(chart: ExerciseChart) {
    return this.charts.skillsOf(gradedChartNumber(chart));
  }

  private catalogueChart(chartNumber: number) {
    const chart = this.charts.get(chartNumber);
    if (!chart) throw new NotFoundException(`There is no chart number ${chartNumber}.`);
    return chart;
  }
}

/** What an answer was given to, as analytics names it (grading checked it is exactly one). */
function answeredExercise(body: AttemptDto): AnsweredExercise {
  if (body.practice !== undefined) return { practiceIndex: body.practice };
  if (body.lesson !== undefined) return { lessonId: body.lesson };
  return { chartNumber: body.chart ?? 0 };
}
