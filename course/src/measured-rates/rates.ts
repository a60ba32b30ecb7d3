import type { Candle } from '@chart-kit/core';
import { newYorkDayNumber } from '../market-sim.js';
import { measureSetups, type MeasuredSetup, type PlayedTrade, type StopKind } from './setups.js';
import {
  differenceOf,
  meanOf,
  medianOf,
  shareOf,
  type MeanWithInterval,
  type Share,
} from './statistics.js';

/**
 * The course's rules measured over many series: how zones react when price comes back, what the
 * course's trades at them do, and what each take-or-skip check is worth. The same function
 * measures the real sample (the course's facts) and the simulator (held to those facts).
 */

/**
 * Costs of one round trip (spread, commission, slippage), as a share of the entry price: 0.02%,
 * two cents a share on a $100 stock, about what a liquid large stock costs a retail trader with no
 * commission; the thinly traded names of the sample cost more. The report gives every figure
 * before and after this cost: a 5-minute zone's stop is close, so a small cost is a large part of R.
 */
export const COST_PER_ROUND_TRIP = 0.0002;

export interface TradeSummary {
  n: number;
  target: Share;
  stop: Share;
  /** Still open at the session's last candle: closed there, flat by the close. */
  sessionClose: Share;
  /** Among stopped trades: broke through, bounced first, only a wick. */
  stopKinds: Record<StopKind, Share>;
  medianWinnerR: number | null;
  /** Mean result in R per trade, trades closed at the session's close counted at their result. */
  expectancyR: MeanWithInterval;
  /** The same after {@link COST_PER_ROUND_TRIP}, converted into R trade by trade. */
  expectancyAfterCostsR: MeanWithInterval;
  /** Mean cost of a round trip in R. */
  costR: number;
}

export type SplitName = 'room' | 'fresh' | 'higher-timeframe' | 'zone-height' | 'grade';

export interface CheckSplit {
  name: SplitName;
  /** What passing and failing mean, in words. */
  passLabel: string;
  failLabel: string;
  pass: TradeSummary;
  fail: TradeSummary;
  /** Expectancy of passing minus failing, in R, with its 95% interval. */
  advantageR: MeanWithInterval;
}

export interface ReactionShares {
  n: number;
  strong: Share;
  weak: Share;
  break: Share;
}

/** A trade aiming for 2R (model entry and stop) by which check fails: what the charts to skip replay. */
export interface TwoRTrades {
  /** Every check passes. */
  taken: TradeSummary;
  /** Room under 2R (whatever the other checks). */
  roomFails: TradeSummary;
  /** Room passes; the zone was tested before. */
  freshFails: TradeSummary;
  /** Room passes; the 1-hour trend points against the trade. */
  higherTimeframeFails: TradeSummary;
  /** Room passes; the zone scores a C on the Finding module's checklist. */
  gradeFails: TradeSummary;
  /**
   * Room passes; a pause that price left by {@link SMALL_MOVE_DEPARTURE} average ranges, short of
   * the three a zone needs, scoring a C: what a beginner marks as a zone and the checklist fails.
   * Found by the course's detector with the lower departure, its other rules unchanged.
   */
  smallMoveGradeFails: TradeSummary;
}

export interface MeasuredRates {
  series: number;
  sessions: number;
  candles: number;
  zonesReturnedTo: number;
  /** Returns read. */
  returns: number;
  /** Returns traded: all but those made by a session's opening gap (no order rests overnight). */
  tradedReturns: number;
  /** Reactions at each zone's first return. */
  reactions: ReactionShares;
  /** Every return traded (the model plan; a 2R target where the room is short). */
  allTrades: TradeSummary;
  /** The course's trades: room of 2R or more. */
  courseTrades: TradeSummary;
  /** Room between 2R and 3R, where a target is near enough to be reached in a day. */
  courseTradesTwoToThreeR: TradeSummary;
  /** Every check passes: the trades the course takes. */
  takenTrades: TradeSummary;
  /** Each check split over every return, the course's trades. */
  splits: CheckSplit[];
  /** The 2R trade at every return, by which check fails. */
  twoR: TwoRTrades;
  /** Each check split over every return, the 2R trade: what a check is worth at equal targets. */
  twoRSplits: CheckSplit[];
}

/** Departures, in average ranges, of the small moves in `twoR.smallMoveGradeFails`: [from, to). */
export const SMALL_MOVE_DEPARTURE = [2, 3] as const;

/** Zones at most this many average ranges tall are "thin" in the zone-height split. */
export const THIN_ZONE_IN_RANGES = 1;

const resultOf = (played: PlayedTrade) => played.outcome.resultR;
const costInR = (played: PlayedTrade) => {
  const risk = Math.abs(played.trade.entry - played.trade.stop);
  return risk > 0 ? (COST_PER_ROUND_TRIP * played.trade.entry) / risk : 0;
};

export function summariseTrades(setups: readonly PlayedTrade[]): TradeSummary {
  const n = setups.length;
  const count = (exit: PlayedTrade['exit']) => setups.filter((s) => s.exit === exit).length;
  const stopped = setups.filter((setup) => setup.exit === 'stop');
  const stopKind = (kind: StopKind) =>
    shareOf(stopped.filter((setup) => setup.stopKind === kind).length, stopped.length);
  const costs = setups.map(costInR);
  return {
    n,
    target: shareOf(count('target'), n),
    stop: shareOf(count('stop'), n),
    sessionClose: shareOf(count('session-close'), n),
    stopKinds: {
      'stop-break': stopKind('stop-break'),
      'stop-after-bounce': stopKind('stop-after-bounce'),
      'stop-hunt': stopKind('stop-hunt'),
    },
    medianWinnerR: medianOf(setups.filter((s) => s.exit === 'target').map(resultOf)),
    expectancyR: meanOf(setups.map(resultOf)),
    expectancyAfterCostsR: meanOf(
      setups.map((setup, index) => resultOf(setup) - (costs[index] ?? 0)),
    ),
    costR: meanOf(costs).mean,
  };
}

