import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database-options.js';

/** Any fixed number: instances starting together take turns at the migrations with it. */
const MIGRATION_LOCK = 7_316_029;

/**
 * Brings the schema up to date, one transaction per migration, and returns the names applied.
 * Several instances may start at once against one database: a PostgreSQL advisory lock makes
 * them take turns, so the second finds the work done instead of racing the first.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, 'migrations'));
  await dataSource.initialize();
  try {
    const lockHolder = dataSource.createQueryRunner();
    await lockHolder.connect();
    try {
      await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await lockHolder
        .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
        .catch(() => undefined);
      await lockHolder.release();
    }
  } finally {
    await dataSource.destroy();
  }
}
