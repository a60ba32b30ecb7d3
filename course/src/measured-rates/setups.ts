import type { Candle, PriceZone } from '@chart-kit/core';
import { scoreZone, type ZoneGrade } from '../zone-scorecard.js';
import { newYorkDayNumber } from '../market-sim.js';
import { readReaction, type ReactionReading } from '../scenarios/reaction.js';
import { higherTimeframeTrend, modelPlanAt, type HigherTimeframeTrend } from '../trade-decision.js';
import { playOutTrade, rewardToRisk, SHARES, type TradeOutcome } from '../trade-plan.js';
import { zonesAsTheyForm, type DetectedZone, type ZoneDetectionOptions } from '../zones.js';
import { DECISION_MIN_REWARD_TO_RISK } from '../trade-decision.js';

/**
 * Every time price came back to a zone in a real (or simulated) series, read with the course's own
 * rules as a trader would have seen it then: the zone as it formed (`zonesAsTheyForm`), the model
 * plan at it (`modelPlanAt`), the four take-or-skip checks, the reaction (`readReaction`) and the
 * trade played out (`playOutTrade`) to the session's close at the latest: the course teaches day
 * trading, so a trade still open at the last candle is closed there.
 */

/** A zone is traded on the day it formed and the next session, as a 5-minute chart shows them. */
export const ZONE_LIFE_SESSIONS = 2;
/** Returns to one zone read at most: later ones are rare and say little more. */
export const MAX_RETURNS_PER_ZONE = 3;
/** Average ranges price must leave a zone by before coming back counts as a new return. */
const AWAY_IN_RANGES = 1;
/** Hours of 1-hour candles the trend check reads: as `higherTimeframeTrend` needs. */
const HOURLY_LOOKBACK = 30;
const RANGE_LOOKBACK = 20;

/** How a stopped trade went, with the kinds the simulator plants (see scenarios/aftermath.ts). */
export type StopKind = 'stop-break' | 'stop-after-bounce' | 'stop-hunt';

/** A trade's end as the course counts it: the target, the stop, or flat at the session's close. */
export type SetupExit = 'target' | 'stop' | 'session-close';

export interface TradePrices {
  entry: number;
  stop: number;
  target: number;
}

/** A trade played out from a return to the session's close at the latest. */
export interface PlayedTrade {
  trade: TradePrices;
  outcome: TradeOutcome;
  exit: SetupExit;
  /** For a stopped trade: broke through, bounced first, or only a wick to the stop. */
  stopKind: StopKind | null;
}

export interface MeasuredSetup {
  zone: DetectedZone;
  /** The candle that came back into the zone (the fill of the model plan's resting entry). */
  returnIndex: number;
  /** Returns to this zone before this one (0: the zone is fresh). */
  touchesBefore: number;
  /** What the target aims short of: the nearest unbroken opposing zone, or the recent extreme. */
  opposing: PriceZone & { fromZone: boolean };
  averageRange: number;
  higherTimeframe: HigherTimeframeTrend;
  /** The course's model plan at the zone. */
  plan: TradePrices;
  rewardToRisk: number;
  /** Zone height (upper - lower) in average ranges. */
  heightInRanges: number;
  checks: { grade: boolean; room: boolean; fresh: boolean; higherTimeframe: boolean };
  /** The zone's grade on the Finding module's checklist, as a trader scored it at the return. */
  grade: ZoneGrade;
  /** The reaction at a fresh zone's first return (null at later returns). */
  reaction: ReactionReading | null;
  /** The course's trade: the model plan, or the 2R trade where the room is under 2R. */
  course: PlayedTrade;
  /** A trade aiming for 2R with the model plan's entry and stop. */
  twoR: PlayedTrade;
  /**
   * Price came back by the session's opening gap, at or through the entry: no day trader's order
   * was resting there overnight, so the return is read as a reaction but not traded.
   */
  returnedOnOpeningGap: boolean;
  /** Index of the last candle of the return's session. */
  sessionEnd: number;
}

/** `averageRange` of zones.ts for every index of one series, from prefix sums built once. */
class SeriesRanges {
  private readonly sums: Float64Array;

