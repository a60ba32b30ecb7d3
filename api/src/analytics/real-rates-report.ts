import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  COST_PER_ROUND_TRIP,
  measureRates,
  type MeanWithInterval,
  type MeasuredRates,
  type Share,
  type TradeSummary,
} from '@course/rules';
import { loadRealSample, realSeriesBySymbol } from '@course/rules/real-data';
import { realRatesSvg } from './real-rates-plot.js';
import { formatTable, percent, toCsv, type ReportTable } from './report-table.js';

/**
 * `npm run report -- real-rates`: the course's own rules measured on the real 5-minute bars the
 * course ships (no database): zone reactions, the course's trades, and each take-or-skip check,
 * each figure with its n and 95% interval, before and after the stated cost.
 */

interface RateRow {
  group: string;
  measure: string;
  n: number;
  value: string;
  interval: string;
}

const shareRow = (group: string, measure: string, share: Share): RateRow => ({
  group,
  measure,
  n: share.n,
  value: percent(share.share),
  interval: `${percent(share.low)} to ${percent(share.high)}`,
});

const r = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}R`;
const meanRow = (group: string, measure: string, mean: MeanWithInterval): RateRow => ({
  group,
  measure,
  n: mean.n,
  value: r(mean.mean),
  interval: `${r(mean.low)} to ${r(mean.high)}`,
});

function tradeRows(group: string, trades: TradeSummary): RateRow[] {
  return [
    shareRow(group, 'target', trades.target),
    shareRow(group, 'stopped', trades.stop),
    shareRow(group, 'closed at the session close', trades.sessionClose),
    {
      group,
      measure: 'median winner',
      n: trades.target.count,
      value: trades.medianWinnerR === null ? '-' : r(trades.medianWinnerR),
      interval: '',
    },
    meanRow(group, 'expectancy before costs', trades.expectancyR),
    meanRow(group, 'expectancy after costs', trades.expectancyAfterCostsR),
  ];
}

export function realRatesRows(rates: MeasuredRates): RateRow[] {
  const reactions = 'zone reactions (first return)';
  return [
    shareRow(reactions, 'strong bounce', rates.reactions.strong),
    shareRow(reactions, 'weak', rates.reactions.weak),
    shareRow(reactions, 'break', rates.reactions.break),
    ...tradeRows('trades the course takes (every check passes)', rates.takenTrades),
    ...tradeRows('course trades (room of 2R or more)', rates.courseTrades),
    ...tradeRows('course trades with 2R to 3R of room', rates.courseTradesTwoToThreeR),
    ...rates.splits.flatMap((split) => [
      meanRow(`check: ${split.name}`, split.passLabel, split.pass.expectancyR),
      meanRow(`check: ${split.name}`, split.failLabel, split.fail.expectancyR),
      meanRow(`check: ${split.name}`, 'advantage of passing', split.advantageR),
    ]),
  ];
}

export function realRatesTable(rates: MeasuredRates): ReportTable<RateRow> {
  return {
    title:
      `The course's rules on real charts: ${rates.sessions} sessions of ${rates.series} symbols, ` +
      `${rates.returns} returns to ${rates.zonesReturnedTo} zones; costs ${(COST_PER_ROUND_TRIP * 100).toFixed(2)}% ` +
      `of price a round trip (${r(rates.takenTrades.costR)} a trade the course takes)`,
    columns: [
      { header: 'group', cell: (row) => row.group },
      { header: 'measure', cell: (row) => row.measure },
      { header: 'n', cell: (row) => row.n, align: 'right' },
      { header: 'value', cell: (row) => row.value, align: 'right' },
      { header: '95% interval', cell: (row) => row.interval },
    ],
    rows: realRatesRows(rates),
  };
}

export async function runRealRatesReport(
  outDir: string,
): Promise<{ text: string; files: string[] }> {
  const rates = measureRates(realSeriesBySymbol(loadRealSample().sessions));
  const table = realRatesTable(rates);
  await mkdir(outDir, { recursive: true });
  const csvFile = join(outDir, 'real-rates.csv');
  const svgFile = join(outDir, 'real-rates.svg');
  await writeFile(csvFile, toCsv(table));
  await writeFile(svgFile, realRatesSvg(rates));
  return { text: formatTable(table), files: [csvFile, svgFile] };
}
