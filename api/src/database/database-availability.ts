import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { isDatabaseUnavailable } from './database-errors.js';

/** Injection token of the URL of the database the app uses. */
export const DATABASE_URL = Symbol('DATABASE_URL');

/** A readiness check waits this long for `SELECT 1`, connecting included. */
export const PROBE_TIMEOUT_MS = 1000;
/** While the database is away it is asked again this often. */
const PROBE_INTERVAL_MS = 1000;

/**
 * Whether the database can be reached, known without waiting behind the request pool: checks run
 * on a connection of their own. A request that finds the database away reports it here; from
 * then on requests that need the database are answered 503 at once (instead of each waiting for
 * its own time-out) until a check every second finds it back.
 */
@Injectable()
export class DatabaseAvailability implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private reachable = true;
  private client: pg.Client | undefined;
  private checking: Promise<boolean> | undefined;
  private retrying: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(@Inject(DATABASE_URL) private readonly url: string) {}

  /** False from a failure until the next successful check. */
  get up(): boolean {
    return this.reachable;
  }

  /** A request failed for want of the database: answer the next ones at once, and watch. */
  reportFailure(error: unknown): void {
    if (!isDatabaseUnavailable(error)) return;
    this.markDown(error instanceof Error ? error.message : String(error));
  }

  /** Runs `SELECT 1` on the check connection (concurrent callers share one check). */
  check(): Promise<boolean> {
    this.checking ??= this.probe().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.retrying);
    await this.dropClient();
  }

  private markDown(reason: string): void {
    if (this.closed) return;
    if (this.reachable) {
      this.reachable = false;
      this.logger.warn(`the database is unreachable (${reason}); answering 503 until it is back`);
    }
    this.retrying ??= setInterval(() => void this.check(), PROBE_INTERVAL_MS);
    this.retrying.unref();
  }

  private async probe(): Promise<boolean> {
    if (this.closed) return false;
    try {
      const client = await this.connected();
      await client.query('SELECT 1');
    } catch (error) {
      await this.dropClient();
      this.markDown(error instanceof Error ? error.message : String(error));
      return false;
    }
    if (!this.reachable) {
      this.reachable = true;
      clearInterval(this.retrying);
      this.retrying = undefined;
      this.logger.log('the database is reachable again');
    }
    return true;
  }

  private async connected(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      application_name: 'readiness-check',
    });
    client.on('error', () => {
      // A dropped check connection is replaced by the next check.
      if (this.client === client) this.client = undefined;
    });
    await client.connect();
    this.client = client;
    return client;
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
