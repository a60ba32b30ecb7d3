import type { TradeRecord } from '../api/index.js';
import { rText } from './plan-numbers.js';

/** Closed trades below this count are a small sample ("dozens of trades"). */
const SMALL_SAMPLE = 30;
/** Below this many, a run of that many losses is a thing a sound method can have. */
const VERY_SMALL_SAMPLE = 10;

/** "33%", or "–" before there is a rate. */
export function percentText(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)}%`;
}

/** "2.3R": a size in R without its sign, for a formula that writes its own minus. */
const size = (r: number) => `${Math.abs(r).toFixed(1)}R`;

/**
 * The expectancy formula in words and then with the learner's numbers: "win rate × average win −
 * loss rate × average loss = 50% × 2.3R − 50% × 1.3R = +0.5R per trade". The numbers are the
 * server's; only their arithmetic is spelled out here.
 */
export function expectancyFormula(record: TradeRecord): string {
  const words = 'Expectancy = win rate × average win − loss rate × average loss';
  if (record.hitRate === null || record.expectancy === null || record.closed === 0) {
    return `${words}.`;
  }
  const win =
    record.averageWinR === null
      ? '0%'
      : `${percentText(record.hitRate)} × ${size(record.averageWinR)}`;
  const lossTerm =
    record.averageLossR === null
      ? '0%'
      : `${percentText(record.losses / record.closed)} × ${size(record.averageLossR)}`;
  // Trades stopped at 0.0R are breakeven, and trades closed flat at the session's close are
  // neither wins nor losses: each is its own term.
  const extraWords: string[] = [];
  const extraTerms: string[] = [];
  if (record.breakeven > 0) {
    extraWords.push('breakeven rate × 0.0R');
    extraTerms.push(`${percentText(record.breakeven / record.closed)} × 0.0R`);
  }
  if (record.flatAtClose > 0 && record.averageFlatR !== null) {
    extraWords.push('closed-at-the-close rate × its average');
    extraTerms.push(
      `${percentText(record.flatAtClose / record.closed)} × ${rText(record.averageFlatR)}`,
    );
  }
  const plus = (parts: string[]) => parts.map((part) => ` + ${part}`).join('');
  return `${words}${plus(extraWords)} = ${win} − ${lossTerm}${plus(extraTerms)} = ${rText(record.expectancy)} per trade.`;
}

/**
 * What a record of this many closed trades can and cannot tell: the expectancy give or take its
 * standard error (the spread of the results over √n), whether two of them either way still
 * straddle zero, and how small the sample is.
 */
export function sampleWords(record: TradeRecord): string {
  const n = record.closed;
  const { expectancy, standardErrorR } = record;
  if (n === 0 || expectancy === null) {
    return 'No trade has closed yet: a win rate and an expectancy need trades that reached their stop or their target.';
  }
  const dozens = 'It takes dozens of trades before an average in R means much.';
  if (n === 1 || standardErrorR === null) {
    return `One closed trade says nothing about a method: a sound plan can lose it, and a poor one can win it. ${dozens}`;
  }
  const sentences: string[] = [];
  if (standardErrorR < 1e-9) {
    // Identical results have no spread to measure, which says nothing about the next trades.
    sentences.push(
      `All ${n} closed trades made the same ${rText(expectancy)}, so their spread cannot show yet how far the next ones may differ.`,
    );
  } else {
    const low = expectancy - 2 * standardErrorR;
    const high = expectancy + 2 * standardErrorR;
    sentences.push(
      `After ${n} closed trades the expectancy is ${rText(expectancy)} per trade, give or take ${size(standardErrorR)}: its standard error, the spread of your results divided by √${n}.`,
      low <= 0 && high >= 0
        ? `Two standard errors either way, from ${rText(low)} to ${rText(high)}, include zero: this cannot yet tell a way of trading that makes money from one that loses it.`
        : `Even two standard errors either way, from ${rText(low)} to ${rText(high)}, stay ${expectancy > 0 ? 'above' : 'below'} zero.`,
    );
  }
  if (n < VERY_SMALL_SAMPLE) {
    sentences.push(
      `After ${n} trades this says very little: a sound method can lose ${n} in a row, and a poor one can win as many. ${dozens}`,
    );
  } else if (n < SMALL_SAMPLE) {
    sentences.push(
      `${n} trades is still a small sample: one losing streak or one lucky run moves the average a long way. ${dozens}`,
    );
  } else {
    sentences.push(
      `With ${n} trades the average starts to mean something, for the way you traded these exercises.`,
    );
  }
  return sentences.join(' ');
}
