import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { DatabaseAvailability } from '../database/database-availability.js';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../database/database-errors.js';
import { SHARED_REDIS } from '../redis/redis.module.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { LivenessReportDto, ReadinessReportDto } from './dto/health.dto.js';
import type { LivenessReport, ReadinessReport } from '@course/contract';

/** The readiness checks' 503: the report itself, not the error body, so a probe reads why. */
const NOT_READY_RESPONSE = {
  type: ReadinessReportDto,
  description: 'Not ready: the database does not answer (status error, database down)',
  headers: {
    'Retry-After': {
      description: 'Seconds to wait before asking again',
      schema: { type: 'integer', example: DATABASE_RETRY_AFTER_SECONDS },
    },
  },
} as const;

/**
 * For load balancers and orchestrators. Liveness says the process answers (restart it if not);
 * readiness says it can serve (send it traffic): the database answers on a connection of the
 * check's own, so a busy request pool never makes a healthy instance look dead.
 */
@ApiTags('health')
@Controller('api/health')
@WorksWithoutDatabase()
export class HealthController {
  constructor(
    private readonly database: DatabaseAvailability,
    @Inject(SHARED_REDIS) private readonly redis: SharedRedis | null,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (no dependency is asked)' })
  @ApiOkResponse({ type: LivenessReportDto, description: 'The process answers' })
  live(@Res({ passthrough: true }) response: Response): LivenessReport {
    response.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database answers within a second' })
  @ApiOkResponse({ type: ReadinessReportDto, description: 'Ready: the database answers' })
  @ApiServiceUnavailableResponse(NOT_READY_RESPONSE)
  ready(@Res({ passthrough: true }) response: Response): Promise<ReadinessReport> {
    return this.readiness(response);
  }

  /** The original health call: the same as readiness. */
  @Get()
  @ApiOperation({ summary: 'Readiness (the same as api/health/ready)' })
  @ApiOkResponse({ type: ReadinessReportDto, description: 'Ready: the database answers' })
  @ApiServiceUnavailableResponse(NOT_READY_RESPONSE)
  check(@Res({ passthrough: true }) response: Response): Promise<ReadinessReport> {
    return this.readiness(response);
  }

  private async readiness(response: Response): Promise<ReadinessReport> {
    const databaseUp = await this.database.check();
    response.setHeader('Cache-Control', 'no-store');
    if (!databaseUp) {
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return {
      status: databaseUp ? 'ok' : 'error',
      database: databaseUp ? 'up' : 'down',
      redis: this.redis ? (this.redis.usable ? 'up' : 'down') : 'not configured',
    };
  }
}
