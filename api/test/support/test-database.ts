import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';

/** A database of one's own for one test file. */
export interface TestDatabase {
  url: string;
  kind: 'embedded' | 'postgres';
  drop(): Promise<void>;
}

/**
 * With DATABASE_URL set: a fresh schema on that server (dropped afterwards), so test files running
 * in parallel never see each other's rows. Otherwise: an in-memory embedded PostgreSQL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres();
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
