import { type DecisionCheck, isBreakevenR, REAL_RATES, type TradeOutcome } from '@course/rules';

/**
 * What real charts did with trades like the course's, in the words after a replay: a 2R trade at
 * a zone that passed every check, measured on the real sample (REAL_RATES). One trade's result is
 * told against these, never against odds we would like.
 */
const REAL_TARGETS_IN_100 = Math.round(REAL_RATES.twoR.taken.target.share * 100);
const REAL_STOPS_IN_100 = Math.round(REAL_RATES.twoR.taken.stop.share * 100);
const REAL_EXPECTANCY_WORDS =
  REAL_RATES.twoR.taken.expectancyR.high < 0
    ? 'over many such trades they lost on average'
    : REAL_RATES.twoR.taken.expectancyR.low > 0
      ? 'over many such trades they made money on average'
      : 'over many such trades they neither made nor lost money for certain';

/**
 * Whose trade an outcome is, which decides how it is told:
 * - `plan`: the learner's own plan (`passed`: it followed every rule, so a loss was a good trade
 *   that lost);
 * - `model`: the course's plan on a trade-plan exercise;
 * - `take`: the course's trade at a zone it takes;
 * - `skip`: a trade aiming for 2R at a zone the course skips, for the checks in `reasons` (what
 *   skipping avoided, or cost).
 */
export type TradeRole =
  | { kind: 'plan'; passed: boolean }
  | { kind: 'model' }
  | { kind: 'take' }
  | { kind: 'skip'; reasons: readonly DecisionCheck[] };

export interface TradeStory {
  outcome: TradeOutcome;
  /** The prices the trade was planned with (the fill and the exit can differ after a gap). */
  plan: { entry: number; stop: number; target: number };
  role: TradeRole;
  /** Say the result in dollars too: a plan is sized for an account, a decision sizes nothing. */
  dollars: boolean;
  /**
   * The last price when the plan was made (the puzzle's last close). A limit entry on the wrong
   * side of it (a buy limit above the price, a sell limit below) is filled at once: the words
   * say so instead of telling it as a gap.
   */
  priceAtPlan?: number;
}

// A gap of a few hundredths of R is still a loss "of the size planned" to a reader of one decimal.
const MORE_THAN_PLANNED_R = 0.05;

const MINUS = '\u2212';
const signOf = (value: number, decimals: number) => {
  const rounded = Number(value.toFixed(decimals));
  return rounded > 0 ? '+' : rounded < 0 ? MINUS : '';
};

/** "+2.4R", "−1.0R", "0.0R": as the app writes R, with a true minus sign. */
export function rWords(resultR: number): string {
  return `${signOf(resultR, 1)}${Math.abs(resultR).toFixed(1)}R`;
}

/** One trade's result: "+2.4R", "−1.0R", or "breakeven, 0.0R" (neither a win nor a loss). */
export function tradeRWords(resultR: number): string {
  return isBreakevenR(resultR) ? 'breakeven, 0.0R' : rWords(resultR);
}

function dollarWords(dollars: number): string {
  const amount = Math.abs(dollars).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${signOf(dollars, 2)}${amount} dollars`;
}

const price = (value: number) => value.toFixed(2);

const SKIP_REASONS: Record<DecisionCheck, string> = {
  grade: 'at zones that score a C',
  room: 'with too little room to the next zone',
  fresh: 'at zones price has already come back to',
  'higher-timeframe': 'against the 1-hour trend',
};

function reasonWords(reasons: readonly DecisionCheck[]): string {
  const parts = reasons.map((reason) => SKIP_REASONS[reason]);
  if (parts.length === 0) return 'that fail its checks';
  if (parts.length === 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} or ${parts.at(-1) ?? ''}`;
}

/**
 * What happened to a trade after the exercise and what it teaches, in a beginner's words: the
 * replay's text and the results page's. The course decides these words once, here, so that every
 * page says the same about the same trade.
 */
