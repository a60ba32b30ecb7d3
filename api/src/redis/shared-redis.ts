import { Logger } from '@nestjs/common';
import { createClient, ErrorReply, type RedisClientType } from 'redis';

/** A Redis call gets this long before Redis counts as gone and the caller falls back. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** Connecting gets this long; reconnecting is retried every few hundred ms up to this cap. */
const CONNECT_TIMEOUT_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 2000;
/** While Redis is counted as gone, it is asked again this often. */
const PROBE_INTERVAL_MS = 1000;

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

type Listener = () => void;

/**
 * Redis as a soft dependency. Every call is bounded by {@link REDIS_COMMAND_TIMEOUT_MS}; the
 * first failure starts an outage, during which callers are told at once that Redis is
 * unavailable (they fall back to in-process state) and a warning is logged once. A probe asks
 * every second; when Redis answers again the outage ends, a line says so, and the `recovered`
 * listeners run (they re-load scripts and re-send what could not be written).
 */
export class SharedRedis {
  private readonly logger = new Logger('Redis');
  private outage = false;
  private probing: NodeJS.Timeout | undefined;
  private readonly recoveredListeners = new Set<Listener>();
  private closed = false;

  private constructor(
    private readonly client: RedisClientType,
    /** Every key and channel of this deployment starts with `<keyPrefix>:`. */
    readonly keyPrefix: string,
  ) {
    client.on('error', (error: Error) => {
      // Without a listener node-redis would crash the process; the outage says it once.
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
    return subscriber;
  }

  /** Whether calls go to Redis now (connected, and no unanswered call since the last probe). */
  get usable(): boolean {
    return !this.closed && !this.outage && this.client.isReady;
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

  /** Runs calls on the client, bounded in time; any failure starts an outage. */
  async run<T>(call: (client: RedisClientType) => Promise<T>): Promise<T> {
    if (!this.usable) throw new RedisUnavailableError('Redis is not available');
    try {
      return await withTimeout(call(this.client), REDIS_COMMAND_TIMEOUT_MS);
    } catch (error) {
      // An error reply (a script missing after a restart, say) is Redis answering, not gone.
      if (error instanceof ErrorReply) throw error;
      this.startOutage(error instanceof Error ? error.message : String(error));
      throw new RedisUnavailableError('Redis did not answer in time', { cause: error });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probing);
    this.probing = undefined;
    if (this.client.isOpen) {
      await withTimeout(this.client.quit(), 1000).catch(() => this.client.destroy());
    } else {
      this.client.destroy();
    }
  }

  private startOutage(reason: string): void {
    if (this.closed) return;
    if (!this.outage) {
      this.outage = true;
      this.logger.warn(
        `Redis is unreachable (${reason}); rate limits count in this process and revocations ` +
          'stay local until it returns',
      );
    }
    this.probing ??= setInterval(() => void this.probe(false), PROBE_INTERVAL_MS);
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

  /** Pings Redis; ends an outage when it answers. `connected`: a (re)connection just happened. */
  private async probe(connected: boolean): Promise<void> {
    if (this.closed || this.probeInFlight || !this.client.isReady) return;
    this.probeInFlight = true;
    try {
      await withTimeout(this.client.ping(), REDIS_COMMAND_TIMEOUT_MS);
    } catch {
      return;
    } finally {
      this.probeInFlight = false;
    }
    const recovered = this.outage;
    if (recovered) {
      this.outage = false;
      clearInterval(this.probing);
      this.probing = undefined;
      this.logger.log('Redis is back: shared counters and revocations go through it again');
    }
    if (recovered || connected) {
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

/** node-redis bounds a command only until it is written, not while its answer is awaited. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
