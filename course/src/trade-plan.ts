import type { Candle } from '@chart-kit/core';
import { endsSession } from './session-close.js';
import type { ZoneType } from './zones.js';

/**
 * What one unit of an instrument is worth: `pointValue` dollars for each 1.00 its price moves.
 * A share: 1. A Micro E-mini S&P 500 contract: 5 per index point. A standard forex lot of
 * EUR/USD (100,000 euros): 100,000, so 10 dollars a pip (0.0001).
 */
export interface Instrument {
  kind: 'shares' | 'futures' | 'forex';
  /** Dollars per unit for a price move of 1.00. */
  pointValue: number;
  /** What one unit is called, for feedback ("shares", "contracts", "lots"). */
  unit: string;
  /** Smallest unit that can be traded (1 share, 1 contract, 0.01 lot). */
  step: number;
}

export const SHARES: Instrument = { kind: 'shares', pointValue: 1, unit: 'shares', step: 1 };
export const MICRO_E_MINI: Instrument = {
  kind: 'futures',
  pointValue: 5,
  unit: 'contracts',
  step: 1,
};
export const FOREX_STANDARD_LOT: Instrument = {
  kind: 'forex',
  pointValue: 100_000,
  unit: 'lots',
  step: 0.01,
};

/** A learner's plan at a zone: three prices and the money side. */
export interface TradePlan {
  entry: number;
  stop: number;
  target: number;
  /** Account size in dollars. */
  account: number;
  /** Share of the account risked, in percent (1 means 1%). */
  riskPercent: number;
  /** Units the learner would trade. */
  size: number;
}

/** What the plan is graded against. */
export interface PlanSetting {
  /** The zone traded: demand (long) or supply (short). */
  zone: { type: ZoneType; upper: number; lower: number };
  /** The next opposing zone in the trade's direction, or null when none is in view. */
  opposing: { upper: number; lower: number } | null;
  /** Average candle range at the zone: the stop may sit at most this far beyond the distal line. */
  averageRange: number;
  /** Least reward-to-risk the exercise asks for. Default {@link MIN_REWARD_TO_RISK}. */
  minRewardToRisk?: number;
  instrument: Instrument;
  /**
   * The most a position may be worth, in dollars (shares only: cash, or a margin account's
   * buying power). A stop close to the entry can make the risk budget buy more shares than the
   * account can pay for; then the size is what the buying power allows.
   */
  buyingPower?: number;
}

/** The course asks for at least 2:1: at 2:1 a trader breaks even winning one trade in three. */
export const MIN_REWARD_TO_RISK = 2;
/** A stop further than this many average ranges beyond the zone risks money for nothing. */
export const MAX_STOP_BEYOND_IN_RANGES = 1;
/** The learner's size may differ from the correct one by this many units (rounding). */
export const SIZE_SLACK_UNITS = 1;

export type PlanRule = 'entry' | 'stop' | 'target' | 'reward-to-risk' | 'size';

export interface PlanGrade {
  pass: boolean;
  /** The rules the plan broke, in the order a trader checks them. */
  failed: PlanRule[];
  /** One sentence per broken rule (or one of praise), for a beginner. */
  feedback: string[];
  rewardToRisk: number;
  /** Dollars lost if the stop is hit, at the learner's size. */
  riskDollars: number;
  /** The size the account and risk allow for this entry and stop. */
  correctSize: number;
}

/** Thrown for plans that cannot be graded (non-finite numbers, no distance to the stop). */
export class PlanInputError extends RangeError {
  override name = 'PlanInputError';
}

/** +1 for a long trade at demand, -1 for a short trade at supply. */
export const tradeDirection = (type: ZoneType): 1 | -1 => (type === 'demand' ? 1 : -1);

function floorToStep(value: number, step: number): number {
  // Rounding first keeps 0.29999999 lots from flooring to 0.28.
  return Math.floor(Math.round((value / step) * 1e6) / 1e6) * step;
}

