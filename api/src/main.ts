import { ConfigError, loadConfig } from './config/config.js';
import { environmentWithEnvFile } from './config/env-file.js';
import { createStdoutLog } from './logging/log.js';
import { startServer } from './server.js';

const appLog = await createStdoutLog();
const log = appLog.child({ context: 'Main' });

async function main(): Promise<void> {
  const config = loadConfig(environmentWithEnvFile());
  const server = await startServer(config, { log: appLog });
  const database = config.databaseUrl
    ? 'PostgreSQL from DATABASE_URL'
    : `embedded PostgreSQL in ${config.embeddedDataDir}`;
  log.info(
    { url: server.url, database },
    `Trading course running at ${server.url} (database: ${database}); Ctrl-C stops it`,
  );
  // Whoever waits for this line (a terminal, a test, a supervisor) sees it now, not with the
  // next buffer of request lines.
  log.flush();

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${signal}: stopping`);
    // Closing flushes the embedded database to disk; a second signal does not cut that short.
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    log.fatal(`Configuration error: ${error.message}`);
  } else {
    log.fatal({ err: error }, 'The server could not start');
  }
  process.exit(1);
});
