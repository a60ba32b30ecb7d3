import type { Candle } from '@chart-kit/core';
import { playOutTrade, REAL_RATES, SHARES, type TradeOutcome } from '@course/rules';
import {
  rWords,
  type TradeRole,
  tradeOutcomeSummary,
} from '../src/exercises/trade-outcome-words.js';

const candle = (open: number, high: number, low: number, close: number): Candle => ({
  time: 0,
  open,
  high,
  low,
  close,
});

/** A long at 50.20, stop 49.70 (0.50 of risk), target 51.20 (2R); 500 shares risk 250 dollars. */
const plan = { entry: 50.2, stop: 49.7, target: 51.2, size: 500 };
const filled = candle(50.5, 50.6, 50.1, 50.3);

const play = (...candles: Candle[]): TradeOutcome => playOutTrade(plan, 'demand', candles, SHARES);
const words = (outcome: TradeOutcome, role: TradeRole, dollars = true) =>
  tradeOutcomeSummary({ outcome, plan, role, dollars });

const yours: TradeRole = { kind: 'plan', passed: true };

describe('tradeOutcomeSummary: the learner’s plan', () => {
  it('says a target reached worked as planned, in R and dollars', () => {
    const outcome = play(filled, candle(50.6, 51.3, 50.5, 51.2));
    expect(words(outcome, yours)).toBe(
      'Reached the target: +2.0R (+500.00 dollars). The plan worked as planned.',
    );
  });

  it('does not let a rule-breaking plan that won pass for a good one', () => {
    const outcome = play(filled, candle(50.6, 51.3, 50.5, 51.2));
    expect(words(outcome, { kind: 'plan', passed: false })).toBe(
      "Reached the target: +2.0R (+500.00 dollars). It paid this time, but the plan broke the course's " +
        'rules: one win does not make a plan good, any more than one loss makes a good plan bad.',
    );
  });

  it('calls a planned stop a good trade that lost when the plan followed the rules', () => {
    const outcome = play(filled, candle(50.1, 50.2, 49.6, 49.8));
    expect(words(outcome, yours)).toBe(
      'Stopped out: −1.0R (−250.00 dollars). A good trade that lost: the process was right, ' +
        'and the loss was the size you planned.',
    );
    expect(words(outcome, { kind: 'plan', passed: false })).toBe(
      'Stopped out: −1.0R (−250.00 dollars). The stop kept the loss within the size you planned.',
    );
  });

  it('says a gap through the stop cost more than planned, and why the size stays small', () => {
    const outcome = play(filled, candle(49.31, 49.5, 49.2, 49.4));
    expect(outcome.gap).toBe('through-stop');
    const text = words(outcome, yours);
    expect(text).toMatch(
      /^Stopped through a gap: a candle opened at 49\.31, past your stop at 49\.70, so the loss was −1\.8R \(−445\.00 dollars\), more than planned\./,
    );
    expect(text).toMatch(/this is why the size stays small\.$/);
  });

  it('explains a gap through the entry and the stop: filled and stopped at one open, 0R', () => {
    const outcome = play(candle(49.31, 49.6, 49.1, 49.4));
    expect(outcome).toMatchObject({ gap: 'through-entry-and-stop', resultR: 0 });
    const text = words(outcome, yours);
    expect(text).toMatch(
      /^Price gapped through your whole plan: a candle opened at 49\.31, past both your entry and your stop\./,
    );
    expect(text).toMatch(/closed it at once at the same price: breakeven, 0\.0R \(0\.00 dollars\)/);
    expect(text).toMatch(/spread and commission/);
    expect(text).not.toMatch(/−1\.0R/);
  });

  it('explains a better fill that made a stopped loss smaller than 1R', () => {
    const outcome = play(candle(50, 50.1, 49.9, 50), candle(49.9, 50, 49.6, 49.7));
    expect(outcome.resultR).toBeCloseTo(-0.6, 9);
    expect(words(outcome, yours)).toBe(
      'Stopped out: −0.6R (−150.00 dollars). The entry filled at 50.00, better than your entry ' +
        'at 50.20, because a candle opened there, so the loss was smaller than planned. A good ' +
        'trade that lost: the process was right.',
    );
  });

  it('says a gap past the target was luck, not a plan', () => {
    const outcome = play(filled, candle(51.5, 51.7, 51.4, 51.6));
    expect(words(outcome, yours)).toBe(
      'Reached the target through a gap: a candle opened at 51.50, past your target at 51.20, ' +
        'and the trade left there, better than planned: +2.6R (+650.00 dollars). The plan ' +
        'worked; a gap in your favour is luck, not something to plan on.',
    );
  });

  it('names the stop counted first, a trade still open and an entry never reached', () => {
    const both = play(filled, candle(50.5, 51.4, 49.6, 50.5));
    expect(words(both, yours)).toMatch(
      /One candle reached both your stop and your target; a chart cannot show which came first, so the course counts the stop\./,
    );
    const open = play(filled, candle(50.6, 50.7, 50.4, 50.6));
    expect(words(open, yours)).toBe(
      'Still open where the chart ends: +0.8R (+200.00 dollars) so far, with neither your stop ' +
        'nor your target reached. It counts at its last price until one of them closes it.',
    );
    expect(words(play(candle(51, 51.1, 50.8, 51)), yours)).toBe(
      'Price never came back to your entry: no trade, 0R.',
    );
  });
});