export function tradeOutcomeSummary(story: TradeStory): string {
  if (story.role.kind === 'skip') return skippedTradeWords(story, story.role.reasons);
  const { outcome, plan, role } = story;
  // The learner's prices are "your" prices; the course's are "the" prices.
  const own = role.kind === 'plan' ? 'your' : 'the';
  const result =
    story.dollars && outcome.exit !== 'not-filled'
      ? `${tradeRWords(outcome.resultR)} (${dollarWords(outcome.resultDollars)})`
      : tradeRWords(outcome.resultR);
  const wrongSide = wrongSideWords(story);
  if (wrongSide !== null && outcome.gap === 'through-entry-and-stop') {
    return `${wrongSide.filled} ${wrongSide.stopped(result)}`;
  }
  const betterFill = wrongSide?.filled ?? betterFillWords(outcome, plan, own);

  switch (outcome.exit) {
    case 'not-filled':
      return role.kind === 'plan'
        ? 'Price never came back to your entry: no trade, 0R.'
        : "Price never came back to the course's entry: no trade, 0R. A limit order that is never reached costs nothing; chasing price would have meant a worse entry and a larger risk.";
    case 'open':
      return [
        wrongSide?.filled,
        `Still open where the chart ends: ${result} so far, with neither ${own} stop nor ${own} ` +
          'target reached. It counts at its last price until one of them closes it.',
      ]
        .filter(Boolean)
        .join(' ');
    case 'session-close':
      return [
        wrongSide?.filled,
        `Closed at the session's close: neither ${own} stop nor ${own} target was reached by the ` +
          `last candle of the day, so the trade was closed there, ${result}. A day trade is flat ` +
          'by the close: held overnight, the next open can gap through the stop.',
      ]
        .filter(Boolean)
        .join(' ');
    case 'target': {
      const how =
        outcome.gap === 'past-target' && outcome.exitPrice !== null
          ? `Reached the target through a gap: a candle opened at ${price(outcome.exitPrice)}, past ${own} target at ${price(plan.target)}, and the trade left there, better than planned: ${result}.`
          : `Reached the target: ${result}.`;
      // A wrong-side entry filled at once is not luck: it is the order doing what it says.
      const lucky = outcome.gap !== null || (betterFill !== '' && wrongSide === null);
      let lesson: string;
      if (role.kind === 'plan' && !role.passed) {
        // Judged by its outcome a rule-breaking plan would look right: the words say otherwise.
        lesson =
          "It paid this time, but the plan broke the course's rules: one win does not make a plan good, any more than one loss makes a good plan bad.";
      } else if (role.kind === 'plan') {
        lesson = lucky
          ? 'The plan worked; a gap in your favour is luck, not something to plan on.'
          : 'The plan worked as planned.';
      } else {
        lesson = `The ${role.kind === 'model' ? 'plan' : 'trade'} worked as planned. Wins are the minority: on real charts, 2R trades at zones that passed every check reached their target ${REAL_TARGETS_IN_100} times in 100.`;
      }
      return [how, betterFill, lesson].filter(Boolean).join(' ');
    }
    case 'stop':
      return stoppedWords(story, result, own, betterFill);
  }
}

/** A trade ended at its stop: at the planned loss, through a gap, or gapped through entirely. */
function stoppedWords(story: TradeStory, result: string, own: string, betterFill: string): string {
  const { outcome, plan, role } = story;
  const whose = role.kind === 'plan' ? 'your' : "the course's";
  if (outcome.gap === 'through-entry-and-stop' && outcome.exitPrice !== null) {
    return (
      `Price gapped through ${whose} whole plan: a candle opened at ${price(outcome.exitPrice)}, ` +
      `past both ${own} entry and ${own} stop. The order filled at that open and the stop, live ` +
      `from that moment and already passed, closed it at once at the same price: ${result}, ` +
      'before the spread and commission a broker would take. The zone failed before the trade ' +
      'could start, and the stop got the trade out of it.'
    );
  }
  if (outcome.gap === 'through-stop' && outcome.exitPrice !== null) {
    const opened = `Stopped through a gap: a candle opened at ${price(outcome.exitPrice)}, past ${own} stop at ${price(plan.stop)}`;
    const how =
      outcome.resultR < -1 - MORE_THAN_PLANNED_R
        ? `${opened}, so the loss was ${result}, more than planned.`
        : outcome.resultR < -1
          ? `${opened}, so the loss was ${result}, a little more than planned.`
          : isBreakevenR(outcome.resultR)
            ? `${opened}. ${betterFill.replace(/\.$/, '')}, so the trade left at ${result}, about where it filled.`
            : `${opened}. ${betterFill.replace(/\.$/, '')}, so the loss was ${result}, no more than planned.`;
    return `${how} A stop caps a loss only where price trades, and price can jump past it: this is why the size stays small.`;
  }
  const how = isBreakevenR(outcome.resultR)
    ? `Stopped out at ${result}: the trade left about where it filled.`
    : `Stopped out: ${result}.`;
  const both = outcome.stopAssumedFirst
    ? ` One candle reached both ${own} stop and ${own} target; a chart cannot show which came first, so the course counts the stop.`
    : '';
  const smaller =
    betterFill === '' || isBreakevenR(outcome.resultR)
      ? betterFill
      : `${betterFill.replace(/\.$/, '')}, so the loss was smaller than planned.`;
  // After a better fill the loss was not the planned one: the lesson then leaves the size out.
  const planned = smaller === '';
  let lesson: string;
  if (isBreakevenR(outcome.resultR)) {
    lesson = 'Breakeven is neither a win nor a loss, before the spread and commission.';
  } else if (role.kind === 'plan') {
    lesson = !role.passed
      ? 'The stop kept the loss within the size you planned.'
      : planned
        ? 'A good trade that lost: the process was right, and the loss was the size you planned.'
        : 'A good trade that lost: the process was right.';
  } else {
    lesson =
      role.kind === 'model'
        ? 'A good trade that lost: the plan followed every rule'
        : 'A good trade that lost: it passed every check';
    lesson += planned ? ', and the loss was the size planned.' : '.';
    lesson += ` Losing is the usual outcome: on real charts, 2R trades at zones that passed every check were stopped ${REAL_STOPS_IN_100} times in 100, and ${REAL_EXPECTANCY_WORDS}. No single trade decides anything; the size of each loss does.`;
  }
  return [how + both, smaller, lesson].filter(Boolean).join(' ');
}