/**
 * Position size: the money at risk divided by what one unit loses between entry and stop, rounded
 * down to a tradable amount. risk = account x riskPercent / 100; per unit = |entry - stop| x
 * pointValue.
 */
export function positionSize(
  account: number,
  riskPercent: number,
  entry: number,
  stop: number,
  instrument: Instrument,
): number {
  const perUnit = Math.abs(entry - stop) * instrument.pointValue;
  if (!(perUnit > 0)) throw new PlanInputError('the entry and the stop must be different prices');
  const units = floorToStep((account * riskPercent) / 100 / perUnit, instrument.step);
  return Math.max(0, Number(units.toFixed(6)));
}

/**
 * The size a plan should trade: {@link positionSize}, and no more than `buyingPower` pays for
 * (shares only: the entry price times the units).
 */
export function plannedSize(
  plan: Pick<TradePlan, 'account' | 'riskPercent' | 'entry' | 'stop'>,
  instrument: Instrument,
  buyingPower?: number,
): { size: number; limitedByBuyingPower: boolean } {
  const byRisk = positionSize(plan.account, plan.riskPercent, plan.entry, plan.stop, instrument);
  if (buyingPower === undefined || instrument.kind !== 'shares') {
    return { size: byRisk, limitedByBuyingPower: false };
  }
  const affordable = Math.max(0, floorToStep(buyingPower / plan.entry, instrument.step));
  return affordable < byRisk
    ? { size: affordable, limitedByBuyingPower: true }
    : { size: byRisk, limitedByBuyingPower: false };
}

/** Reward over risk: how many times the distance to the stop the target lies from the entry. */
export function rewardToRisk(entry: number, stop: number, target: number): number {
  const risk = Math.abs(entry - stop);
  if (!(risk > 0)) throw new PlanInputError('the entry and the stop must be different prices');
  return Math.abs(target - entry) / risk;
}

/**
 * Float noise in a ratio of prices: 1.00 / 0.50 can come out as 1.9999999999999. A plan at
 * exactly the minimum meets it.
 */
const RATIO_TOLERANCE = 1e-9;

/** The ratio meets the minimum, allowing for float noise in prices. */
export function meetsRewardToRisk(ratio: number, minimum: number = MIN_REWARD_TO_RISK): boolean {
  return ratio >= minimum - RATIO_TOLERANCE;
}

/**
 * A reward-to-risk as a learner reads it, without the ":1": one decimal ("2.4"), unless one
 * decimal would round a ratio below the minimum up to it: then as many decimals as show the
 * shortfall ("1.97", not "2.0", for a plan that fails 2:1).
 */
export function ratioNumberText(ratio: number, minimum: number = MIN_REWARD_TO_RISK): string {
  const oneDecimal = ratio.toFixed(1);
  if (meetsRewardToRisk(ratio, minimum) || Number(oneDecimal) < minimum) return oneDecimal;
  for (let decimals = 2; decimals < 9; decimals++) {
    const text = ratio.toFixed(decimals);
    if (Number(text) < minimum) return text;
  }
  return ratio.toFixed(9);
}

function checkPlan(plan: TradePlan, setting: PlanSetting): void {
  for (const [name, value] of Object.entries(plan)) {
    if (!Number.isFinite(value)) throw new PlanInputError(`${name} must be a finite number`);
  }
  if (!(plan.account > 0)) throw new PlanInputError('the account size must be above zero');
  if (!(plan.riskPercent > 0 && plan.riskPercent <= 100)) {
    throw new PlanInputError('the risk must be above 0% and at most 100% of the account');
  }
  if (plan.size < 0) throw new PlanInputError('the size cannot be negative');
  if (plan.entry === plan.stop) throw new PlanInputError('the entry and the stop must differ');
  const { zone } = setting;
  if (!(zone.upper > zone.lower)) throw new PlanInputError('the zone must have a height');
  if (!(setting.averageRange > 0)) throw new PlanInputError('the average range must be above zero');
}

