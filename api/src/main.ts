import { ConfigError, loadConfig } from './config/config.js';
import { environmentWithEnvFile } from './config/env-file.js';
import { createStdoutLog } from './logging/log.js';
import { StartupSteps } from './logging/startup-steps.js';
import { startServer } from './server.js';

// Everything before this line is Node's own start and loading the modules.
const steps = new StartupSteps();
steps.mark('modules');
const appLog = await createStdoutLog();
const log = appLog.child({ context: 'Main' });

async function main(): Promise<void> {
  const config = loadConfig(environmentWithEnvFile());
  steps.mark('config');
  const server = await startServer(config, { log: appLog, steps });
  const database = config.databaseUrl
    ? 'PostgreSQL from DATABASE_URL'
    : `embedded PostgreSQL in ${config.embeddedDataDir}`;
  log.info(
    { startupMs: steps.sinceProcessStart, cpuMs: steps.cpuMs, steps: steps.measured },
    `ready ${steps.sinceProcessStart} ms after the process started (${steps.cpuMs} ms of CPU): ` +
      Object.entries(steps.measured)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', '),
  );
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
    const timeoutMs = config.shutdownTimeoutMs;
    log.info(
      { signal, timeoutMs },
      `${signal}: stopping (finishing requests, exiting within ${timeoutMs} ms)`,
    );
    log.flush();
    // Whatever a dependency does (a Redis or PostgreSQL that does not answer can hold a close
    // forever), the process is gone by the deadline.
    setTimeout(() => {
      log.error(`still stopping after ${timeoutMs} ms: exiting now`);
      log.flush();
      process.exit(1);
    }, timeoutMs).unref();
    // The server's own stop keeps half a second for the log and the exit. Closing flushes the
    // embedded database to disk; a second signal does not cut that short.
    server.close(Math.max(500, timeoutMs - 500)).then(
      (clean) => {
        log.info(clean ? 'stopped' : 'stopped, some of it cut short');
        log.flush();
        process.exit(clean ? 0 : 1);
      },
      (error: unknown) => {
        log.error({ err: error }, 'error while stopping');
        log.flush();
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
