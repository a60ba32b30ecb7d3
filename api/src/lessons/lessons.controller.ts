import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { MaybeUser, OptionalAuthGuard } from '../auth/optional-auth.guard.js';
import type { User } from '../users/user.entity.js';
import { type Catalogue, type LessonPage, LessonsService } from './lessons.service.js';

@ApiTags('lessons')
@Controller('api/lessons')
export class LessonsController {
  constructor(private readonly lessons: LessonsService) {}

  @Get()
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary: 'The course catalogue, by module',
    description:
      "Each lesson's descriptor with the caller's status (completed, open, locked) and whether " +
      'it needs a subscription the caller lacks. Visitors get the catalogue with nothing done.',
  })
  @ApiOkResponse({ description: '{subscribed, completed, modules: [{key, title, lessons}]}' })
  catalogue(@MaybeUser() user: User | undefined): Promise<Catalogue> {
    return this.lessons.catalogue(user?.id);
  }

  @Get(':path')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: 'One lesson: descriptor and rendered content',
    description:
      'A lesson with sub_req answers 403 {subscriptionRequired: true} to a caller without the ' +
      'Pro Plan.',
  })
  @ApiParam({ name: 'path', description: 'Lesson path without its slash', example: 'sup-zone' })
  @ApiOkResponse({ description: 'Descriptor, html, illustration, status, exercise standing' })
  page(@CurrentUser() user: User, @Param('path') path: string): Promise<LessonPage> {
    return this.lessons.page(user.id, `/${path}`);
  }
}