/**
 * A limit entry on the wrong side of the price when the plan was made (a buy limit above it, a
 * sell limit below) is filled at once, at the next price there is: that is no gap and no test of
 * the zone. Null for an entry on the right side, or when the price is not known.
 */
function wrongSideWords(
  story: TradeStory,
): { filled: string; stopped: (result: string) => string } | null {
  const { outcome, plan, priceAtPlan, role } = story;
  if (priceAtPlan === undefined || outcome.fillIndex !== 0 || outcome.fillPrice === null) {
    return null;
  }
  const long = plan.stop < plan.entry;
  if (long ? plan.entry <= priceAtPlan : plan.entry >= priceAtPlan) return null;
  const whose = role.kind === 'plan' ? 'Your' : "The course's";
  const own = role.kind === 'plan' ? 'your' : 'the';
  const side = long ? 'above' : 'below';
  const order = long ? 'a buy limit' : 'a sell limit';
  const filled =
    `${whose} entry at ${price(plan.entry)} was ${side} the price when the plan was made ` +
    `(${price(priceAtPlan)}): ${order} ${side} the price is filled at once, at the next price ` +
    `there is, so the order filled straight away at ${price(outcome.fillPrice)}.`;
  const stopped = (result: string) =>
    `${whose} stop at ${price(plan.stop)} was ${side} ` +
    `the price too, so it triggered as soon as the trade was open and closed it at the same ` +
    `price: ${result}, before the spread and commission a broker would take. The zone was ` +
    `never tested: ${order} goes at the zone, ${long ? 'below' : 'above'} the price, and ${own} ` +
    'stop beyond its far line.';
  return { filled, stopped };
}

/** A fill better than the entry asked for: a candle opened past the entry and filled there. */
function betterFillWords(outcome: TradeOutcome, plan: TradeStory['plan'], own: string): string {
  if (outcome.fillPrice === null || outcome.fillPrice === plan.entry) return '';
  if (outcome.gap === 'through-entry-and-stop') return '';
  return `The entry filled at ${price(outcome.fillPrice)}, better than ${own} entry at ${price(plan.entry)}, because a candle opened there.`;
}

/** What a 2R trade at a skipped zone would have done: what skipping avoided, or cost. */
function skippedTradeWords(story: TradeStory, reasons: readonly DecisionCheck[]): string {
  const { outcome } = story;
  const result = tradeRWords(outcome.resultR);
  const at = outcome.exitPrice === null ? '' : price(outcome.exitPrice);
  const rule = `The course skips trades ${reasonWords(reasons)} because over many such trades they lose on average`;
  switch (outcome.exit) {
    case 'not-filled':
      return 'Price never came back to the zone: a 2R trade there would not have filled, so skipping changed nothing this time.';
    case 'open':
      return `The 2R trade would still be open where the chart ends, ${result} so far, with neither its stop nor its target reached. One unfinished trade says nothing about skipping.`;
    case 'session-close':
      return `The 2R trade would have been closed flat at the session's close, ${result}, with neither its stop nor its target reached. One such trade says nothing about skipping.`;
    case 'target': {
      const how =
        outcome.gap === 'past-target'
          ? `the 2R trade would have reached its target through a gap at ${at}: ${result}.`
          : `the 2R trade would have reached its target: ${result}.`;
      return `Skipping cost a winner this time: ${how} ${rule}; one result doesn't change that.`;
    }
    case 'stop':
      if (outcome.gap === 'through-entry-and-stop') {
        return `Price gapped through the whole zone: a 2R trade there would have filled at ${at} and been stopped at once at the same price, ${result}. The zone failed; skipping changed little this time.`;
      }
      if (outcome.gap === 'through-stop') {
        const more =
          outcome.resultR < -1 - MORE_THAN_PLANNED_R ? ', more than the 1R it risked' : '';
        return `Skipping avoided a loss: the 2R trade would have been stopped through a gap at ${at}, past its stop: ${result}${more}. ${rule}: this loss is one of them, not the proof.`;
      }
      return `Skipping avoided a loss: the 2R trade would have been stopped out, ${result}.${
        outcome.stopAssumedFirst
          ? ' One candle reached both its stop and its target; the course counts the stop first.'
          : ''
      } ${rule}: this loss is one of them, not the proof.`;
  }
}
