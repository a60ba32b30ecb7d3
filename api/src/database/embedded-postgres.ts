import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** A PostgreSQL server inside this process: PGlite spoken to over the normal wire protocol. */
export interface EmbeddedPostgres {
  /** A `postgres://` URL the ordinary `pg` driver connects to. */
  url: string;
  /** Stops accepting connections, then closes PGlite, which flushes its data to disk. */
  stop(): Promise<void>;
  /** The whole data folder as a gzipped tarball, which `loadDataDir` starts another from. */
  dumpDataDir(): Promise<Blob>;
}

export interface EmbeddedPostgresOptions {
  /**
   * Start from this data folder (a {@link EmbeddedPostgres.dumpDataDir} tarball) instead of an
   * empty cluster: a copy of a migrated database starts several times faster than initdb does.
   */
  loadDataDir?: Blob;
}

/** Who has a data folder open, written beside it while a process serves it. */
interface Owner {
  pid: number;
  /** Where that process serves it; absent while it is still starting. */
  url?: string;
}

/** The embedded database's folder is open in another process. */
export class EmbeddedDatabaseInUse extends Error {
  override name = 'EmbeddedDatabaseInUse';
}

/**
 * The file naming the process that has `dataDir` open. PGlite has no lock of its own: two
 * processes opening one folder would corrupt it. Others connect through the owner's URL instead.
 */
export function ownerFileOf(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.owner.json`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(dataDir: string): Promise<Owner | undefined> {
  try {
    const owner = JSON.parse(await readFile(ownerFileOf(dataDir), 'utf8')) as Partial<Owner>;
    if (typeof owner.pid !== 'number' || !isAlive(owner.pid)) return undefined;
    return { pid: owner.pid, ...(typeof owner.url === 'string' ? { url: owner.url } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * The URL of the server of another running process that has `dataDir` open (e.g. `npm start`),
 * or undefined when no live process has it.
 */
export async function runningEmbeddedPostgres(
  dataDir: string,
): Promise<{ pid: number; url: string } | undefined> {
  const owner = await readOwner(dataDir);
  return owner?.url && owner.pid !== process.pid ? { pid: owner.pid, url: owner.url } : undefined;
}

/** Claims `dataDir` for this process, or says which live process has it. */
async function claim(dataDir: string): Promise<void> {
  const file = ownerFileOf(dataDir);
  const mine = JSON.stringify({ pid: process.pid } satisfies Owner);
  try {
    await writeFile(file, mine, { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = await readOwner(dataDir);
  if (owner && owner.pid !== process.pid) {
    throw new EmbeddedDatabaseInUse(
      `the embedded database in ${dataDir} is open in process ${owner.pid}` +
        (owner.url ? ` (serving it at ${owner.url})` : '') +
        '; stop that process first, or set DATABASE_URL',
    );
  }
  // Left behind by a process that is gone.
  await writeFile(file, mine);
}

/**
 * Starts PGlite and serves it on a free loopback port.
 * @param dataDir a folder to keep the data in, or undefined for an in-memory database (tests).
 * While this process has the folder open, a file beside it names the process and the URL.
 */
export async function startEmbeddedPostgres(
  dataDir?: string,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    await claim(dataDir);
  }
  const release = async () => {
    if (dataDir) await rm(ownerFileOf(dataDir), { force: true });
  };
  let db: PGlite;
  let server: PGLiteSocketServer;
  try {
    db = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    // PGlite is one session: the request pool keeps to one connection (database-options.ts).
    // The others are brief and rarely at once: the migrations' lock holder at start, the
    // readiness check (a TCP connection only) and a report run through the owner file.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 16 });
    await server.start();
  } catch (error) {
    await release();
    throw error;
  }
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  if (dataDir) {
    await writeFile(
      ownerFileOf(dataDir),
      JSON.stringify({ pid: process.pid, url } satisfies Owner),
    );
  }
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      await release();
    },
    dumpDataDir: () => db.dumpDataDir('gzip'),
  };
}
