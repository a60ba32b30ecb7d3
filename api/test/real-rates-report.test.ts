import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REAL_RATES } from '@course/rules';
import { realRatesTable, runRealRatesReport } from '../src/analytics/real-rates-report.js';
import { realRatesSvg } from '../src/analytics/real-rates-plot.js';
import { parseArguments } from '../src/analytics/report-arguments.js';
import { toCsv } from '../src/analytics/report-table.js';

describe('npm run report -- real-rates', () => {
  it('is a report kind that needs no database', () => {
    expect(parseArguments(['real-rates', '--out', 'x'], '/').kind).toBe('real-rates');
  });

  it('gives every figure with its n and 95% interval', () => {
    const csv = toCsv(realRatesTable(REAL_RATES));
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('group,measure,n,value,95% interval');
    const strong = lines.find((line) => line.includes('strong bounce'));
    const { strong: share } = REAL_RATES.reactions;
    expect(strong).toBe(
      `zone reactions (first return),strong bounce,${share.n},${(share.share * 100).toFixed(1)}%,${(share.low * 100).toFixed(1)}% to ${(share.high * 100).toFixed(1)}%`,
    );
    for (const check of ['room', 'fresh', 'higher-timeframe', 'zone-height']) {
      expect(csv).toContain(`check: ${check},advantage of passing`);
    }
    expect(csv).toContain('expectancy after costs');
  });

  it('draws the outcome bars and the expectancy by check as valid SVG', () => {
    const picture = realRatesSvg(REAL_RATES);
    expect(picture).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(picture).toContain(`zone reactions (n=${REAL_RATES.reactions.n})`);
    // No attribute written twice on one tag: that would be invalid XML.
    for (const tag of picture.match(/<[a-z]+ [^>]*>/g) ?? []) {
      const names = [...tag.matchAll(/ ([a-z-]+)="/g)].map((match) => match[1]);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('measures the shipped sample and writes the CSV and the SVG', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'real-rates-'));
    try {
      const output = await runRealRatesReport(outDir);
      expect(output.files).toEqual([
        join(outDir, 'real-rates.csv'),
        join(outDir, 'real-rates.svg'),
      ]);
      expect(output.text).toContain(
        `${REAL_RATES.sessions} sessions of ${REAL_RATES.series} symbols`,
      );
      expect(await readFile(join(outDir, 'real-rates.csv'), 'utf8')).toContain('strong bounce');
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
