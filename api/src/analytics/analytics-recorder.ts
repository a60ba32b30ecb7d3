import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { DataSource } from 'typeorm';
import type { EventFields, RecordedEvent, ServerEventName } from './event-names.js';
import { EventQueue, type QueueCounts } from './event-queue.js';
import { declinesTracking, visitorIdOf } from './tracking-consent.js';

/** Events held at most; past this new ones are dropped (and counted) until a write makes room. */
export const QUEUE_CAPACITY = 20_000;
/** Events written by one INSERT. */
const WRITE_BATCH = 1000;
/** How often waiting events are written; a full batch is written at once. */
const FLUSH_INTERVAL_MS = 1000;

/**
 * Records analytics events off the learner's path: a request only puts its events in a bounded
 * queue in memory, and a timer writes them in batches, each one multi-row INSERT. A write that
 * fails (the database away) drops its batch and counts it: analytics never retries at the
 * learners' expense.
 */
@Injectable()
export class AnalyticsRecorder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private readonly queue = new EventQueue(QUEUE_CAPACITY);
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private warnedAt = 0;

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    // Everything recorded before the server stops is written.
    await this.flush();
  }

  /** Queues events; answers how many were kept (the others were dropped: the queue is full). */
  record(events: readonly RecordedEvent[]): number {
    const kept = this.queue.push(events);
    if (this.queue.counts.waiting >= WRITE_BATCH) void this.flush();
    return kept;
  }

  /** Remembers that the browser with `visitorId` is the learner `userId`'s. */
  link(visitorId: string, userId: string): void {
    this.queue.link({ visitorId, userId, at: new Date() });
  }

  /**
   * An event the server knows of from a request it answered (an answer graded, a registration):
   * nothing when the request carries Do Not Track or Global Privacy Control, or names nobody.
   * A request that names both a visitor and a learner links the two.
   */
  recordFromRequest(
    request: IncomingMessage,
    name: ServerEventName,
    fields: EventFields,
    userId?: string,
  ): void {
    if (declinesTracking(request.headers)) return;
    const visitorId = visitorIdOf(request.headers);
    if (!visitorId && !userId) return;
    if (visitorId && userId) this.link(visitorId, userId);
    this.record([{ name, at: new Date(), visitorId, userId, ...fields }]);
  }

  get counts(): QueueCounts {
    return this.queue.counts;
  }

  /** Writes everything waiting (one write at a time; callers share the one in progress). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.queue.counts.waiting === 0) return;
    this.writing = this.writeAll().finally(() => {
      this.writing = undefined;
    });
    await this.writing;
  }

  private async writeAll(): Promise<void> {
    for (;;) {
      const { events, links } = this.queue.take(WRITE_BATCH);
      if (events.length === 0 && links.length === 0) return;
      try {
        await this.write(events, links);
      } catch (error) {
        this.queue.lost(events.length + links.length);
        this.warn(error);
        return;
      }
    }
  }

  private async write(events: RecordedEvent[], links: ReturnType<EventQueue['take']>['links']) {
    if (events.length > 0) {
      // One statement with one array per column: its size does not depend on the batch's.
      await this.dataSource.query(
        `INSERT INTO "analytics_events" ("name", "at", "visitor_id", "user_id", "route",
           "lesson_id", "chart_number", "practice_index", "duration_ms", "passed")
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::uuid[], $4::uuid[], $5::text[],
           $6::integer[], $7::integer[], $8::integer[], $9::integer[], $10::boolean[])`,
        [
          events.map((event) => event.name),
          events.map((event) => event.at.toISOString()),
          events.map((event) => event.visitorId ?? null),
          events.map((event) => event.userId ?? null),
          events.map((event) => event.route ?? null),
          events.map((event) => event.lessonId ?? null),
          events.map((event) => event.chartNumber ?? null),
          events.map((event) => event.practiceIndex ?? null),
          events.map((event) => event.durationMs ?? null),
          events.map((event) => event.passed ?? null),
        ],
      );
    }
    if (links.length > 0) {
      await this.dataSource.query(
        `INSERT INTO "analytics_visitors" ("visitor_id", "user_id", "linked_at")
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
         ON CONFLICT ("visitor_id") DO UPDATE
           SET "user_id" = excluded."user_id", "linked_at" = excluded."linked_at"`,
        [
          links.map((link) => link.visitorId),
          links.map((link) => link.userId),
          links.map((link) => link.at.toISOString()),
        ],
      );
    }
  }

  /** One warning a minute at most: a database outage must not flood the log either. */
  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.warnedAt < 60_000) return;
    this.warnedAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`analytics events could not be written and were dropped (${reason})`);
  }
}
