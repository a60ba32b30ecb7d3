import type { Response } from 'express';
import { DataSource } from 'typeorm';
export interface HealthReport {
  status: 'ok' | 'error';
  database: 'up' | 'down';
}
export declare class HealthController {
  private readonly dataSource;
  constructor(dataSource: DataSource);
  /** 200 when the database answers a trivial query in time, 503 otherwise (for load balancers). */
  check(response: Response): Promise<HealthReport>;
  private probeDatabase;
}
