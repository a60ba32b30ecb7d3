import { connect } from 'node:net';
import pg from 'pg';
import { createClient } from 'redis';

/** The machine's PostgreSQL and Redis (the CI runs them there); each run uses its own parts. */
export const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
export const MACHINE_REDIS = 'redis://127.0.0.1:6379';

export async function machinePostgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: MACHINE_POSTGRES,
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function machineRedisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs SQL as the server's administrator on its maintenance database. */
async function admin(serverUrl: string, sql: string): Promise<void> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of its own on a server; returns its URL. The name must be a plain identifier. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Deletes every key of one run's prefix (SCAN, not KEYS: the server is shared). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const client = createClient({ url: redisUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    client.destroy();
  }
}

/** Rows a query counts, on its own short connection. */
export async function countRows(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(sql, params);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
