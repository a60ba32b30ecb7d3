import pg from 'pg';
import type { AppConfig } from '../config/config.js';
import {
  type EmbeddedPostgres,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from '../database/embedded-postgres.js';
import { migrate } from '../database/migrate.js';

export interface ReportDatabase {
  client: pg.Client;
  /** Which database this is, said in the report's output. */
  description: string;
  close(): Promise<void>;
}

/**
 * The database the server uses: DATABASE_URL's, or the embedded one. PGlite has one process at a
 * time in its folder, so while a server has it open the report connects through that server's
 * socket, and otherwise opens the folder itself (and a server started meanwhile waits its turn:
 * it refuses to start until the report is done).
 */
export async function openReportDatabase(config: AppConfig): Promise<ReportDatabase> {
  let url = config.databaseUrl;
  let description = 'PostgreSQL from DATABASE_URL';
  let embedded: EmbeddedPostgres | undefined;
  if (!url) {
    const running = await runningEmbeddedPostgres(config.embeddedDataDir);
    if (running) {
      url = running.url;
      description = `embedded database in ${config.embeddedDataDir}, through the running server (process ${running.pid})`;
    } else {
      embedded = await startEmbeddedPostgres(config.embeddedDataDir);
      url = embedded.url;
      description = `embedded database in ${config.embeddedDataDir} (no server had it open)`;
      // A folder from before analytics existed gets its tables, as the server would at start.
      await migrate(url);
    }
  }
  const client = new pg.Client({ connectionString: url, application_name: 'sd-course-report' });
  try {
    await client.connect();
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return {
    client,
    description,
    async close() {
      await client.end();
      await embedded?.stop();
    },
  };
}
