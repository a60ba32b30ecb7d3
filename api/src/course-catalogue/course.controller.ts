import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import type { CourseRules } from '@course/contract';
import { courseRules } from './course-rules.js';
import { CourseRulesDto } from './dto/course-rules.dto.js';

/** The course's constants change only when the API is deployed. */
export const COURSE_RULES_CACHE = 'public, max-age=300';

@ApiTags('lessons')
@Controller('api/course')
export class CourseController {
  private readonly rules = courseRules();

  @Get()
  @WorksWithoutDatabase()
  @Header('Cache-Control', COURSE_RULES_CACHE)
  @ApiOperation({
    summary: 'The course’s counts and limits',
    description:
      'The landing demo’s charts, the Practice Portal’s round and counts, and the failed tries ' +
      'after which each kind of exercise shows its answer: the numbers the API applies, for a ' +
      'client to show instead of keeping its own. Public, the same for every caller.',
  })
  @ApiOkResponse({ type: CourseRulesDto })
  rulesOfTheCourse(): CourseRules {
    return this.rules;
  }
}
