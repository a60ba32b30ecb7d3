// Adds up jest's "Tests:" lines. Imported by test-all.mjs for each suite; run as
// `node scripts/jest-totals.mjs LOG` (as .ci/run does) it prints one line over every run in LOG.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The passed, failed and skipped counts of every jest "Tests:" line in `output`. */
export function jestCounts(output) {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const line of plain.split('\n').filter((text) => text.startsWith('Tests:'))) {
    for (const word of Object.keys(counts)) {
      const found = line.match(new RegExp(`(\\d+) ${word}`));
      if (found) counts[word] += Number(found[1]);
    }
  }
  return counts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { passed, failed, skipped } = jestCounts(readFileSync(process.argv[2] ?? 0, 'utf8'));
  console.log('==> all jest runs together:');
  console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
