import type { ManagedExit, ManagedOutcome, ManagementRule, ZoneType } from '@course/rules';
import { rWords, tradeRWords } from './trade-outcome-words.js';

/** What each rule does, for the trade's direction: the choices' labels and the verdict's words. */
export function ruleLabel(rule: ManagementRule, type: ZoneType): string {
  const long = type === 'demand';
  switch (rule) {
    case 'hold':
      return 'Hold: leave the stop and the target where the plan put them';
    case 'breakeven':
      return 'Breakeven: at +1R, move the stop to the entry';
    case 'partial':
      return `Half off: at +1R, ${long ? 'sell' : 'buy back'} half; the rest keeps the stop and the target`;
    case 'trail':
      return long
        ? 'Trail: from +1R, move the stop just below each new higher low'
        : 'Trail: from +1R, move the stop just above each new lower high';
    case 'time':
      return 'Time stop: close the trade if +1R has not come within an hour (12 candles), and at the session’s close';
  }
}

/** How each rule's sentence starts. */
const RULE_NAMES: Record<ManagementRule, string> = {
  hold: 'Holding',
  breakeven: 'Breakeven',
  partial: 'Half off at +1R',
  trail: 'Trailing',
  time: 'Time stop',
};

const price = (value: number) => value.toFixed(2);

function exitWords(exit: ManagedExit, type: ZoneType, whole: boolean): string {
  const part = whole ? 'the trade' : 'the rest';
  const gap = exit.gap ? ' through a gap' : '';
  switch (exit.reason) {
    case 'stop':
      return `${part} was stopped out${gap} at ${price(exit.price)}`;
    case 'target':
      return `${part} reached the target${exit.gap ? ' (a gap past it filled better)' : ''}`;
    case 'breakeven':
      return `price came back to the entry and ${part} left${gap} at ${price(exit.price)}, a scratch`;
    case 'trail':
      return `the trailing stop took ${part} out${gap} at ${price(exit.price)}`;
    case 'partial':
      return `half was ${type === 'demand' ? 'sold' : 'bought back'} at +1R (${price(exit.price)})`;
    case 'time':
      return `${part} had not reached +1R within an hour and was closed at ${price(exit.price)}`;
    case 'session-close':
      return `${part} was closed at the session’s close, ${price(exit.price)}`;
    case 'open':
      return `${part} is still open where the chart ends (${price(exit.price)})`;
  }
}

/**
 * One rule's result on the trade, in a beginner's words: "Breakeven: price reached +1R and the
 * stop moved to the entry; price came back to the entry and the trade left at 68.05, a scratch:
 * 0.0R." The server writes it, so the page and any later report tell it the same way.
 */
export function managedOutcomeWords(outcome: ManagedOutcome, type: ZoneType): string {
  const name = RULE_NAMES[outcome.rule];
  // A trade that left at 0.0R is breakeven, not a loss, whichever rule managed it.
  const result = tradeRWords(outcome.resultR);
  if (outcome.fillIndex === null) {
    return `${name}: price never came back to the entry, so there was no trade: ${result}.`;
  }
  const [first] = outcome.exits;
  if (outcome.exits.length === 1 && first?.gap && first.index === outcome.fillIndex) {
    return `${name}: price gapped through the whole zone; filled and stopped at one price, ${result}.`;
  }
  const parts = outcome.exits.map((exit) => exitWords(exit, type, outcome.exits.length === 1));
  const all = outcome.exits.length > 1 ? ' in all' : '';
  return `${name}: ${leadWords(outcome)}${parts.join(', then ')}: ${result}${all}.`;
}

/** What the rule did before the exits, when that is not plain from them. */
function leadWords(outcome: ManagedOutcome): string {
  const acted = outcome.triggerIndex !== null;
  const last = outcome.exits.at(-1)?.reason;
  switch (outcome.rule) {
    case 'hold':
      return '';
    case 'time':
      return acted && last !== 'time' && last !== 'session-close'
        ? 'price reached +1R within the hour, so the time stop let it run; '
        : '';
    case 'breakeven':
      return acted ? 'price reached +1R and the stop moved to the entry; ' : NEVER_ACTED;
    case 'trail':
      if (!acted) return NEVER_ACTED;
      // Left at the plan's own stop: the trail never moved it (a moved stop leaves as `trail`).
      return last === 'stop'
        ? 'price reached +1R, but no swing formed that moved the stop; '
        : 'from +1R the stop followed each new swing; ';
    case 'partial':
      return acted ? '' : NEVER_ACTED;
  }
}

const NEVER_ACTED = 'price never reached +1R, so the rule never acted; ';

/**
 * What the spread of results on one trade says: which rule did best and worst here, and that
 * another trade would order them differently.
 */
export function managementLessonWords(outcomes: readonly ManagedOutcome[]): string {
  const filled = outcomes.filter((outcome) => outcome.fillIndex !== null);
  if (filled.length === 0) {
    return 'Price never came back to the entry: no rule had a trade to manage. That happens too.';
  }
  // Ties name the first rule in the order the page lists them (holding first).
  const best = filled.reduce((a, b) => (b.resultR > a.resultR ? b : a));
  const worst = filled.reduce((a, b) => (b.resultR < a.resultR ? b : a));
  if (rWords(best.resultR) === rWords(worst.resultR)) {
    return (
      'Every rule ended this trade the same way: management only matters once price moves ' +
      'between the stop and the target. No rule turns a failing zone into a winner.'
    );
  }
  return (
    `On this trade the results ran from ${rWords(worst.resultR)} (${RULE_NAMES[worst.rule].toLowerCase()}) ` +
    `to ${rWords(best.resultR)} (${RULE_NAMES[best.rule].toLowerCase()}). Another trade would ` +
    'order them differently: a stop moved to breakeven turns some losers into scratches and some ' +
    'winners into scratches too, and half off at +1R trades part of every big winner for smaller ' +
    'losses. Management changes how the results are spread, not whether the zones hold: judge a ' +
    'rule over many trades, never by one.'
  );
}
