import { ConfigError, loadConfig, projectRoot } from '../config/config.js';
import { environmentWithEnvFile } from '../config/env-file.js';
import { EmbeddedDatabaseInUse } from '../database/embedded-postgres.js';
import { readLessonNames } from './lesson-names.js';
import { runRealRatesReport } from './real-rates-report.js';
import { openReportDatabase } from './report-database.js';
import { parseArguments, REAL_RATES_REPORT, USAGE, UsageError } from './report-arguments.js';
import { runReport } from './reports.js';

async function main(): Promise<void> {
  const root = projectRoot();
  const args = parseArguments(process.argv.slice(2), root);
  if (args.kind === REAL_RATES_REPORT) {
    const output = await runRealRatesReport(args.outDir);
    console.log(output.text);
    for (const file of output.files) console.log(`wrote ${file}`);
    return;
  }
  const kind = args.kind;
  const config = loadConfig(environmentWithEnvFile());
  const database = await openReportDatabase(config);
  try {
    const lessons = await readLessonNames(config.contentDir);
    const output = await runReport(
      kind,
      database.client,
      { ...(args.since ? { since: args.since } : {}) },
      lessons,
      args.outDir,
    );
    const range = args.since ? `since ${args.since.toISOString().slice(0, 10)}` : 'all kept events';
    console.log(`${output.text}\n\n(${range}; ${database.description})`);
    for (const file of output.files) console.log(`wrote ${file}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseInUse) {
    console.error(error.message);
  } else {
    console.error('the report failed:', error);
  }
  process.exit(1);
});