/**
 * Grades a trade plan at a zone by the course's five rules:
 * 1. entry at or inside the zone's proximal (near) line, and not beyond its distal (far) line;
 * 2. stop beyond the distal line, at most {@link MAX_STOP_BEYOND_IN_RANGES} average range beyond;
 * 3. target on the profit side of the entry and short of the next opposing zone (at or before its
 *    near line);
 * 4. reward-to-risk at least the exercise's minimum;
 * 5. size within {@link SIZE_SLACK_UNITS} unit of {@link positionSize} for this entry and stop.
 */
export function gradeTradePlan(plan: TradePlan, setting: PlanSetting): PlanGrade {
  checkPlan(plan, setting);
  const { zone, opposing, instrument } = setting;
  const direction = tradeDirection(zone.type);
  const proximal = direction > 0 ? zone.upper : zone.lower;
  const distal = direction > 0 ? zone.lower : zone.upper;
  const minimum = setting.minRewardToRisk ?? MIN_REWARD_TO_RISK;
  const failed: PlanRule[] = [];
  const feedback: string[] = [];
  const long = direction > 0;

  const entryInside =
    direction * (proximal - plan.entry) >= 0 && direction * (plan.entry - distal) > 0;
  if (!entryInside) {
    failed.push('entry');
    feedback.push(
      direction * (plan.entry - proximal) > 0
        ? `Your entry is ${long ? 'above' : 'below'} the zone. Enter at the zone's near line or inside the zone, where the waiting orders are.`
        : `Your entry is at or beyond the zone's far line. Enter at the near line or inside the zone, and keep the far side for the stop.`,
    );
  }
  const beyond = direction * (distal - plan.stop);
  if (beyond <= 0) {
    failed.push('stop');
    feedback.push(
      `Your stop is inside or ${long ? 'above' : 'below'} the zone. Put it beyond the zone's far line, with a small buffer, so it only triggers once the zone has failed.`,
    );
  } else if (beyond > MAX_STOP_BEYOND_IN_RANGES * setting.averageRange) {
    failed.push('stop');
    feedback.push(
      'Your stop is much further beyond the zone than it needs to be. A small buffer past the far line is enough; a wide stop shrinks your size and your reward-to-risk.',
    );
  }
  const profitSide = direction * (plan.target - plan.entry) > 0;
  const shortOfOpposing =
    opposing === null || direction * ((long ? opposing.lower : opposing.upper) - plan.target) >= 0;
  if (!profitSide || !shortOfOpposing) {
    failed.push('target');
    feedback.push(
      !profitSide
        ? `Your target is on the wrong side of your entry: a ${long ? 'long' : 'short'} trade profits when price moves ${long ? 'up' : 'down'}.`
        : `Your target lies inside or beyond the next opposing zone, where ${long ? 'sellers' : 'buyers'} are likely waiting. Aim a little short of it.`,
    );
  }
  const ratio = rewardToRisk(plan.entry, plan.stop, plan.target);
  if (profitSide && !meetsRewardToRisk(ratio, minimum)) {
    failed.push('reward-to-risk');
    feedback.push(
      `Your reward-to-risk is ${ratioNumberText(ratio, minimum)}:1, below the ${minimum}:1 this exercise asks for: move the target further or the entry and stop closer, or skip the trade.`,
    );
  }
  const planned = plannedSize(plan, instrument, setting.buyingPower);
  const correctSize = planned.size;
  if (Math.abs(plan.size - correctSize) > SIZE_SLACK_UNITS * instrument.step + 1e-9) {
    failed.push('size');
    feedback.push(
      planned.limitedByBuyingPower
        ? `Your size is more than the account can pay for. The risk would allow more, but ${(setting.buyingPower ?? 0).toLocaleString('en-US')} dollars of buying power buys at most ${correctSize} ${instrument.unit} at ${plan.entry}: trade that many, and risk less than planned.`
        : `Your size does not match your risk. Risking ${plan.riskPercent}% of ${plan.account.toLocaleString('en-US')} dollars with this entry and stop allows ${correctSize} ${instrument.unit}: money at risk divided by what one unit loses between entry and stop.`,
    );
  }
  // In cents: the product of prices and sizes carries float noise (250.00000000000355).
  const riskDollars =
    Math.round(Math.abs(plan.entry - plan.stop) * instrument.pointValue * plan.size * 100) / 100;
  if (failed.length === 0) feedback.push('Well done! Your plan follows every rule.');
  return {
    pass: failed.length === 0,
    failed,
    feedback,
    rewardToRisk: ratio,
    riskDollars,
    correctSize,
  };
}

