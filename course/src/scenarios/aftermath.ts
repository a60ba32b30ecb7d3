import type { ZoneReaction } from './reaction.js';
import { drawBySeed } from './seeded-draw.js';

/**
 * What the market does after an exercise's reveal, drawn before it is written. Real zones fail
 * and good trades lose: a course whose every revealed zone holds teaches a beginner that zones
 * always hold. The odds below are the course's picture of a fair market for the setups it
 * teaches (MARKET-REALISM.md, "After the reveal"); the tests count them over many seeds.
 */

/** A zone exercise: how price reacts when it comes back. */
export const ZONE_REACTION_ODDS: Readonly<Record<ZoneReaction, number>> = {
  strong: 0.5,
  weak: 0.25,
  break: 0.25,
};

/**
 * The course's own trade at a zone that passes its checks (a trade-plan exercise's model plan,
 * a take-or-skip chart to take):
 * - target: the bounce reaches the target;
 * - stop-break: the zone breaks and the stop is hit;
 * - stop-after-bounce: price bounces, runs out short of the target and falls back through the stop;
 * - stop-hunt: a wick reaches the stop and price turns back (the stop was hit all the same);
 * - open: price stalls between the stop and the target until the chart ends.
 * Winners of about 2R, four in ten, and half stopped out: an expectancy of roughly +0.3R a trade.
 */
export type TradeAftermath = 'target' | 'stop-break' | 'stop-after-bounce' | 'stop-hunt' | 'open';
export const TRADE_AFTERMATH_ODDS: Readonly<Record<TradeAftermath, number>> = {
  target: 0.38,
  'stop-break': 0.18,
  'stop-after-bounce': 0.13,
  'stop-hunt': 0.17,
  open: 0.14,
};

/**
 * A take-or-skip chart to skip (too little room): what a 2R trade there would have done:
 * - target: price rallies to the opposing zone in the way and breaks through it (a winner);
 * - turned: it is turned at that zone and falls back through the stop;
 * - break: the zone breaks on the return and the stop is hit;
 * - open: price stalls at the zone until the chart ends.
 * About -0.1R a trade: worse than the trades the course takes, though one in five wins.
 */
export type SkippedAftermath = 'target' | 'turned' | 'break' | 'open';
export const SKIPPED_AFTERMATH_ODDS: Readonly<Record<SkippedAftermath, number>> = {
  target: 0.22,
  turned: 0.24,
  break: 0.28,
  open: 0.26,
};

/**
 * A chart to skip because the zone is not fresh or the 1-hour trend points against the trade
 * (the room is there): what a 2R trade there does, with the kinds of {@link TradeAftermath}.
 * Such setups still win sometimes, but less often than the ones that pass every check and break
 * more often: about 0R a trade, against +0.3R for the trades the course takes. This is the edge
 * the course's checks claim, and the tests count it over many seeds.
 */
export const FAILED_CHECK_AFTERMATH_ODDS: Readonly<Record<TradeAftermath, number>> = {
  target: 0.27,
  'stop-break': 0.2,
  'stop-after-bounce': 0.15,
  'stop-hunt': 0.16,
  open: 0.22,
};

/**
 * Why a practice chart to skip is skipped: room to the opposing zone (a newer zone in the way),
 * a zone already tested, or a 1-hour trend against the trade. Real days offer all three.
 */
export type SkipReason = 'room' | 'fresh' | 'higher-timeframe';
export const SKIP_REASON_ODDS: Readonly<Record<SkipReason, number>> = {
  room: 0.4,
  fresh: 0.35,
  'higher-timeframe': 0.25,
};

const SKIP_REASON_SALT = 0x736b_6970;

/** The check a practice chart to skip fails, drawn by its seed. */
export function drawSkipReason(seed: number): SkipReason {
  return drawBySeed(seed, SKIP_REASON_SALT, SKIP_REASON_ODDS);
}

/** The trade exits a planted aftermath leads to, as the course's `playOutTrade` names them. */
export function exitOf(aftermath: TradeAftermath | SkippedAftermath): 'target' | 'stop' | 'open' {
  if (aftermath === 'target' || aftermath === 'open') return aftermath;
  return 'stop';
}

const AFTERMATH_SALT = 0x6166_7465;

/** Draws an aftermath from `odds` by the request's seed (see {@link drawBySeed}). */
export function drawAftermath<T extends string>(
  seed: number,
  odds: Readonly<Record<T, number>>,
): T {
  return drawBySeed(seed, AFTERMATH_SALT, odds);
}
