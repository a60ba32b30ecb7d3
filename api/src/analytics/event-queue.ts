import type { RecordedEvent } from './event-names.js';

/** A visitor id seen with a learner's session. */
export interface VisitorLink {
  visitorId: string;
  userId: string;
  at: Date;
}

export interface QueueCounts {
  /** Events waiting for the next write. */
  waiting: number;
  /** Events thrown away since start because the queue was full or a write failed. */
  dropped: number;
}

/**
 * Events and visitor links waiting to be written, bounded: when it is full, new events are
 * dropped and counted, so a flood of events costs memory up to the bound and never a learner's
 * request. Links are kept by visitor id (the latest wins), so repeats cost nothing.
 */
export class EventQueue {
  private events: RecordedEvent[] = [];
  private links = new Map<string, VisitorLink>();
  private droppedCount = 0;

  constructor(private readonly capacity: number) {}

  /** Adds what fits; answers how many of `events` were kept. */
  push(events: readonly RecordedEvent[]): number {
    const room = Math.max(0, this.capacity - this.events.length);
    const kept = events.length <= room ? events : events.slice(0, room);
    this.droppedCount += events.length - kept.length;
    for (const event of kept) this.events.push(event);
    return kept.length;
  }

  link(link: VisitorLink): void {
    if (this.links.size >= this.capacity && !this.links.has(link.visitorId)) {
      this.droppedCount += 1;
      return;
    }
    this.links.set(link.visitorId, link);
  }

  /** Takes up to `max` events and every link, for one write. */
  take(max: number): { events: RecordedEvent[]; links: VisitorLink[] } {
    const events = this.events.splice(0, max);
    const links = [...this.links.values()];
    this.links.clear();
    return { events, links };
  }

  /** Counts a write that failed: its events are gone. */
  lost(count: number): void {
    this.droppedCount += count;
  }

  get counts(): QueueCounts {
    return { waiting: this.events.length + this.links.size, dropped: this.droppedCount };
  }
}