/**
 * How a gap decided an exit: a candle opened beyond a price, so nothing traded at that price and
 * the order filled at the open instead.
 * - `through-stop`: a candle after the fill opened beyond the stop; the trade left at that open,
 *   usually for more than the planned loss.
 * - `through-entry-and-stop`: the candle that reached the entry opened beyond the stop as well (a
 *   gap through the whole zone): filled at that open and stopped at once at the same price, 0R.
 * - `past-target`: a candle after the fill opened beyond the target; the trade left at that open,
 *   for more than planned.
 */
export type TradeGap = 'through-stop' | 'through-entry-and-stop' | 'past-target';

/** How a plan played out on the candles after it was made. */
export interface TradeOutcome {
  /** Index of the candle that filled the entry, or null if price never came to it. */
  fillIndex: number | null;
  /** The price the entry filled at (better than asked when a candle opened past it), or null. */
  fillPrice: number | null;
  /**
   * `session-close`: still open at the session's last candle and closed at its close (a day
   * trade is flat by the close); `open`: the candles end before the session does.
   */
  exit: 'stop' | 'target' | 'session-close' | 'open' | 'not-filled';
  exitIndex: number | null;
  /** Price the trade left at (the stop, the target, a gap's open, or the last close). */
  exitPrice: number | null;
  /** One candle traded through both the stop and the target: the stop is counted first. */
  stopAssumedFirst: boolean;
  /** How a gap decided the exit (see {@link TradeGap}), or null when the exit was at its price. */
  gap: TradeGap | null;
  /**
   * Result in multiples of the planned risk (|entry - stop|), from the fill to the exit: -1 at
   * the stop, less after a gap through it, 0 after a gap through the entry and the stop, and
   * nearer 0 when the fill was better than the entry.
   */
  resultR: number;
  resultDollars: number;
}

/**
 * Plays a limit-entry plan forward over `candles` (the ones after the plan was made). The entry
 * fills when a candle trades at it (a gap past it fills at that candle's open). Then, candle by
 * candle, the stop or the target ends the trade; a candle that opens beyond the stop or the
 * target exits at its open (a gap, named in `gap`). When one candle reaches both the stop and the
 * target, the order inside it cannot be known and the stop counts first: the course assumes the
 * worst. On the fill candle itself only what must follow the fill counts: the stop, or a close
 * beyond the target.
 */