describe('tradeOutcomeSummary: breakeven and entries on the wrong side of price', () => {
  const told = (outcome: TradeOutcome, priceAtPlan: number) =>
    tradeOutcomeSummary({ outcome, plan, role: yours, dollars: true, priceAtPlan });

  it('calls a stop left at 0.0R breakeven, not a loss', () => {
    // Filled at 49.72 when a candle opened there, stopped at 49.70: −0.04R, 0.0R to one decimal.
    const outcome = play(candle(49.72, 49.8, 49.72, 49.75), candle(49.75, 49.76, 49.6, 49.65));
    expect(outcome.exit).toBe('stop');
    const text = words(outcome, yours);
    expect(text).toMatch(/^Stopped out at breakeven, 0\.0R \(−10\.00 dollars\)/);
    expect(text).toMatch(/neither a win nor a loss/);
    expect(text).not.toMatch(/lost|loss was/);
  });

  it('tells a buy limit above the price as filled at once, not as a gap through the zone', () => {
    // Planned with price at 49.30, below the entry and the stop: both orders act at once.
    const outcome = play(candle(49.31, 49.6, 49.1, 49.4));
    expect(outcome).toMatchObject({ gap: 'through-entry-and-stop', fillIndex: 0, resultR: 0 });
    const text = told(outcome, 49.3);
    expect(text).toBe(
      'Your entry at 50.20 was above the price when the plan was made (49.30): a buy limit ' +
        'above the price is filled at once, at the next price there is, so the order filled ' +
        'straight away at 49.31. Your stop at 49.70 was above the price too, so it triggered as ' +
        'soon as the trade was open and closed it at the same price: breakeven, 0.0R (0.00 ' +
        'dollars), before the spread and commission a broker would take. The zone was never ' +
        'tested: a buy limit goes at the zone, below the price, and your stop beyond its far line.',
    );
    expect(text).not.toMatch(/gap|failed/);
  });

  it('tells a buy limit above the price with the stop below it as a fill at once', () => {
    const outcome = play(candle(50, 50.1, 49.9, 50), candle(49.9, 50, 49.6, 49.7));
    const text = told(outcome, 50);
    expect(text).toMatch(
      /^Stopped out: −0\.6R \(−150\.00 dollars\)\. Your entry at 50\.20 was above/,
    );
    expect(text).toMatch(/filled straight away at 50\.00, so the loss was smaller than planned\./);
    expect(text).not.toMatch(/because a candle opened there/);
  });

  it('tells an entry on the right side of the price as before', () => {
    const outcome = play(candle(49.31, 49.6, 49.1, 49.4));
    expect(told(outcome, 50.4)).toMatch(/^Price gapped through your whole plan/);
  });
});

describe('tradeOutcomeSummary: the course’s trades', () => {
  it('tells the model plan’s loss as part of trading, without the learner’s “you”', () => {
    const outcome = play(filled, candle(50.1, 50.2, 49.6, 49.8));
    const text = words(outcome, { kind: 'model' });
    expect(text).toMatch(/^Stopped out: −1\.0R \(−250\.00 dollars\)\. A good trade that lost/);
    expect(text).not.toMatch(/\byou(r)?\b/);
  });

  it('speaks in R only for a take-or-skip trade, which sizes nothing', () => {
    const outcome = play(filled, candle(50.6, 51.3, 50.5, 51.2));
    expect(words(outcome, { kind: 'take' }, false)).toBe(
      'Reached the target: +2.0R. The trade worked as planned. Wins are the minority: on real ' +
        'charts, 2R trades at zones that passed every check reached their target ' +
        `${Math.round(REAL_RATES.twoR.taken.target.share * 100)} times in 100.`,
    );
  });

  it('says what skipping avoided, and that a skipped winner does not change the rule', () => {
    const skip: TradeRole = { kind: 'skip', reasons: ['room'] };
    const lost = play(filled, candle(50.1, 50.2, 49.6, 49.8));
    expect(words(lost, skip, false)).toBe(
      'Skipping avoided a loss: the 2R trade would have been stopped out, −1.0R. The course ' +
        'skips trades with too little room to the next zone because over many such trades they ' +
        'lose on average: this loss is one of them, not the proof.',
    );
    const won = play(filled, candle(50.6, 51.3, 50.5, 51.2));
    expect(words(won, skip, false)).toBe(
      'Skipping cost a winner this time: the 2R trade would have reached its target: +2.0R. ' +
        'The course skips trades with too little room to the next zone because over many such ' +
        "trades they lose on average; one result doesn't change that.",
    );
    expect(
      words(won, { kind: 'skip', reasons: ['room', 'fresh', 'higher-timeframe'] }, false),
    ).toMatch(
      /skips trades with too little room to the next zone, at zones price has already come back to or against the 1-hour trend because/,
    );
    const gapped = play(filled, candle(49.31, 49.5, 49.2, 49.4));
    expect(words(gapped, skip, false)).toBe(
      'Skipping avoided a loss: the 2R trade would have been stopped through a gap at 49.31, ' +
        'past its stop: −1.8R, more than the 1R it risked. The course skips trades with too ' +
        'little room to the next zone because over many such trades they lose on average: this ' +
        'loss is one of them, not the proof.',
    );
  });
});

describe('rWords', () => {
  it('writes R with a sign and one decimal, and no sign for what rounds to zero', () => {
    expect(rWords(2.44)).toBe('+2.4R');
    expect(rWords(-1)).toBe('−1.0R');
    expect(rWords(-0.01)).toBe('0.0R');
    expect(rWords(0)).toBe('0.0R');
  });
});
