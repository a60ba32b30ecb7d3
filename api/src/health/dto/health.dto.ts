import { ApiProperty } from '@nestjs/swagger';
import type { LivenessReport, ReadinessReport } from '@course/contract';

/** The answer of GET api/health/live. */
export class LivenessReportDto implements LivenessReport {
  @ApiProperty({ enum: ['ok'], example: 'ok', description: 'Always ok: the process answers' })
  status!: 'ok';
}

/** The answer of GET api/health and api/health/ready: with status 200 when ok, 503 when not. */
export class ReadinessReportDto implements ReadinessReport {
  @ApiProperty({
    enum: ['ok', 'error', 'stopping'],
    example: 'ok',
    description:
      'error when the database checks fail (three in a row; two good ones bring it back), ' +
      'stopping while the instance finishes its requests before it exits; the status code is then 503',
  })
  status!: 'ok' | 'error' | 'stopping';

  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  database!: 'up' | 'down';

  @ApiProperty({
    enum: ['up', 'down', 'not configured'],
    example: 'not configured',
    description:
      'Redis is optional: down only means rate limits and revocations are kept per instance ' +
      'for now; it never makes the instance unready',
  })
  redis!: 'up' | 'down' | 'not configured';
}
