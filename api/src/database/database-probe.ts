import { connect } from 'node:net';
import pg from 'pg';

/** Asks the database whether it answers; resolves or rejects within its own time-out. */
export interface DatabaseProbe {
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `SELECT 1` on a connection of the probe's own, never one of the request pool's: a pool busy
 * with requests must not make a healthy database look away.
 */
export class QueryProbe implements DatabaseProbe {
  private client: pg.Client | undefined;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async check(): Promise<void> {
    try {
      const client = await this.connected();
      await client.query('SELECT 1');
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connected(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.timeoutMs,
      query_timeout: this.timeoutMs,
      application_name: 'readiness-check',
    });
    client.on('error', () => {
      // A dropped check connection is replaced by the next check.
      if (this.client === client) this.client = undefined;
    });
    this.client = client;
    await client.connect();
    return client;
  }
}

/**
 * For the embedded database, which runs in this process: whether its server accepts a TCP
 * connection. A PostgreSQL session of the probe's own is not possible there: PGlite is one
 * session, and a probe's `SELECT 1` arriving between a request's Parse and Bind would spoil
 * that request's statement.
 */
export class SocketProbe implements DatabaseProbe {
  private readonly host: string;
  private readonly port: number;

  constructor(
    url: string,
    private readonly timeoutMs: number,
  ) {
    const parsed = new URL(url);
    this.host = parsed.hostname;
    this.port = Number(parsed.port || 5432);
  }

  check(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, this.host);
      socket.setTimeout(this.timeoutMs, () => {
        socket.destroy();
        reject(new Error(`no connection within ${this.timeoutMs} ms`));
      });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', (error) => {
        socket.destroy();
        reject(error);
      });
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
