import type { Candle } from '@chart-kit/core';
import type { HigherTimeframeTrend } from '../trade-decision.js';
import type { TradeOutcome } from '../trade-plan.js';
import type { ZoneType } from '../zones.js';
import type { ZoneGrade } from '../zone-scorecard.js';
import type { IndexWindow, PlacementName } from './framing.js';
import type { SkipReason, SkippedAftermath, TradeAftermath } from './aftermath.js';
import type { ContextKind, ShapeFamily } from './families.js';
import type { ReactionReading, ZoneReaction } from './reaction.js';
import type { PlantedDecoy } from './decoys.js';
import type { PlantedBand } from './planted-band.js';

/** How a scenario is laid out and how obvious its zone is. */
export type ScenarioStyle = 'normal' | 'easy';

/**
 * What a chart must show, as its lesson teaches it. A chart has one main pattern (a zone, a
 * support or resistance level, or a role reversal) and may add the features its lesson is about.
 */
export const CONCEPTS = [
  'zone',
  'support',
  'resistance',
  'flip',
  'short-base',
  'small-base',
  'steep-move',
  'round-number',
  'higher-timeframe',
  'fresh',
  'clean',
  'trade-plan',
  'take-or-skip',
] as const;
export type Concept = (typeof CONCEPTS)[number];

export interface ZoneScenarioRequest {
  seed: number;
  zoneType: ZoneType;
  /** 'easy' (landing demo): a shorter chart, a reversal shape and a more violent move away. */
  style?: ScenarioStyle;
  /** Default ['zone']. */
  concepts?: readonly Concept[];
  /** Where the app shows the chart, which decides how tall its zone must be. Default 'lesson'. */
  placement?: PlacementName;
  /**
   * A take-or-skip chart's answer: 'take' (room, fresh, the 1-hour chart not against it) or
   * 'skip' (one of those checks fails, see `skipBecause`). Default 'take'.
   */
  decision?: 'take' | 'skip';
  /**
   * On a chart to skip, the one check that fails: 'room' (a newer opposing zone leaves too
   * little), 'fresh' (price already came back to the zone once) or 'higher-timeframe' (the
   * 1-hour trend points against the trade). Default 'room'.
   */
  skipBecause?: SkipReason;
  /**
   * What price does after the puzzle (drawn from the seed when not given, with the odds of
   * scenario/aftermath.ts): a zone's reaction when price comes back; on a trade-plan chart or a
   * chart to take, how the course's trade ends; on a chart to skip, how a 2R trade would have
   * ended. A flip chart has none.
   */
  after?: Aftermath;
  /**
   * What the market did before a plain zone formed. Drawn from the seed for a practice chart
   * (placement 'practice'), so the portal shows every family; elsewhere a reversal or a
   * continuation by chance, as the lesson charts were made.
   */
  context?: ContextKind;
  /**
   * Continue this scenario's market one session later: its first session is dropped, its other
   * candles are kept as they are, and one new session holding the new pattern is added.
   */
  continues?: ZoneScenario;
}

/**
 * What happens after the puzzle, by kind of chart (see {@link ZoneScenarioRequest.after}).
 * 'holds' is a strong bounce after which the zone stands to the chart's end: never drawn, only
 * asked for by a chart that another chart continues (which measures its room to this zone).
 */
export type Aftermath = ZoneReaction | 'holds' | TradeAftermath | SkippedAftermath;

/** The answer: a band of prices, graded with the course's `gradeZone`. */
export interface ScenarioZone extends PlantedBand {
  type: ZoneType;
}

