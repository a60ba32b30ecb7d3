import { ConfigError, loadConfig } from './config/config.js';
import { environmentWithEnvFile } from './config/env-file.js';
import { startEmbeddedPostgres } from './database/embedded-postgres.js';
import { migrate } from './database/migrate.js';
import { createStdoutLog } from './logging/log.js';

const log = (await createStdoutLog()).child({ context: 'Database' });

/**
 * `npm run migrate`: brings the database's schema up to date and exits, for a deployment that
 * migrates once before starting its instances. (Each instance also migrates at start, under the
 * same lock, so starting without this step is safe too.)
 */
async function main(): Promise<void> {
  const config = loadConfig(environmentWithEnvFile());
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.embeddedDataDir);
  try {
    const applied = await migrate(config.databaseUrl ?? embedded?.url ?? '');
    log.info(
      applied.length > 0
        ? `applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'schema is up to date (no migration to apply)',
    );
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) log.fatal(`Configuration error: ${error.message}`);
  else log.fatal({ err: error }, 'the migration failed');
  process.exit(1);
});
