/** GET api/health/live: the process answers. */
export interface LivenessReport {
  status: 'ok';
}

/**
 * GET api/health and api/health/ready: 200 when ok, 503 when not (`error`: the database is
 * down; `stopping`: the instance is finishing its requests before it exits).
 */
export interface ReadinessReport {
  status: 'ok' | 'error' | 'stopping';
  database: 'up' | 'down';
  /** Redis is optional: `down` only means rate limits and revocations are local for now. */
  redis: 'up' | 'down' | 'not configured';
}
