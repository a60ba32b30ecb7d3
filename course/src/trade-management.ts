import type { Candle } from '@chart-kit/core';
import { endsSession } from './session-close.js';
import { tradeDirection, type TradePlan } from './trade-plan.js';
import type { ZoneType } from './zones.js';

/**
 * The ways the course manages a trade once its entry has filled. Every rule keeps the plan's
 * stop and target until it acts, and every one acts at the same point, +1R:
 * - `hold`: nothing changes; the stop or the target ends the trade ({@link playOutTrade}).
 * - `breakeven`: once price has gone +1R, the stop moves to the fill price.
 * - `partial`: at +1R half the position is sold (bought back, for a short); the rest keeps the
 *   stop and the target.
 * - `trail`: from +1R on, the stop follows price to just beyond each new swing low (a higher low)
 *   of a long, each new swing high (a lower high) of a short; it never moves back.
 * - `time`: a trade that has not reached +1R within a number of candles of its fill is closed at
 *   that candle's close; and any trade still open is closed at its session's close.
 */
export const MANAGEMENT_RULES = ['hold', 'breakeven', 'partial', 'trail', 'time'] as const;
export type ManagementRule = (typeof MANAGEMENT_RULES)[number];

/** The course's numbers for managing a trade. */
export interface ManagementSettings {
  /** Where breakeven, the partial exit and the trail start, in R. */
  triggerR: number;
  /** Share of the position the partial exit closes. */
  partialFraction: number;
  /** Candles after the fill within which a trade must reach the trigger, or the time stop ends it. */
  timeStopCandles: number;
  /** How far beyond a swing low (high) the trailing stop sits, in price. */
  trailBuffer: number;
}

/** An hour of 5-minute candles to reach +1R; half a position at +1R. */
export const MANAGEMENT_DEFAULTS: ManagementSettings = {
  triggerR: 1,
  partialFraction: 0.5,
  timeStopCandles: 12,
  trailBuffer: 0,
};

/**
 * Why part of a position left:
 * - `stop`, `target`: the plan's own orders;
 * - `breakeven`: the stop moved to the fill price;
 * - `trail`: the trailing stop;
 * - `partial`: the partial exit at the trigger;
 * - `time`: the time stop (no +1R within its candles);
 * - `session-close`: the time rule's flat-by-the-close;
 * - `open`: still open where the candles end, valued at the last close.
 */
export type ManagedExitReason =
  'stop' | 'target' | 'breakeven' | 'trail' | 'partial' | 'time' | 'session-close' | 'open';

export interface ManagedExit {
  /** Index of the candle the exit happened in. */
  index: number;
  price: number;
  /** Share of the position that left here. */
  fraction: number;
  reason: ManagedExitReason;
  /** The candle opened beyond the order's price, so the exit filled at the open. */
  gap: boolean;
}

/** How one management rule played a plan out on the candles after it was made. */
export interface ManagedOutcome {
  rule: ManagementRule;
  fillIndex: number | null;
  fillPrice: number | null;
  /** In order; their fractions add up to 1 once filled. Empty when never filled. */
  exits: ManagedExit[];
  /** Index of the candle in which price first reached the trigger (+1R), or null. */
  triggerIndex: number | null;
  /** The stop the trade ended with (moved by breakeven or the trail, or the plan's). */
  finalStop: number;
  /** One candle reached both the stop and a profit order: the stop was counted first. */
  stopAssumedFirst: boolean;
  /** The whole position's result in multiples of the planned risk |entry - stop|. */
  resultR: number;
}

/** Thrown for a plan that cannot be managed (no distance between the entry and the stop). */
export class ManagementInputError extends RangeError {
  override name = 'ManagementInputError';
}

/**
 * Plays a limit-entry plan forward under one management rule, with {@link playOutTrade}'s
 * conventions: the entry fills when a candle trades at it (a gap past it fills at the open); a
 * candle that opens beyond the stop leaves at its open; when one candle reaches the stop and a
 * profit order (the target, or the partial exit), the stop counts first, since a candle does not
 * say which came first. A stop moved during a candle (breakeven, the trail) only works from the
 * next candle on, for the same reason. Under `hold` the result is playOutTrade's.
 */