  constructor(private readonly candles: readonly Candle[]) {
    this.sums = new Float64Array(candles.length + 1);
    candles.forEach((candle, index) => {
      this.sums[index + 1] = (this.sums[index] ?? 0) + candle.high - candle.low;
    });
  }

  before(index: number): number {
    const start = Math.max(0, index - RANGE_LOOKBACK);
    if (index === start) {
      const own = this.candles[index];
      return own ? own.high - own.low : 0;
    }
    return ((this.sums[index] ?? 0) - (this.sums[start] ?? 0)) / (index - start);
  }
}

interface SessionLayout {
  /** Session ordinal of each candle. */
  ordinal: Int32Array;
  /** Index of the first and last candle of each session ordinal. */
  starts: number[];
  ends: number[];
}

function layoutSessions(candles: readonly Candle[]): SessionLayout {
  const ordinal = new Int32Array(candles.length);
  const starts: number[] = [];
  const ends: number[] = [];
  let lastDay = Number.NaN;
  candles.forEach((candle, index) => {
    const day = newYorkDayNumber(candle.time);
    if (day !== lastDay) {
      if (starts.length > 0) ends.push(index - 1);
      starts.push(index);
      lastDay = day;
    }
    ordinal[index] = starts.length - 1;
  });
  if (candles.length > 0) ends.push(candles.length - 1);
  return { ordinal, starts, ends };
}

interface HourlyBar extends Candle {
  /** Index of the 5-minute candle that closed the hour. */
  lastIndex: number;
}

/** 1-hour candles from each session's 09:30, each knowing its last 5-minute candle. */
function hourlyBars(candles: readonly Candle[], layout: SessionLayout): HourlyBar[] {
  const bars: HourlyBar[] = [];
  layout.starts.forEach((start, session) => {
    const end = layout.ends[session] ?? 0;
    for (let from = start; from <= end; from += 12) {
      const to = Math.min(end, from + 11);
      let high = -Infinity;
      let low = Infinity;
      let volume = 0;
      for (let index = from; index <= to; index++) {
        const candle = candleAt(candles, index);
        high = Math.max(high, candle.high);
        low = Math.min(low, candle.low);
        volume += candle.volume ?? 0;
      }
      bars.push({
        time: candleAt(candles, from).time,
        open: candleAt(candles, from).open,
        high,
        low,
        close: candleAt(candles, to).close,
        volume,
        lastIndex: to,
      });
    }
  });
  return bars;
}

/** The 1-hour candles completed before candle `index`. */
function hourlyBefore(bars: readonly HourlyBar[], index: number): HourlyBar[] {
  let low = 0;
  let high = bars.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((bars[middle]?.lastIndex ?? Infinity) < index) low = middle + 1;
    else high = middle;
  }
  return bars.slice(Math.max(0, low - HOURLY_LOOKBACK), low);
}

/** The candle at `index`, which the caller knows is inside the series. */
function candleAt(candles: readonly Candle[], index: number): Candle {
  const candle = candles[index];
  if (candle === undefined) throw new RangeError(`no candle at ${index}`);
  return candle;
}

const overlaps = (candle: Candle, zone: PriceZone) =>
  candle.low <= zone.upper && candle.high >= zone.lower;
const closesBeyond = (candle: Candle, zone: DetectedZone) =>
  zone.type === 'demand' ? candle.close < zone.lower : candle.close > zone.upper;

/** First candle after the move that closed beyond the zone's far side, or Infinity. */
function breakIndexOf(candles: readonly Candle[], zone: DetectedZone, until: number): number {
  for (let index = zone.moveEnd + 1; index <= until; index++) {
    if (closesBeyond(candleAt(candles, index), zone)) return index;
  }
  return Infinity;
}

interface TrackedZone {
  zone: DetectedZone;
  /** Last candle the zone is traded on (the end of its life). */
  lastWatched: number;
  breakIndex: number;
}

