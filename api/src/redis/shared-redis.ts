import { Logger } from '@nestjs/common';
import { createClient, ErrorReply, type RedisClientType } from 'redis';
import { Hysteresis } from '../common/hysteresis.js';

/** A Redis call gets this long; then the caller falls back and Redis is checked at once. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** Connecting gets this long; reconnecting is retried every few hundred ms up to this cap. */
const CONNECT_TIMEOUT_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 2000;
/**
 * Checks (PING) after a call was late or while Redis is away: each gets a second, they come
 * every 250 ms, three failed in a row declare an outage and the next answered one ends it.
 */
export const REDIS_CHECKS = {
  timeoutMs: 1000,
  intervalMs: 250,
  failuresToGoDown: 3,
  successesToComeUp: 1,
} as const;

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

type Listener = () => void;

/**
 * Redis as a soft dependency. Every call is bounded by {@link REDIS_COMMAND_TIMEOUT_MS}.
 *
 * A late answer is not an outage: that call alone falls back (in-process state), the next call
 * tries Redis again, and checks (PING) start. Only a failed connection (the client's 'error'
 * event) or three failed checks in a row start an outage: a warning is logged once, readiness
 * and the metrics report Redis down, and every call falls back until a check answers. Then a
 * line says so and the `recovered` listeners run (they re-load scripts and re-send what could
 * not be written). So an instance counts in memory only while its health says Redis is down:
 * no state of its own can keep it off Redis once Redis answers.
 */
export class SharedRedis {
  private readonly logger = new Logger('Redis');
  private readonly health = new Hysteresis(
    REDIS_CHECKS.failuresToGoDown,
    REDIS_CHECKS.successesToComeUp,
  );
  /** Calls that got no answer in time and fell back (a counter for the metrics). */
  private lateCalls = 0;
  private probing: NodeJS.Timeout | undefined;
  private readonly subscribers = new Set<RedisClientType>();
  private readonly recoveredListeners = new Set<Listener>();
  private closed = false;

  private constructor(
    private readonly client: RedisClientType,
    /** Every key and channel of this deployment starts with `<keyPrefix>:`. */
    readonly keyPrefix: string,
  ) {
    client.on('error', (error: Error) => {
      // A failed connection. (Without a listener node-redis would crash the process.)
      this.startOutage(error.message);
    });
    // Also after every reconnection: the probe ends an outage and tells the listeners.
    client.on('ready', () => void this.probe(true));
  }

  /** Starts connecting in the background: a Redis that is down at start is an outage, not a crash. */
  static connect(url: string, keyPrefix: string): SharedRedis {
    const shared = new SharedRedis(createClient(clientOptions(url)), keyPrefix);
    // The first connection is awaited by nobody: until it is ready, calls fall back.
    shared.client.connect().catch(() => undefined);
    return shared;
  }

  /** A second connection with the same settings, for subscribing to channels. */
  duplicateForSubscriptions(): RedisClientType {
    const subscriber = this.client.duplicate();
    subscriber.on('error', () => {
      // The main connection reports outages; the subscriber only reconnects.
    });
    // Closed with this connection, so a stop never waits on a subscriber's QUIT to a Redis
    // that does not answer.
    this.subscribers.add(subscriber);
    return subscriber;
  }

  /** Whether calls go to Redis now: connected and no outage declared. */
  get usable(): boolean {
    return !this.closed && !this.down;
  }

  /** Calls since start that got no answer in time and fell back for that call only. */
  get lateCallCount(): number {
    return this.lateCalls;
  }

  /** Whether an outage is declared (what readiness reports): a late call alone is not one. */
  get down(): boolean {
    return !this.health.up || !this.client.isReady;
  }

  /** `<keyPrefix>:<name>` */
  key(name: string): string {
    return `${this.keyPrefix}:${name}`;
  }

  /** Runs `listener` on every (re)connection and when Redis answers again after an outage. */
  onRecovered(listener: Listener): () => void {
    this.recoveredListeners.add(listener);
    if (this.usable) listener();
    return () => this.recoveredListeners.delete(listener);
  }

  /** Sends one raw command; rejects with RedisUnavailableError during an outage or on a time-out. */
  send<T>(args: string[]): Promise<T> {
    return this.run((client) => client.sendCommand<T>(args));
  }