export function manageTrade(
  plan: Pick<TradePlan, 'entry' | 'stop' | 'target'>,
  type: ZoneType,
  candles: readonly Candle[],
  rule: ManagementRule,
  settings: ManagementSettings = MANAGEMENT_DEFAULTS,
): ManagedOutcome {
  const direction = tradeDirection(type);
  const risk = Math.abs(plan.entry - plan.stop);
  if (!(risk > 0)) throw new ManagementInputError('the entry and the stop must differ');
  /** d > 0: price beyond `a` in the trade's favour compared with `b`. */
  const beyond = (a: number, b: number) => direction * (a - b);
  const favourable = (candle: Candle) => (direction > 0 ? candle.high : candle.low);
  const adverse = (candle: Candle) => (direction > 0 ? candle.low : candle.high);

  const exits: ManagedExit[] = [];
  let fillIndex: number | null = null;
  let fillPrice = plan.entry;
  let stop = plan.stop;
  let stopReason: ManagedExitReason = 'stop';
  // A holder, not a `let`: the closures below set it, which control-flow narrowing cannot see.
  const moved: { pending: { price: number; reason: ManagedExitReason } | null } = { pending: null };
  let remaining = 1;
  let triggerIndex: number | null = null;
  let partialDone = false;
  let stopAssumedFirst = false;
  const trigger = () => fillPrice + direction * settings.triggerR * risk;

  const leave = (
    index: number,
    price: number,
    reason: ManagedExitReason,
    gap = false,
    fraction = remaining,
  ) => {
    exits.push({ index, price, fraction, reason, gap });
    remaining -= fraction;
    if (remaining < 1e-9) remaining = 0;
  };
  const outcome = (): ManagedOutcome => {
    const resultR = exits.reduce(
      (sum, exit) => sum + (exit.fraction * beyond(exit.price, fillPrice)) / risk,
      0,
    );
    return {
      rule,
      fillIndex,
      fillPrice: fillIndex === null ? null : fillPrice,
      exits,
      triggerIndex,
      finalStop: stop,
      stopAssumedFirst,
      // `+ 0` turns the -0 of a scratch into 0.
      resultR: resultR + 0,
    };
  };

  /** What the rule does once price has reached the trigger. */
  const onTrigger = () => {
    if (rule === 'breakeven' && beyond(fillPrice, stop) > 0) {
      moved.pending = { price: fillPrice, reason: 'breakeven' };
    }
  };

  /** A new swing low (high) confirmed by candle `index` closing: where the trail goes. */
  const trailTo = (index: number) => {
    const pivot = candles[index - 1];
    const before = candles[index - 2];
    const after = candles[index];
    if (!pivot || !before || !after || fillIndex === null || index - 1 < fillIndex) return;
    const isSwing =
      beyond(adverse(pivot), adverse(before)) < 0 && beyond(adverse(pivot), adverse(after)) < 0;
    if (!isSwing) return;
    const price = adverse(pivot) - direction * settings.trailBuffer;
    const base = moved.pending?.price ?? stop;
    if (beyond(price, base) > 0) moved.pending = { price, reason: 'trail' };
  };

  for (let index = 0; index < candles.length && remaining > 0; index++) {
    const candle = candles[index];
    if (candle === undefined) break;
    if (fillIndex === null) {
      const reachesEntry = beyond(plan.entry, adverse(candle)) >= 0;
      if (!reachesEntry) continue;
      fillIndex = index;
      fillPrice = beyond(plan.entry, candle.open) > 0 ? candle.open : plan.entry;
      if (beyond(plan.stop, candle.open) >= 0) {
        // A gap through the whole zone: filled and stopped at the same open (see playOutTrade).
        leave(index, candle.open, 'stop', true);
        return outcome();
      }
      // On the fill candle only the stop can be known to come after the entry...
      if (beyond(plan.stop, adverse(candle)) >= 0) {
        leave(index, plan.stop, 'stop');
        return outcome();
      }
      // ...and a close beyond a price, which the path from the fill to the close went through.
      if (beyond(candle.close, trigger()) >= 0) {
        if (rule === 'partial') {
          leave(index, trigger(), 'partial', false, settings.partialFraction);
          partialDone = true;
        }
        triggerIndex = index;
        onTrigger();
      }
      if (beyond(candle.close, plan.target) >= 0) {
        leave(index, plan.target, 'target');
        return outcome();
      }
      if (rule === 'time' && endsSession(candles, index))
        leave(index, candle.close, 'session-close');
      continue;
    }

    if (moved.pending) {
      stop = moved.pending.price;
      stopReason = moved.pending.reason;
      moved.pending = null;
    }
    // A stop order becomes a market order once price trades at or past it: after a gap, the open.
    if (beyond(stop, candle.open) > 0) {
      leave(index, candle.open, stopReason, true);
      break;
    }
    const reachesStop = beyond(stop, adverse(candle)) >= 0;
    const reachesTarget = beyond(favourable(candle), plan.target) >= 0;
    const reachesTrigger = beyond(favourable(candle), trigger()) >= 0;
    const partialDue = rule === 'partial' && !partialDone && reachesTrigger;
    if (reachesStop) {
      if (reachesTarget || partialDue) stopAssumedFirst = true;
      leave(index, stop, stopReason);
      break;
    }
    if (partialDue) {
      // A limit order at the trigger fills at the first price at or better than its own.
      const gapped = beyond(candle.open, trigger()) > 0;
      leave(index, gapped ? candle.open : trigger(), 'partial', gapped, settings.partialFraction);
      partialDone = true;
    }
    if (reachesTarget) {
      const gapped = beyond(candle.open, plan.target) > 0;
      leave(index, gapped ? candle.open : plan.target, 'target', gapped);
      break;
    }
    if (reachesTrigger) {
      triggerIndex ??= index;
      onTrigger();
    }
    if (rule === 'trail' && triggerIndex !== null) trailTo(index);
    if (rule === 'time') {
      const late = triggerIndex === null && index - fillIndex >= settings.timeStopCandles;
      if (late) leave(index, candle.close, 'time');
      else if (endsSession(candles, index)) leave(index, candle.close, 'session-close');
    }
  }
  if (fillIndex !== null && remaining > 0) {
    const lastIndex = candles.length - 1;
    const last = candles[lastIndex];
    if (last) leave(lastIndex, last.close, 'open');
  }
  return outcome();
}

/** Every rule played out on the same plan and candles, in {@link MANAGEMENT_RULES} order. */
export function manageTradeEveryWay(
  plan: Pick<TradePlan, 'entry' | 'stop' | 'target'>,
  type: ZoneType,
  candles: readonly Candle[],
  settings: ManagementSettings = MANAGEMENT_DEFAULTS,
): ManagedOutcome[] {
  return MANAGEMENT_RULES.map((rule) => manageTrade(plan, type, candles, rule, settings));
}