function opposingFor(
  candles: readonly Candle[],
  zones: readonly TrackedZone[],
  zone: DetectedZone,
  returnIndex: number,
  entry: number,
  layout: SessionLayout,
): PriceZone & { fromZone: boolean } {
  const long = zone.type === 'demand';
  let nearest: DetectedZone | null = null;
  for (const other of zones) {
    const candidate = other.zone;
    if (candidate.type === zone.type || candidate.moveEnd >= returnIndex) continue;
    if (other.lastWatched < returnIndex || other.breakIndex < returnIndex) continue;
    const near = long ? candidate.lower : candidate.upper;
    if (long ? near <= entry : near >= entry) continue;
    if (nearest === null || (long ? near < nearest.lower : near > nearest.upper))
      nearest = candidate;
  }
  if (nearest) return { upper: nearest.upper, lower: nearest.lower, fromZone: true };
  // No zone in the way: the chart's extreme since the previous session's open is the next place
  // where sellers (buyers) were seen.
  const session = layout.ordinal[returnIndex] ?? 0;
  const from = layout.starts[Math.max(0, session - 1)] ?? 0;
  let extreme = long ? -Infinity : Infinity;
  for (let index = from; index < returnIndex; index++) {
    const candle = candleAt(candles, index);
    extreme = long ? Math.max(extreme, candle.high) : Math.min(extreme, candle.low);
  }
  return { upper: extreme, lower: extreme, fromZone: false };
}

function stopKindOf(
  candles: readonly Candle[],
  zone: DetectedZone,
  plan: { entry: number; stop: number },
  from: number,
  exitIndex: number,
): StopKind {
  const direction = zone.type === 'demand' ? 1 : -1;
  const risk = Math.abs(plan.entry - plan.stop);
  let best = 0;
  for (let index = from; index < exitIndex; index++) {
    const candle = candleAt(candles, index);
    best = Math.max(best, direction * ((direction > 0 ? candle.high : candle.low) - plan.entry));
  }
  if (best >= risk) return 'stop-after-bounce';
  for (let index = from; index <= exitIndex; index++) {
    if (closesBeyond(candleAt(candles, index), zone)) return 'stop-break';
  }
  return 'stop-hunt';
}

/**
 * Every return to a zone in `candles` (one symbol's consecutive sessions), in time order, zones
 * found by the course's detector (with `detection`'s thresholds where given). A zone counts when its base, the candle before it and its move lie in one session and something traded
 * in every base candle; it is watched for
 * {@link ZONE_LIFE_SESSIONS} sessions or until a candle closes beyond its far side.
 */
export function measureSetups(
  candles: readonly Candle[],
  detection: ZoneDetectionOptions = {},
): MeasuredSetup[] {
  const layout = layoutSessions(candles);
  const hourly = hourlyBars(candles, layout);
  const ranges = new SeriesRanges(candles);
  const tracked: TrackedZone[] = [];
  for (const zone of zonesAsTheyForm(candles, detection)) {
    const session = layout.ordinal[zone.moveEnd] ?? 0;
    if (layout.ordinal[zone.baseStart - 1] !== session) continue;
    // A base of bars in which nothing traded (a thin name's flat bars) is no place where orders
    // waited: it is an artefact of the data, not a zone.
    if (candles.slice(zone.baseStart, zone.baseEnd + 1).some((candle) => candle.volume === 0)) {
      continue;
    }
    const lastSession = Math.min(layout.ends.length - 1, session + ZONE_LIFE_SESSIONS - 1);
    const lastWatched = layout.ends[lastSession] ?? 0;
    tracked.push({ zone, lastWatched, breakIndex: breakIndexOf(candles, zone, lastWatched) });
  }
  const setups: MeasuredSetup[] = [];
  for (const { zone, lastWatched, breakIndex } of tracked) {
    let touches = 0;
    let away = true;
    for (let index = zone.moveEnd + 1; index <= lastWatched; index++) {
      const candle = candleAt(candles, index);
      if (overlaps(candle, zone)) {
        if (away) {
          const setup = setupAt(candles, ranges, layout, hourly, tracked, zone, index, touches);
          if (setup) setups.push(setup);
          touches++;
        }
        away = false;
      } else {
        const distance =
          zone.type === 'demand' ? candle.low - zone.upper : zone.lower - candle.high;
        if (distance >= AWAY_IN_RANGES * ranges.before(index)) away = true;
      }
      if (index >= breakIndex || touches >= MAX_RETURNS_PER_ZONE) break;
    }
  }
  return setups.sort((a, b) => a.returnIndex - b.returnIndex);
}

