import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { migrate } from '../../src/database/migrate.js';

const MIGRATIONS_DIR = new URL('../../src/database/migrations/', import.meta.url);

/**
 * A migrated, empty embedded database as a data folder tarball, made once per set of migrations
 * and kept in the temporary folder: every test file's database starts from a copy of it, which
 * takes a fraction of an empty cluster's initdb and skips the migrations. The file's name is a
 * hash of the migrations' sources, so a changed migration makes a new one.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(name).update(await readFile(new URL(name, MIGRATIONS_DIR)));
  }
  const file = join(tmpdir(), `course-test-db-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const fresh = await startEmbeddedPostgres();
  try {
    await migrate(fresh.url);
    const dump = await fresh.dumpDataDir();
    // Written aside and renamed: test files starting at once in other workers read a whole file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await fresh.stop();
  }
}

/** A database of one's own for one test file. */
export interface TestDatabase {
  url: string;
  kind: 'embedded' | 'postgres';
  drop(): Promise<void>;
}

/**
 * With DATABASE_URL set: a fresh schema on that server (dropped afterwards), so test files running
 * in parallel never see each other's rows. Otherwise: an in-memory embedded PostgreSQL, already
 * migrated.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(undefined, {
      loadDataDir: await migratedTemplate(),
    });
    return { url: embedded.url, kind: 'embedded', drop: () => embedded.stop() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA "${schema}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    kind: 'postgres',
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
