import { Inject, Injectable } from '@nestjs/common';
import type { LivenessReport, ReadinessReport } from '@course/contract';
import type { Admission, AdmissionStats } from '../database/admission.js';
import { DatabaseAvailability } from '../database/database-availability.js';
import { DATABASE_ADMISSION } from '../database/database-available.guard.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../database/database-errors.js';
import { SHARED_REDIS } from '../redis/redis.module.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import type { EventLoopLimit } from '../web/event-loop-limit.js';

/** What the metrics read of the practice worker threads' queue (PracticeWorkers). */
export interface PracticeGenerationLoad {
  stats(): Pick<AdmissionStats, 'refused'>;
}

export interface ReadinessAnswer {
  statusCode: 200 | 503;
  body: ReadinessReport;
  /** Seconds, sent as Retry-After with a 503. */
  retryAfterSeconds?: number;
}

/**
 * What the health calls answer, from state the instance already keeps: no call here waits for
 * a dependency, so liveness and readiness answer in well under a millisecond of work however
 * busy the database or Redis is. Readiness follows the database checks (with hysteresis, see
 * DatabaseAvailability) and goes 503 while the instance stops.
 */
@Injectable()
export class HealthReports {
  private stopping = false;
  /** The limit in front of the framework (made with the web middleware, after this). */
  private eventLoop: EventLoopLimit | undefined;
  /** The practice charts' worker threads (in the practice charts module, wired at start). */
  private practiceGeneration: PracticeGenerationLoad | undefined;

  constructor(
    private readonly database: DatabaseAvailability,
    @Inject(SHARED_REDIS) private readonly redis: SharedRedis | null,
    @Inject(DATABASE_ADMISSION) private readonly admission: Admission,
  ) {}

  /** From now on readiness answers 503 `stopping`: the balancer sends no new requests. */
  markStopping(): void {
    this.stopping = true;
  }

  /** Counts what `limit` sheds in the metrics, beside the admission queue's refusals. */
  watchEventLoop(limit: EventLoopLimit): void {
    this.eventLoop = limit;
  }

  /** Counts the practice generations refused 503 in the metrics, beside the others. */
  watchPracticeGeneration(load: PracticeGenerationLoad): void {
    this.practiceGeneration = load;
  }

  liveness(): LivenessReport {
    return { status: 'ok' };
  }

  readiness(): ReadinessAnswer {
    const databaseUp = this.database.ready;
    const redis = this.redis ? (this.redis.down ? 'down' : 'up') : 'not configured';
    const status = this.stopping ? 'stopping' : databaseUp ? 'ok' : 'error';
    const body: ReadinessReport = { status, database: databaseUp ? 'up' : 'down', redis };
    return status === 'ok'
      ? { statusCode: 200, body }
      : { statusCode: 503, body, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  }

  /** The Prometheus text format (version 0.0.4): counters since start, gauges now. */
  metrics(): string {
    const load = this.admission.stats();
    const practice = this.practiceGeneration?.stats().refused;
    const limits = this.admission.limits;
    const checks = this.database.checkCounts;
    const lines: string[] = [];
    const metric = (
      name: string,
      type: 'counter' | 'gauge',
      help: string,
      samples: [labels: string, value: number][],
    ) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
      for (const [labels, value] of samples) lines.push(`${name}${labels} ${value}`);
    };
    metric(
      'course_requests_shed_total',
      'counter',
      'Requests refused 503 on purpose, by reason: the admission queue, the event loop, or ' +
        'the queue of practice charts to generate.',
      [
        ['{reason="queue_full"}', load.refused.queueFull],
        ['{reason="waited_too_long"}', load.refused.waitedTooLong],
        ['{reason="event_loop_delay"}', this.eventLoop?.shed ?? 0],
        ['{reason="practice_queue_full"}', practice?.queueFull ?? 0],
        ['{reason="practice_waited_too_long"}', practice?.waitedTooLong ?? 0],
      ],
    );
    metric(
      'course_event_loop_delay_seconds',
      'gauge',
      "The event loop's mean delay over the last half second.",
      [['', (this.eventLoop?.delay ?? 0) / 1000]],
    );
    metric('course_requests_admitted_total', 'counter', 'Requests admitted to database work.', [
      ['', load.admitted],
    ]);
    metric('course_requests_active', 'gauge', 'Requests doing database work now.', [
      ['', load.active],
    ]);
    metric('course_requests_queued', 'gauge', 'Requests waiting for a turn now.', [
      ['', load.queued],
    ]);
    metric('course_admission_concurrency', 'gauge', 'Requests admitted at once (the pool size).', [
      ['', limits.concurrency],
    ]);
    metric('course_admission_queue_capacity', 'gauge', 'Requests that may wait for a turn.', [
      ['', limits.queue],
    ]);
    metric('course_admission_max_wait_seconds', 'gauge', 'Longest wait for a turn.', [
      ['', limits.maxWaitMs / 1000],
    ]);
    metric('course_database_up', 'gauge', '1 while requests may use the database.', [
      ['', this.database.up ? 1 : 0],
    ]);
    metric('course_database_checks_total', 'counter', 'Database health checks run.', [
      ['', checks.run],
    ]);
    metric(
      'course_database_check_failures_total',
      'counter',
      'Database health checks that failed.',
      [['', checks.failed]],
    );
    if (this.redis) {
      metric(
        'course_redis_up',
        'gauge',
        '1 unless a Redis outage is declared; 0 while this instance counts rate limits in memory.',
        [['', this.redis.down ? 0 : 1]],
      );
      metric(
        'course_redis_late_calls_total',
        'counter',
        'Redis calls that got no answer in time and counted in memory for that call only.',
        [['', this.redis.lateCallCount]],
      );
    }
    metric('course_ready', 'gauge', '1 while readiness answers 200.', [
      ['', this.readiness().statusCode === 200 ? 1 : 0],
    ]);
    return `${lines.join('\n')}\n`;
  }
}