function setupAt(
  candles: readonly Candle[],
  ranges: SeriesRanges,
  layout: SessionLayout,
  hourly: readonly HourlyBar[],
  tracked: readonly TrackedZone[],
  zone: DetectedZone,
  returnIndex: number,
  touchesBefore: number,
): MeasuredSetup | null {
  const range = ranges.before(returnIndex);
  const entry = zone.type === 'demand' ? zone.upper : zone.lower;
  const opposing = opposingFor(candles, tracked, zone, returnIndex, entry, layout);
  const plan = modelPlanAt(zone, opposing, range);
  // Only where nothing traded for a while (flat bars of a thin name) can the stop round to the
  // entry: no trade can be planned there.
  if (!(range > 0) || plan.stop === plan.entry) return null;
  const long = zone.type === 'demand';
  const targetBeyondEntry = long ? plan.target > plan.entry : plan.target < plan.entry;
  const ratio = targetBeyondEntry ? rewardToRisk(plan.entry, plan.stop, plan.target) : 0;
  const higherTimeframe = higherTimeframeTrend(hourlyBefore(hourly, returnIndex), zone.type);
  const sessionEnd = layout.ends[layout.ordinal[returnIndex] ?? 0] ?? 0;
  // The reaction is read on the candles its yardstick needs and the rest of the return's session.
  const windowStart = Math.max(0, returnIndex - RANGE_LOOKBACK);
  const day = candles.slice(windowStart, sessionEnd + 1);
  const returnInDay = returnIndex - windowStart;
  const play = (trade: TradePrices): PlayedTrade => {
    const outcome = playOutTrade({ ...trade, size: 1 }, zone.type, day.slice(returnInDay), SHARES);
    // The candles end at the session's last one, so a trade the clock did not close (a session
    // that ends early in the data) is flat there all the same.
    const exit: SetupExit =
      outcome.exit === 'target' ? 'target' : outcome.exit === 'stop' ? 'stop' : 'session-close';
    const stopKind =
      exit === 'stop'
        ? stopKindOf(candles, zone, trade, returnIndex, returnIndex + (outcome.exitIndex ?? 0))
        : null;
    return { trade, outcome, exit, stopKind };
  };
  // The trade a learner takes without the room check: the course's minimum 2R, through whatever
  // is in the way. The course's charts to skip replay it, so it is measured at every return.
  const twoR = play({
    ...plan,
    target:
      plan.entry + (long ? 1 : -1) * DECISION_MIN_REWARD_TO_RISK * Math.abs(plan.entry - plan.stop),
  });
  const course = ratio >= DECISION_MIN_REWARD_TO_RISK ? play(plan) : twoR;
  const { grade } = scoreZone(candles, { ...zone, touches: touchesBefore }, returnIndex);
  return {
    zone,
    returnIndex,
    touchesBefore,
    opposing,
    averageRange: range,
    higherTimeframe,
    plan,
    rewardToRisk: ratio,
    heightInRanges: range > 0 ? (zone.upper - zone.lower) / range : 0,
    checks: {
      grade: grade !== 'C',
      room: ratio >= DECISION_MIN_REWARD_TO_RISK,
      fresh: touchesBefore === 0,
      higherTimeframe: higherTimeframe !== 'against',
    },
    grade,
    reaction: touchesBefore === 0 ? readReaction(day, zone, returnInDay) : null,
    course,
    twoR,
    returnedOnOpeningGap:
      layout.starts[layout.ordinal[returnIndex] ?? 0] === returnIndex &&
      (long
        ? candleAt(candles, returnIndex).open <= plan.entry
        : candleAt(candles, returnIndex).open >= plan.entry),
    sessionEnd,
  };
}
