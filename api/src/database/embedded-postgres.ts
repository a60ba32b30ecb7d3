import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

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
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  // The pg pool opens several connections; the socket server multiplexes them onto PGlite.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 16 });
  await server.start();
  const address = server.getServerConn();
  let stopped = false;
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
