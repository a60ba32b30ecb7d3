import type { ZoneReaction } from './reaction.js';
import { drawBySeed } from './seeded-draw.js';
import { REAL_RATES } from '../measured-rates/real-rates.generated.js';
import type { TradeSummary } from '../measured-rates/rates.js';

/**
 * What the market does after an exercise's reveal, drawn before it is written. The odds are not
 * chosen: they are the course's own rules measured on real 5-minute charts (REAL_RATES, from the
 * bars in course/data/real-bars, by `measureRates`), so a replay shows what real markets did with
 * setups like this one: most zones break, and the course's trades lose more often than they win.
 */

const normalised = <T extends string>(weights: Record<T, number>): Readonly<Record<T, number>> => {
  const total = Object.values<number>(weights).reduce((sum, weight) => sum + weight, 0);
  return Object.fromEntries(
    Object.entries<number>(weights).map(([key, weight]) => [key, weight / total]),
  ) as Record<T, number>;
};

/** A zone exercise: how price reacts when it comes back, as real zones' first returns did. */
export const ZONE_REACTION_ODDS: Readonly<Record<ZoneReaction, number>> = normalised({
  strong: REAL_RATES.reactions.strong.share,
  weak: REAL_RATES.reactions.weak.share,
  break: REAL_RATES.reactions.break.share,
});

/**
 * The course's own trade at a zone (a trade-plan exercise's model plan, a take-or-skip chart):
 * - target: the bounce reaches the target;
 * - stop-break: the zone breaks and the stop is hit;
 * - stop-after-bounce: price bounces at least 1R, runs out short of the target and falls back
 *   through the stop;
 * - stop-hunt: price never gets 1R away and only reaches the stop, without closing beyond the zone;
 * - open: price stalls between the stop and the target until the session's close, where the
 *   trade is closed flat (a day trade does not stay open overnight).
 */
export type TradeAftermath = 'target' | 'stop-break' | 'stop-after-bounce' | 'stop-hunt' | 'open';

/** The aftermath odds of real trades of one kind, as measured. */
export function tradeAftermathOdds(trades: TradeSummary): Readonly<Record<TradeAftermath, number>> {
  const stop = trades.stop.share;
  return normalised({
    target: trades.target.share,
    'stop-break': stop * trades.stopKinds['stop-break'].share,
    'stop-after-bounce': stop * trades.stopKinds['stop-after-bounce'].share,
    'stop-hunt': stop * trades.stopKinds['stop-hunt'].share,
    open: trades.sessionClose.share,
  });
}

/**
 * A chart to take (every check passes): what a trade aiming for about 2R did at real zones that
 * passed the same checks. About one in five reached the target: the course's charts replay that.
 */
export const TRADE_AFTERMATH_ODDS = tradeAftermathOdds(REAL_RATES.twoR.taken);

/**
 * A take-or-skip chart to skip (too little room): what a 2R trade there would have done:
 * - target: price rallies to the opposing zone in the way and breaks through it (a winner);
 * - turned: it bounces at least 1R, is turned at that zone and falls back through the stop;
 * - break: the zone breaks on the return (or a wick takes the stop) and the stop is hit;
 * - open: price stalls at the zone until the session's close, where the trade is closed flat.
 */
export type SkippedAftermath = 'target' | 'turned' | 'break' | 'open';
const roomFails = REAL_RATES.twoR.roomFails;
export const SKIPPED_AFTERMATH_ODDS: Readonly<Record<SkippedAftermath, number>> = normalised({
  target: roomFails.target.share,
  turned: roomFails.stop.share * roomFails.stopKinds['stop-after-bounce'].share,
  break:
    roomFails.stop.share *
    (roomFails.stopKinds['stop-break'].share + roomFails.stopKinds['stop-hunt'].share),
  open: roomFails.sessionClose.share,
});

/**
 * A chart to skip because the zone scores a C, is not fresh, or because the 1-hour trend points
 * against the trade (the room is there): what a 2R trade did at real zones failing that check. On
 * the real sample the trend check is worth something and freshness and the grade are not
 * (REAL_RATES.twoRSplits); the replays show each as measured.
 */
export const FAILED_CHECK_AFTERMATH_ODDS: Readonly<
  Record<'grade' | 'fresh' | 'higher-timeframe', Readonly<Record<TradeAftermath, number>>>
> = {
  grade: tradeAftermathOdds(REAL_RATES.twoR.gradeFails),
  fresh: tradeAftermathOdds(REAL_RATES.twoR.freshFails),
  'higher-timeframe': tradeAftermathOdds(REAL_RATES.twoR.higherTimeframeFails),
};

/**
 * A chart to skip for its grade whose zone price left by a small move (see GradeSkipShape): what
 * a 2R trade did at such real pauses that scored a C with room.
 */
export const SMALL_MOVE_AFTERMATH_ODDS = tradeAftermathOdds(REAL_RATES.twoR.smallMoveGradeFails);

/**
 * How a chart to skip for its grade makes its zone a C, so that a learner grades zones of
 * different looks and moves of every size:
 * - 'bodied-base': a base of three candles, the last with a full body (time and base fail);
 * - 'small-move': a base of three quiet candles with no round number inside (time and the
 *   psychological level fail), which price left by 2 to 3 average ranges: a pause a beginner
 *   marks, short of the three ranges the course's detector asks of a zone.
 */
export type GradeSkipShape = 'bodied-base' | 'small-move';
const GRADE_SKIP_SHAPE_ODDS: Readonly<Record<GradeSkipShape, number>> = {
  'bodied-base': 0.5,
  'small-move': 0.5,
};
const GRADE_SKIP_SHAPE_SALT = 0x6772_6164;

/** The shape of a chart to skip for its grade, drawn by its seed. */
export function drawGradeSkipShape(seed: number): GradeSkipShape {
  return drawBySeed(seed, GRADE_SKIP_SHAPE_SALT, GRADE_SKIP_SHAPE_ODDS);
}

/**
 * Why a generated chart to skip is skipped, the one check it fails: a zone scoring a C (see
 * GradeSkipShape), room to the opposing zone (a newer zone in the
 * way), a zone already tested, or a 1-hour trend against the trade.
 */
export const SKIP_REASONS = ['grade', 'room', 'fresh', 'higher-timeframe'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const SKIP_REASON_ODDS: Readonly<Record<SkipReason, number>> = {
  grade: 0.2,
  room: 0.3,
  fresh: 0.3,
  'higher-timeframe': 0.2,
};

const SKIP_REASON_SALT = 0x736b_6970;

/** The check a practice chart to skip fails, drawn by its seed. */
export function drawSkipReason(seed: number): SkipReason {
  return drawBySeed(seed, SKIP_REASON_SALT, SKIP_REASON_ODDS);
}

/** The trade exits a planted aftermath leads to, as the course's `playOutTrade` names them. */
export function exitOf(
  aftermath: TradeAftermath | SkippedAftermath,
): 'target' | 'stop' | 'session-close' {
  if (aftermath === 'target') return 'target';
  if (aftermath === 'open') return 'session-close';
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
