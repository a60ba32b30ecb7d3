import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** Any fixed number: instances running the job at once take it one at a time. */
const RETENTION_LOCK = 7_316_030;
/** How often the job runs; it also runs once at start. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** The first run waits this long, so it does not compete with the start-up work. */
const FIRST_RUN_DELAY_MS = 30_000;

export interface RollUpResult {
  /** False when another instance held the lock: it is doing the same work. */
  ran: boolean;
  /** Raw events rolled up into daily totals and deleted. */
  rolledUp: number;
  /** The first day whose raw events are kept (YYYY-MM-DD, UTC). */
  keptFrom: string;
}

/**
 * Rolls raw events older than `retentionDays` whole days (UTC) up into `analytics_daily` and
 * deletes them, in one transaction: a failure leaves both tables as they were, and the totals of
 * a day are added to (never counted twice) because the rows added are the rows deleted. A
 * transaction-level advisory lock lets one instance at a time do it when several run.
 */
export async function rollUpOldEvents(
  dataSource: DataSource,
  retentionDays: number,
  now = new Date(),
): Promise<RollUpResult> {
  const cutoff = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - retentionDays),
  );
  const keptFrom = cutoff.toISOString().slice(0, 10);
  return dataSource.transaction(async (manager) => {
    const [lock] = await manager.query<{ locked: boolean }[]>(
      'SELECT pg_try_advisory_xact_lock($1) AS locked',
      [RETENTION_LOCK],
    );
    if (!lock?.locked) return { ran: false, rolledUp: 0, keptFrom };
    // Who an event is: the learner a visitor id was linked to, else the learner, else the visitor.
    await manager.query(
      `INSERT INTO "analytics_daily" ("day", "name", "route", "lesson_id", "chart_number",
         "practice_index", "events", "people", "passed", "duration_ms")
       SELECT (e."at" AT TIME ZONE 'UTC')::date, e."name", e."route", e."lesson_id",
              e."chart_number", e."practice_index", count(*),
              count(DISTINCT coalesce(v."user_id", e."user_id", e."visitor_id")),
              count(*) FILTER (WHERE e."passed"), coalesce(sum(e."duration_ms"), 0)
         FROM "analytics_events" e
         LEFT JOIN "analytics_visitors" v ON v."visitor_id" = e."visitor_id"
        WHERE e."at" < $1
        GROUP BY 1, 2, 3, 4, 5, 6
       ON CONFLICT ("day", "name", (coalesce("route", '')), (coalesce("lesson_id", -1)),
                    (coalesce("chart_number", -1)), (coalesce("practice_index", -1)))
       DO UPDATE SET "events" = "analytics_daily"."events" + excluded."events",
                     "people" = "analytics_daily"."people" + excluded."people",
                     "passed" = "analytics_daily"."passed" + excluded."passed",
                     "duration_ms" = "analytics_daily"."duration_ms" + excluded."duration_ms"`,
      [cutoff.toISOString()],
    );
    // Counted in SQL: TypeORM answers a bare DELETE with [rows, count], not the rows.
    const [deleted] = await manager.query<{ count: number }[]>(
      `WITH gone AS (DELETE FROM "analytics_events" WHERE "at" < $1 RETURNING 1)
       SELECT count(*)::int AS count FROM gone`,
      [cutoff.toISOString()],
    );
    // A link outlives its visitor's events only while it is fresh: then it has no use left.
    await manager.query(
      `DELETE FROM "analytics_visitors" v WHERE v."linked_at" < $1
         AND NOT EXISTS (SELECT 1 FROM "analytics_events" e WHERE e."visitor_id" = v."visitor_id")`,
      [cutoff.toISOString()],
    );
    return { ran: true, rolledUp: deleted?.count ?? 0, keptFrom };
  });
}

/** Runs {@link rollUpOldEvents} shortly after start and every six hours. */
@Injectable()
export class AnalyticsRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const first = setTimeout(() => void this.run(), FIRST_RUN_DELAY_MS);
    const every = setInterval(() => void this.run(), RETENTION_INTERVAL_MS);
    first.unref();
    every.unref();
    this.timers = [first, every];
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await this.running;
  }

  private run(): Promise<void> {
    this.running ??= rollUpOldEvents(this.dataSource, this.config.analyticsRetentionDays)
      .then(
        (result) => {
          if (result.rolledUp > 0) {
            this.logger.log(
              `rolled ${result.rolledUp} analytics event(s) from before ${result.keptFrom} up into daily totals`,
            );
          }
        },
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          this.logger.warn(`the analytics retention job failed and will run again (${reason})`);
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
