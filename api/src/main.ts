import { ConfigError, loadConfig } from './config/config.js';
import { environmentWithEnvFile } from './config/env-file.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const config = loadConfig(environmentWithEnvFile());
  const server = await startServer(config);
  const database = config.databaseUrl
    ? 'PostgreSQL from DATABASE_URL'
    : `embedded PostgreSQL in ${config.embeddedDataDir}`;
  console.log(
    `\n  Trading course running at ${server.url}  (database: ${database})\n  Press Ctrl-C to stop.\n`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    // Closing flushes the embedded database to disk; a second signal does not cut that short.
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('error while stopping:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