function split(
  name: SplitName,
  setups: readonly MeasuredSetup[],
  passes: (setup: MeasuredSetup) => boolean,
  passLabel: string,
  failLabel: string,
  trade: (setup: MeasuredSetup) => PlayedTrade,
): CheckSplit {
  const pass = summariseTrades(setups.filter(passes).map(trade));
  const fail = summariseTrades(setups.filter((setup) => !passes(setup)).map(trade));
  return {
    name,
    passLabel,
    failLabel,
    pass,
    fail,
    advantageR: differenceOf(pass.expectancyR, fail.expectancyR),
  };
}

/** Reaction shares over the fresh returns of `setups`. */
export function reactionShares(setups: readonly MeasuredSetup[]): ReactionShares {
  const readings = setups.flatMap((setup) => (setup.reaction ? [setup.reaction.reaction] : []));
  const n = readings.length;
  const count = (reaction: string) => readings.filter((r) => r === reaction).length;
  return {
    n,
    strong: shareOf(count('strong'), n),
    weak: shareOf(count('weak'), n),
    break: shareOf(count('break'), n),
  };
}

/** Traded returns with room to pauses that price left by a small move, scoring a C. */
function smallMoveGradeFails(seriesList: readonly (readonly Candle[])[]): MeasuredSetup[] {
  const [from, to] = SMALL_MOVE_DEPARTURE;
  return seriesList
    .flatMap((series) => measureSetups(series, { minDeparture: from }))
    .filter(
      (setup) =>
        setup.zone.departure < to &&
        !setup.returnedOnOpeningGap &&
        setup.checks.room &&
        !setup.checks.grade,
    );
}

/** Measures the course's rules over `seriesList` (each one symbol's consecutive sessions). */
export function measureRates(seriesList: readonly (readonly Candle[])[]): MeasuredRates {
  const setups = seriesList.flatMap((series) => measureSetups(series));
  let sessions = 0;
  let candles = 0;
  for (const series of seriesList) {
    candles += series.length;
    let lastDay = Number.NaN;
    for (const candle of series) {
      const day = newYorkDayNumber(candle.time);
      if (day !== lastDay) sessions++;
      lastDay = day;
    }
  }
  const zones = new Set(setups.map((setup) => setup.zone));
  const traded = setups.filter((setup) => !setup.returnedOnOpeningGap);
  const course = traded.filter((setup) => setup.checks.room);
  const courseTrade = (setup: MeasuredSetup) => setup.course;
  const twoR = (setup: MeasuredSetup) => setup.twoR;
  const splits = (trade: (setup: MeasuredSetup) => PlayedTrade): CheckSplit[] => [
    split('room', traded, (s) => s.checks.room, 'room of 2R or more', 'room under 2R', trade),
    split('fresh', traded, (s) => s.checks.fresh, 'fresh (first return)', 'tested before', trade),
    split(
      'higher-timeframe',
      traded,
      (s) => s.checks.higherTimeframe,
      '1-hour trend with or sideways',
      '1-hour trend against',
      trade,
    ),
    split(
      'zone-height',
      traded,
      (s) => s.heightInRanges <= THIN_ZONE_IN_RANGES,
      `zone at most ${THIN_ZONE_IN_RANGES} average range tall`,
      `zone taller than ${THIN_ZONE_IN_RANGES} average range`,
      trade,
    ),
    split(
      'grade',
      traded,
      (s) => s.checks.grade,
      'zone scored A or B (4 or 5 of the 5 criteria)',
      'zone scored C (3 or less)',
      trade,
    ),
  ];
  const taken = traded.filter(
    (s) => s.checks.grade && s.checks.room && s.checks.fresh && s.checks.higherTimeframe,
  );
  return {
    series: seriesList.length,
    sessions,
    candles,
    zonesReturnedTo: zones.size,
    returns: setups.length,
    tradedReturns: traded.length,
    reactions: reactionShares(setups),
    allTrades: summariseTrades(traded.map(courseTrade)),
    courseTrades: summariseTrades(course.map(courseTrade)),
    courseTradesTwoToThreeR: summariseTrades(
      course.filter((setup) => setup.rewardToRisk < 3).map(courseTrade),
    ),
    takenTrades: summariseTrades(taken.map(courseTrade)),
    splits: splits(courseTrade),
    twoR: {
      taken: summariseTrades(taken.map(twoR)),
      roomFails: summariseTrades(traded.filter((s) => !s.checks.room).map(twoR)),
      freshFails: summariseTrades(setups.filter((s) => s.checks.room && !s.checks.fresh).map(twoR)),
      higherTimeframeFails: summariseTrades(
        traded.filter((s) => s.checks.room && !s.checks.higherTimeframe).map(twoR),
      ),
      gradeFails: summariseTrades(traded.filter((s) => s.checks.room && !s.checks.grade).map(twoR)),
      smallMoveGradeFails: summariseTrades(smallMoveGradeFails(seriesList).map(twoR)),
    },
    twoRSplits: splits(twoR),
  };
}
