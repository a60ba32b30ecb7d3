import { resolve } from 'node:path';
import { REPORT_KINDS, type ReportKind } from './reports.js';

export const REAL_RATES_REPORT = 'real-rates';

export const USAGE = `usage: npm run report -- ${[...REPORT_KINDS, REAL_RATES_REPORT].join('|')} [--since YYYY-MM-DD] [--out DIR]

  exercises  per exercise: first-try pass rate, average tries, reveal rate, median time, Replay use
  funnel     by week: landing, demo try, registration, subscription
  lessons    per lesson: opened, completed, drop-off, median time to complete
  skills     per skill: learners, answers, first-try pass rate, learning curve, and the
             exercises whose difficulty is out of line with their skill
  real-rates the course's rules measured on the real 5-minute bars it ships: zone reactions,
             the course's trades and each take-or-skip check, with n and 95% intervals, before
             and after costs (reads no database; writes real-rates.csv and real-rates.svg)

Reads the database the server uses (DATABASE_URL, or the embedded one). Prints a table and
writes <report>.csv (and an .svg plot for exercises, funnel and skills, and
skills-exercises.csv for skills) into --out (default: reports/).`;

export class UsageError extends Error {}

interface Arguments {
  kind: ReportKind | typeof REAL_RATES_REPORT;
  since?: Date;
  outDir: string;
}

export function parseArguments(argv: readonly string[], root: string): Arguments {
  const [kind, ...rest] = argv;
  if (!REPORT_KINDS.includes(kind as ReportKind) && kind !== REAL_RATES_REPORT) {
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
  return { kind: kind as Arguments['kind'], ...(since ? { since } : {}), outDir };
}
