/** A PostgreSQL server inside this process: PGlite spoken to over the normal wire protocol. */
export interface EmbeddedPostgres {
  /** A `postgres://` URL the ordinary `pg` driver connects to. */
  url: string;
  /** Stops accepting connections, then closes PGlite, which flushes its data to disk. */
  stop(): Promise<void>;
}
/**
 * Starts PGlite and serves it on a free loopback port.
 * @param dataDir a folder to keep the data in, or undefined for an in-memory database (tests).
 */
export declare function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres>;