export function playOutTrade(
  plan: Pick<TradePlan, 'entry' | 'stop' | 'target' | 'size'>,
  type: ZoneType,
  candles: readonly Candle[],
  instrument: Instrument,
): TradeOutcome {
  const direction = tradeDirection(type);
  const risk = Math.abs(plan.entry - plan.stop);
  let fillIndex: number | null = null;
  let fillPrice = plan.entry;
  let stopAssumedFirst = false;
  const result = (
    exitIndex: number | null,
    exit: TradeOutcome['exit'],
    price: number | null,
    gap: TradeGap | null = null,
  ): TradeOutcome => {
    // `+ 0` turns the -0 of a short that left at its fill price into 0.
    const move = price === null ? 0 : direction * (price - fillPrice) + 0;
    return {
      fillIndex,
      fillPrice: fillIndex === null ? null : fillPrice,
      exit,
      exitIndex,
      exitPrice: price,
      stopAssumedFirst,
      gap,
      resultR: move / risk,
      resultDollars: move * instrument.pointValue * plan.size + 0,
    };
  };
  const reachesStop = (candle: Candle) =>
    direction > 0 ? candle.low <= plan.stop : candle.high >= plan.stop;
  const reachesTarget = (candle: Candle) =>
    direction > 0 ? candle.high >= plan.target : candle.low <= plan.target;

  for (let index = 0; index < candles.length; index++) {
    const candle = candles[index];
    if (candle === undefined) break;
    if (fillIndex === null) {
      const reachesEntry = direction > 0 ? candle.low <= plan.entry : candle.high >= plan.entry;
      if (!reachesEntry) continue;
      fillIndex = index;
      // A candle that opens past the entry fills there, at a better price than asked.
      fillPrice = direction * (plan.entry - candle.open) > 0 ? candle.open : plan.entry;
      if (direction * (plan.stop - candle.open) >= 0) {
        // A gap through the whole zone. A resting buy limit (sell limit, for a short) fills at the
        // first price at or better than its own: this open. Its stop only becomes live with that
        // fill, and the market is already past it, so it triggers at once and leaves at about the
        // same open. Bought and sold at one price is 0R, not -1R: the planned loss assumes price
        // trades from the entry down to the stop, and here it traded at neither. (The spread and
        // commission, which the course does not count, would make it a small loss.) The words
        // shown with the outcome say so; the zone had failed before the trade could start.
        return result(index, 'stop', candle.open, 'through-entry-and-stop');
      }
      // On the fill candle only the stop can be known to come after the entry.
      if (reachesStop(candle)) return result(index, 'stop', plan.stop);
      // A fill candle that closes at or beyond the target went from the fill to its close through
      // the target: that much of its path is known.
      if (direction * (candle.close - plan.target) >= 0)
        return result(index, 'target', plan.target);
      if (endsSession(candles, index)) return result(index, 'session-close', candle.close);
      continue;
    }
    // A stop order becomes a market order once price trades at or past it: after a gap the first
    // price is the open, so the loss is the open's, larger than planned.
    if (direction * (plan.stop - candle.open) > 0) {
      return result(index, 'stop', candle.open, 'through-stop');
    }
    const stop = reachesStop(candle);
    const target = reachesTarget(candle);
    if (stop && target) {
      stopAssumedFirst = true;
      return result(index, 'stop', plan.stop);
    }
    if (stop) return result(index, 'stop', plan.stop);
    if (target) {
      // A limit order at the target fills at the first price at or better than its own.
      return direction * (candle.open - plan.target) > 0
        ? result(index, 'target', candle.open, 'past-target')
        : result(index, 'target', plan.target);
    }
    // A day trade is flat by the close: what is still open leaves at the session's last close.
    if (endsSession(candles, index)) return result(index, 'session-close', candle.close);
  }
  if (fillIndex === null) return result(null, 'not-filled', null);
  const last = candles[candles.length - 1];
  return result(candles.length - 1, 'open', last ? last.close : null);
}

