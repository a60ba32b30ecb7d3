import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendEncodedJson } from '../common/encoded-json.js';
import type { PublicRoute } from '../web/public-answers.js';
import {
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { MaybeUser } from '../auth/optional-auth.guard.js';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import type { User } from '../users/user.entity.js';
import { CatalogueDto } from './dto/catalogue.dto.js';
import { LessonPageDto } from './dto/lesson-page.dto.js';
import { PulledLinesDto } from './dto/pulled-lines.dto.js';
import { LessonsService } from './lessons.service.js';
import { RequiresSession, SessionOptional } from '../auth/session-decorators.js';
import { CourseGateResponses } from '../course-catalogue/course-gate-responses.js';
import type { LessonPageBody, PulledLinesBody } from '@course/contract';

/** Visitors' catalogue: it changes only when the course content is deployed. */
export const VISITOR_CATALOGUE_CACHE = 'public, max-age=300';

/** The visitors' catalogue for the fast path. */
export function visitorCatalogueRoute(lessons: LessonsService): PublicRoute {
  return (path) =>
    path === '/api/lessons' || path === '/api/lessons/'
      ? { encoded: lessons.visitorCatalogue(), cacheControl: VISITOR_CATALOGUE_CACHE }
      : undefined;
}

@ApiTags('lessons')
@Controller('api/lessons')
export class LessonsController {
  constructor(private readonly lessons: LessonsService) {}

  @Get()
  @SessionOptional()
  @WorksWithoutDatabase()
  @ApiOperation({
    summary: 'The course catalogue, by module',
    description:
      "Each lesson's descriptor with the caller's status (completed, open, locked) and whether " +
      'it needs a subscription the caller lacks. Visitors get the catalogue with nothing done.',
  })
  @ApiOkResponse({ type: CatalogueDto })
  @ApiNotModifiedResponse({ description: 'The caller’s copy (If-None-Match) is still current' })
  async catalogue(
    @MaybeUser() user: User | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    if (user) {
      response.json(await this.lessons.catalogue(user.id));
      return;
    }
    // The same for every visitor: encoded once, and cacheable for a few minutes.
    sendEncodedJson(request, response, this.lessons.visitorCatalogue(), VISITOR_CATALOGUE_CACHE);
  }

  @Get(':path')
  @CourseGateResponses()
  @RequiresSession()
  @ApiOperation({
    summary: 'One lesson: descriptor and rendered content',
    description:
      'A lesson with sub_req answers 403 {subscriptionRequired: true} to a caller without the ' +
      'Pro Plan.',
  })
  @ApiParam({ name: 'path', description: 'Lesson path without its slash', example: 'sup-zone' })
  @ApiOkResponse({ type: LessonPageDto })
  page(@CurrentUser() user: User, @Param('path') path: string): Promise<LessonPageBody> {
    return this.lessons.page(user.id, `/${path}`);
  }

  @Get(':path/pulled-lines')
  @CourseGateResponses()
  @RequiresSession()
  @ApiOperation({
    summary: 'The lines a "pull line" lesson shows from an earlier chart',
    description:
      'The caller’s own lines kept for the lesson’s prev_chart by the lesson that pushes them: ' +
      'kept with the graded answer there, their passing lines, or the correct zone once it was ' +
      'shown after their tries (until they pass). Answers 404 for a lesson that pulls no lines, ' +
      'and is gated like the lesson itself.',
  })
  @ApiParam({
    name: 'path',
    description: 'Lesson path without its slash',
    example: 'validating-clean',
  })
  @ApiOkResponse({ type: PulledLinesDto })
  pulledLines(@CurrentUser() user: User, @Param('path') path: string): Promise<PulledLinesBody> {
    return this.lessons.pulledLines(user.id, `/${path}`);
  }
}