/** A simulated market with one planted answer, verified by the course's zone and clarity rules. */
export interface ScenarioResult {
  /** The seed of the attempt that passed verification (derived from the requested seed). */
  attemptSeed: number;
  concepts: Concept[];
  candles: Candle[];
  /** The same market in 1-hour candles, aggregated from `candles`. */
  hourly: Candle[];
  zone: ScenarioZone;
  /** The base candles of a zone; the touch candles of a level or of a flipped level. */
  baseIndexes: number[];
  /** First candle of the answer's pattern (its leg in, or the approach to its first touch). */
  patternStart: number;
  /** Last candle of the move away (a zone), or of the bounce that completes the pattern. */
  moveEnd: number;
  /** Candles of the move away (over which a rival's sharp turn is measured too). */
  moveCandles: number;
  /** How far price left the answer, in average candle ranges. */
  departure: number;
  /** The average candle range the pattern is measured against. */
  averageRange: number;
  /** Candles `[0, revealEnd)` are the puzzle; the rest show what price did next. */
  revealEnd: number;
  /** The same for `hourly`: hours that ended before the puzzle's end. */
  hourlyRevealEnd: number;
  /** Candle indexes (inclusive) of the 5-minute chart's opening view. */
  openingView: IndexWindow;
  /** The candle that came back to the zone after the puzzle, or null. */
  returnIndex: number | null;
  /** What was planted after the puzzle, and how the course reads price's return to the zone. */
  aftermath: { planned: Aftermath; reading: ReactionReading | null } | null;
  /** The shape the zone formed in, for a zone (null for a level, a flip or a 1-hour zone). */
  family: ShapeFamily | null;
  /** The round number the zone contains, when the chart is about psychological levels. */
  roundLevel: number | null;
  /** What in view looks like an answer and is not, when the lesson is about telling them apart. */
  decoy: PlantedDecoy | null;
  /** A flip: the candle that broke the old level and the one that retested it. */
  flip: { breakIndex: number; retestIndex: number } | null;
  /** A higher-timeframe zone: the 1-hour candle holding the base and the 1-hour zone. */
  hourlyZone: { hourIndex: number; upper: number; lower: number; strongHours: number } | null;
  /** A trade-plan exercise: the next opposing zone, the model plan and how it played out. */
  trade: ScenarioTrade | null;
  /** A take-or-skip exercise: what the course's three checks read on the chart. */
  decision: ScenarioDecision | null;
  /** A clean zone: the zone carried over from the continued chart and the room up to it. */
  room: {
    pulled: ScenarioZone;
    /**
     * The nearest price that stands in the way: the pulled zone's near edge, or the turn where
     * price was pushed back before reaching it (the top of the rally, for demand), if nearer.
     */
    limit: { price: number; kind: 'pulled-zone' | 'turn'; index: number | null };
    roomInHeights: number;
  } | null;
}
export type ZoneScenario = ScenarioResult;

/** What a trade-plan exercise is graded against, and its model answer. */
export interface ScenarioTrade {
  /**
   * The next opposing zone in the trade's direction: the candle where the move away was turned
   * back (for a long, the top of the rally: its high down to its body top), and its index.
   */
  opposing: { upper: number; lower: number; index: number };
  /** Entry at the proximal line, stop a quarter range beyond the distal line, target short of the opposing zone. */
  model: { entry: number; stop: number; target: number };
  rewardToRisk: number;
  /** The model plan played out on the candles after the puzzle (per unit). */
  outcome: TradeOutcome;
}

/** What a take-or-skip exercise is graded against: the course's checks, read off the chart. */
export interface ScenarioDecision {
  /** The next opposing zone in the trade's direction (the newer one, on a chart to skip). */
  opposing: { upper: number; lower: number; index: number };
  averageRange: number;
  /** Returns to the zone between its move away and the puzzle's end. */
  touches: number;
  higherTimeframe: HigherTimeframeTrend;
  /** The zone's score on the Finding module's checklist at the puzzle's end (the grade check). */
  score: { points: number; grade: ZoneGrade };
  take: boolean;
  rewardToRisk: number;
  /** The model plan played out after the puzzle (taken or not, it shows what the skip avoided). */
  outcome: TradeOutcome;
}

export class ScenarioError extends Error {
  override name = 'ScenarioError';
}