/** A learner's trading record over graded plans, in the order they were made. */
export interface TradeRecord {
  /** Plans counted (each exercise's last graded plan). */
  plans: number;
  /** Plans whose entry was reached: the trades actually taken. */
  filled: number;
  /**
   * Trades closed at their target, and at their stop for a loss. A trade that left at its stop
   * for 0.0R (filled and stopped at one price) is breakeven, not a loss: see `breakeven`.
   */
  wins: number;
  losses: number;
  /** Trades that left at their stop for 0.0R or better (to one decimal): neither won nor lost. */
  breakeven: number;
  /** Trades still open at the session's last candle, closed flat at its close. */
  flatAtClose: number;
  /**
   * Trades closed at their target, their stop (a loss or breakeven) or the session's close: what
   * the win rate and expectancy count.
   */
  closed: number;
  /** Wins over closed trades, or null before the first closed trade. */
  hitRate: number | null;
  /** Mean result in R over the filled trades (an open trade counts at its last close), or null. */
  averageR: number | null;
  /** Mean R of the trades closed at their target, or null before the first. */
  averageWinR: number | null;
  /**
   * Mean R of the trades closed at their stop for a loss, a negative number (-1.2: an average
   * loss of 1.2R), or null before the first.
   */
  averageLossR: number | null;
  /** Mean R of the trades closed at the session's close, or null before the first. */
  averageFlatR: number | null;
  /**
   * What a closed trade made on average, in R: the mean R of the closed trades (winners, losers,
   * breakeven trades and those closed at the session's close). Null before the first closed trade.
   */
  expectancy: number | null;
  /**
   * Standard error of `expectancy`: the standard deviation of the closed trades' R (n - 1 in the
   * denominator) over the square root of their number. Roughly, the true expectancy of the way
   * these trades were taken lies within two standard errors of the measured one. Null below two
   * closed trades, where one result says nothing about the spread.
   */
  standardErrorR: number | null;
  totalR: number;
  /** The running total in R after each plan (a plan never filled adds 0). */
  cumulativeR: number[];
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * A result that reads "0.0R" (or better) at one decimal, as the course writes R: breakeven, not a
 * win or a loss.
 */
export function isBreakevenR(resultR: number): boolean {
  return Number(resultR.toFixed(1)) === 0;
}

/** Sums up outcomes of plans in the order they were made (see TradeRecord). */
export function tradeRecord(
  outcomes: readonly Pick<TradeOutcome, 'exit' | 'resultR'>[],
): TradeRecord {
  let filled = 0;
  let totalR = 0;
  const winsR: number[] = [];
  const lossesR: number[] = [];
  const breakevenR: number[] = [];
  const flatR: number[] = [];
  const cumulativeR: number[] = [];
  for (const outcome of outcomes) {
    if (outcome.exit !== 'not-filled') {
      filled++;
      totalR += outcome.resultR;
    }
    if (outcome.exit === 'target') winsR.push(outcome.resultR);
    if (outcome.exit === 'stop') {
      // Filled and stopped at one price (a gap through the whole plan) is a scratch, not a loss.
      (outcome.resultR < 0 && !isBreakevenR(outcome.resultR) ? lossesR : breakevenR).push(
        outcome.resultR,
      );
    }
    if (outcome.exit === 'session-close') flatR.push(outcome.resultR);
    cumulativeR.push(totalR);
  }
  // An open trade's result is not known yet: the win rate and the expectancy leave it out.
  const closedR = [...winsR, ...lossesR, ...breakevenR, ...flatR];
  const closed = closedR.length;
  const expectancy = mean(closedR);
  let standardErrorR: number | null = null;
  if (expectancy !== null && closed >= 2) {
    const squares = closedR.reduce((sum, r) => sum + (r - expectancy) ** 2, 0);
    standardErrorR = Math.sqrt(squares / (closed - 1)) / Math.sqrt(closed);
  }
  return {
    plans: outcomes.length,
    filled,
    wins: winsR.length,
    losses: lossesR.length,
    breakeven: breakevenR.length,
    flatAtClose: flatR.length,
    closed,
    hitRate: closed === 0 ? null : winsR.length / closed,
    averageR: filled === 0 ? null : totalR / filled,
    averageWinR: mean(winsR),
    averageLossR: mean(lossesR),
    averageFlatR: mean(flatR),
    expectancy,
    standardErrorR,
    totalR,
    cumulativeR,
  };
}
