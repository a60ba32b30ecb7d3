import { resolve } from 'node:path';
import { ConfigError, loadConfig, projectRoot } from '../config/config.js';
import { environmentWithEnvFile } from '../config/env-file.js';
import { EmbeddedDatabaseInUse } from '../database/embedded-postgres.js';
import { readLessonNames } from './lesson-names.js';
import { openReportDatabase } from './report-database.js';
import { REPORT_KINDS, type ReportKind, runReport } from './reports.js';

const USAGE = `usage: npm run report -- ${REPORT_KINDS.join('|')} [--since YYYY-MM-DD] [--out DIR]

  exercises  per exercise: first-try pass rate, average tries, reveal rate, median time, Replay use
  funnel     by week: landing, demo try, registration, subscription
  lessons    per lesson: opened, completed, drop-off, median time to complete
  skills     per skill: learners, answers, first-try pass rate, learning curve, and the
             exercises whose difficulty is out of line with their skill

Reads the database the server uses (DATABASE_URL, or the embedded one). Prints a table and
writes <report>.csv (and an .svg plot for exercises, funnel and skills, and
skills-exercises.csv for skills) into --out (default: reports/).`;

class UsageError extends Error {}

interface Arguments {
  kind: ReportKind;
  since?: Date;
  outDir: string;
}

export function parseArguments(argv: readonly string[], root: string): Arguments {
  const [kind, ...rest] = argv;
  if (!REPORT_KINDS.includes(kind as ReportKind)) {
    throw new UsageError(kind ? `unknown report "${kind}"` : 'which report?');
  }
  let since: Date | undefined;
  let outDir = resolve(root, 'reports');
  for (let index = 0; index < rest.length; index += 1) {
    const option = rest[index];
    const value = rest[index + 1];
    if (option === '--since' && value !== undefined) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
        throw new UsageError(`--since must be a date such as 2026-01-31, got "${value}"`);
      }
      since = new Date(`${value}T00:00:00Z`);
    } else if (option === '--out' && value !== undefined) {
      outDir = resolve(process.cwd(), value);
    } else {
      throw new UsageError(`unknown option "${option ?? ''}"`);
    }
    index += 1;
  }
  return { kind: kind as ReportKind, ...(since ? { since } : {}), outDir };
}

async function main(): Promise<void> {
  const root = projectRoot();
  const args = parseArguments(process.argv.slice(2), root);
  const config = loadConfig(environmentWithEnvFile());
  const database = await openReportDatabase(config);
  try {
    const lessons = await readLessonNames(config.contentDir);
    const output = await runReport(
      args.kind,
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
