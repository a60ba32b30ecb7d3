import { Controller, Get, Header, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { WorksWithoutDatabase } from '../database/database-available.guard.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../database/database-errors.js';
import { LivenessReportDto, ReadinessReportDto } from './dto/health.dto.js';
import { HealthReports } from './health-reports.js';
import type { LivenessReport, ReadinessReport } from '@course/contract';

/** The readiness checks' 503: the report itself, not the error body, so a probe reads why. */
const NOT_READY_RESPONSE = {
  type: ReadinessReportDto,
  description:
    'Not ready: the database is down (status error) or the instance is stopping (status stopping)',
  headers: {
    'Retry-After': {
      description: 'Seconds to wait before asking again',
      schema: { type: 'integer', example: DATABASE_RETRY_AFTER_SECONDS },
    },
  },
} as const;

/**
 * For load balancers, orchestrators and monitoring. Liveness says the process answers (restart
 * it if not); readiness says it can serve (send it traffic). Both answer from what the instance
 * already knows, asking no dependency. These routes document the calls; the HTTP server answers
 * them before the framework (see health-fast-path.ts), so they stay fast under load.
 */
@ApiTags('health')
@Controller('api/health')
@WorksWithoutDatabase()
export class HealthController {
  constructor(private readonly reports: HealthReports) {}

  @Get('live')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Liveness: the process answers (no dependency is asked)' })
  @ApiOkResponse({ type: LivenessReportDto, description: 'The process answers' })
  live(): LivenessReport {
    return this.reports.liveness();
  }

  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness: the database checks pass (with hysteresis) and the instance is not stopping',
  })
  @ApiOkResponse({ type: ReadinessReportDto, description: 'Ready: the database answers' })
  @ApiServiceUnavailableResponse(NOT_READY_RESPONSE)
  ready(@Res({ passthrough: true }) response: Response): ReadinessReport {
    return this.readiness(response);
  }

  /** The original health call: the same as readiness. */
  @Get()
  @ApiOperation({ summary: 'Readiness (the same as api/health/ready)' })
  @ApiOkResponse({ type: ReadinessReportDto, description: 'Ready: the database answers' })
  @ApiServiceUnavailableResponse(NOT_READY_RESPONSE)
  check(@Res({ passthrough: true }) response: Response): ReadinessReport {
    return this.readiness(response);
  }

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOperation({
    summary:
      'Metrics in the Prometheus text format: requests shed by the admission queue, load, database and Redis state',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format 0.0.4', type: String })
  metrics(): string {
    return this.reports.metrics();
  }

  private readiness(response: Response): ReadinessReport {
    const answer = this.reports.readiness();
    response.setHeader('Cache-Control', 'no-store');
    response.status(answer.statusCode);
    if (answer.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(answer.retryAfterSeconds));
    }
    return answer.body;
  }
}
