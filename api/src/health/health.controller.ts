import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';

export interface HealthReport {
  status: 'ok' | 'error';
  database: 'up' | 'down';
}

const DATABASE_PROBE_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** 200 when the database answers a trivial query in time, 503 otherwise (for load balancers). */
  @Get()
  @ApiOperation({ summary: 'Liveness and database check for load balancers' })
  @ApiOkResponse({ description: '{status: ok, database: up}' })
  @ApiServiceUnavailableResponse({ description: '{status: error, database: down}' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
    const databaseUp = await this.probeDatabase();
    if (!databaseUp) response.status(HttpStatus.SERVICE_UNAVAILABLE);
    response.setHeader('Cache-Control', 'no-store');
    return { status: databaseUp ? 'ok' : 'error', database: databaseUp ? 'up' : 'down' };
  }

  private async probeDatabase(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, DATABASE_PROBE_TIMEOUT_MS);
    });
    const probe = this.dataSource
      .query('SELECT 1')
      .then(() => true)
      .catch(() => false);
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