  /**
   * Runs calls on the client, bounded in time. A late answer fails this call only and starts the
   * checks; any other failure is the connection failing.
   */
  async run<T>(call: (client: RedisClientType) => Promise<T>): Promise<T> {
    if (!this.usable) throw new RedisUnavailableError('Redis is not available');
    try {
      return await withTimeout(call(this.client), REDIS_COMMAND_TIMEOUT_MS);
    } catch (error) {
      // An error reply (a script missing after a restart, say) is Redis answering, not gone.
      if (error instanceof ErrorReply) throw error;
      if (error instanceof LateAnswer) {
        this.lateCalls += 1;
        this.startChecks();
      } else {
        this.startOutage(error instanceof Error ? error.message : String(error));
      }
      throw new RedisUnavailableError('Redis did not answer in time', { cause: error });
    }
  }

  /** Closes every connection, waiting at most a second for Redis to acknowledge. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probing);
    this.probing = undefined;
    for (const subscriber of this.subscribers) {
      if (subscriber.isOpen) subscriber.destroy();
    }
    if (this.client.isReady) {
      await withTimeout(this.client.quit(), 1000).catch(() => this.client.destroy());
    } else if (this.client.isOpen) {
      // Reconnecting: there is nobody to say goodbye to.
      this.client.destroy();
    }
  }

  /** A connection failed: an outage at once (logged once), checked until Redis answers. */
  private startOutage(reason: string): void {
    if (this.closed) return;
    if (this.health.forceDown()) this.warnOutage(reason);
    this.startChecks();
  }

  private warnOutage(reason: string): void {
    this.logger.warn(
      `Redis is unreachable (${reason}); rate limits count in this process and revocations ` +
        'stay local until it returns',
    );
  }

  private startChecks(): void {
    if (this.closed) return;
    this.probing ??= setInterval(() => void this.probe(false), REDIS_CHECKS.intervalMs);
    this.probing.unref();
  }

  /** Waits up to `ms` for Redis to be usable (at start, so the first requests already share). */
  async waitUntilUsable(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.usable && Date.now() < deadline && !this.closed) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.usable;
  }

  private probeInFlight = false;

  /** Read through a call: a check's await may have seen the client closed meanwhile. */
  private isClosed(): boolean {
    return this.closed;
  }

  /** Pings Redis and records the answer. `connected`: a (re)connection just happened. */
  private async probe(connected: boolean): Promise<void> {
    if (this.closed || this.probeInFlight) return;
    if (!this.client.isReady) {
      // Reconnecting: the client's own 'error' and 'ready' events tell the story.
      return;
    }
    this.probeInFlight = true;
    let failure: unknown;
    try {
      await withTimeout(this.client.ping(), REDIS_CHECKS.timeoutMs);
    } catch (error) {
      failure = error;
    } finally {
      this.probeInFlight = false;
    }
    if (this.isClosed()) return;
    const change = this.health.record(failure === undefined);
    if (change === 'down') {
      this.warnOutage(
        `${REDIS_CHECKS.failuresToGoDown} checks in a row failed: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    }
    if (failure !== undefined) return;
    if (change === 'up')
      this.logger.log('Redis is back: shared counters and revocations go through it again');
    if (this.health.up && !this.health.settling) {
      clearInterval(this.probing);
      this.probing = undefined;
    }
    if (change === 'up' || connected) {
      for (const listener of this.recoveredListeners) listener();
    }
  }
}

function clientOptions(url: string) {
  return {
    url,
    // A command sent while the connection is down fails at once instead of waiting in a queue.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) => Math.min(200 * (retries + 1), MAX_RECONNECT_DELAY_MS),
    },
  };
}

/** A call that got no answer in its time: Redis may only be slow. */
class LateAnswer extends Error {
  override name = 'LateAnswer';
}

/**
 * node-redis bounds a command only until it is written, not while its answer is awaited.
 *
 * On a busy CPU the event loop runs its timers before it reads the sockets: after a second of
 * blocked loop every call's timer fires first, though Redis answered long ago and the answer
 * waits unread. The time-out therefore gives up only after the loop's next read of the sockets
 * (`setImmediate` runs after it): an answer that arrived counts, however late the loop came to it.
 */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let afterRead: NodeJS.Immediate | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      afterRead = setImmediate(() => reject(new LateAnswer(`no answer within ${ms} ms`)));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    if (afterRead) clearImmediate(afterRead);
  });
}
