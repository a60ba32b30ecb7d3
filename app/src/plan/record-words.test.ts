import { tradeRecord } from '@course/rules';
import { expectancyFormula, percentText, sampleWords } from './record-words.js';

const win = (resultR: number) => ({ exit: 'target' as const, resultR });
const loss = (resultR: number) => ({ exit: 'stop' as const, resultR });

describe('expectancyFormula', () => {
  it('spells the formula out with the record’s numbers', () => {
    const record = tradeRecord([win(2.5), loss(-1), loss(-1.6), win(2.1)]);
    expect(expectancyFormula(record)).toBe(
      'Expectancy = win rate × average win − loss rate × average loss = 50% × 2.3R − 50% × 1.3R = +0.5R per trade.',
    );
  });

  it('gives the formula alone before a closed trade, and 0% for a side with no trades', () => {
    expect(expectancyFormula(tradeRecord([]))).toBe(
      'Expectancy = win rate × average win − loss rate × average loss.',
    );
    expect(expectancyFormula(tradeRecord([loss(-1), loss(-1.2)]))).toBe(
      'Expectancy = win rate × average win − loss rate × average loss = 0% − 100% × 1.1R = −1.1R per trade.',
    );
  });

  it('gives a trade stopped at 0.0R its own breakeven term, not a loss', () => {
    const record = tradeRecord([win(2), loss(-1), loss(0), loss(-1)]);
    expect(expectancyFormula(record)).toBe(
      'Expectancy = win rate × average win − loss rate × average loss + breakeven rate × 0.0R = 25% × 2.0R − 50% × 1.0R + 25% × 0.0R = 0.0R per trade.',
    );
  });
});

describe('sampleWords', () => {
  it('says six trades tell very little, with the standard error and the range it leaves', () => {
    const record = tradeRecord([win(2.4), loss(-1), loss(-1), win(2.2), loss(-1.6), loss(-1)]);
    const words = sampleWords(record);
    expect(words).toMatch(/^After 6 closed trades the expectancy is 0\.0R per trade, /);
    expect(words).toMatch(
      /give or take \d\.\dR: its standard error, the spread of your results divided by √6\./,
    );
    expect(words).toMatch(/include zero: this cannot yet tell/);
    expect(words).toMatch(
      /After 6 trades this says very little: a sound method can lose 6 in a row, and a poor one can win as many\. It takes dozens of trades before an average in R means much\.$/,
    );
  });

  it('says a clear record stays clear of zero, and a large one starts to mean something', () => {
    const outcomes = Array.from({ length: 40 }, (_, index) =>
      index % 2 === 0 ? win(2.5) : loss(-1),
    );
    const words = sampleWords(tradeRecord(outcomes));
    expect(words).toMatch(
      /Even two standard errors either way, from \+\d\.\dR to \+\d\.\dR, stay above zero\./,
    );
    expect(words).toMatch(/With 40 trades the average starts to mean something/);
  });

  it('has words before any closed trade, after one, and for results without a spread', () => {
    expect(sampleWords(tradeRecord([{ exit: 'open', resultR: 0.4 }]))).toMatch(
      /^No trade has closed yet/,
    );
    expect(sampleWords(tradeRecord([win(2)]))).toMatch(/^One closed trade says nothing/);
    expect(sampleWords(tradeRecord([win(2), win(2), win(2)]))).toMatch(
      /^All 3 closed trades made the same \+2\.0R/,
    );
  });
});

describe('percentText', () => {
  it('rounds a rate to whole percent, and has a dash before one', () => {
    expect(percentText(1 / 3)).toBe('33%');
    expect(percentText(null)).toBe('–');
  });
});
