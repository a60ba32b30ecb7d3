import type { Candle } from '@chart-kit/core';
import type { ShapeFamily } from './families.js';
import type { OpposingZone } from './opposing-zone.js';
import type { PlantedDecoy } from './decoys.js';
import {
  ScenarioError,
  type Aftermath,
  type Concept,
  type ScenarioResult,
  type ScenarioStyle,
  type ScenarioZone,
  type ZoneScenarioRequest,
} from './scenario-types.js';

/** What every pattern leaves behind for the checks. */
export interface Draft {
  band: ScenarioZone;
  baseIndexes: number[];
  patternStart: number;
  moveEnd: number;
  moveCandles: number;
  departure: number;
  averageRange: number;
  /** Whether price may already have touched the answer during the puzzle (levels, flips). */
  touchedByDesign: boolean;
  /**
   * A pause left by a small move (a chart to skip for its grade): the course's detector finds it
   * only with the lower departure of SMALL_MOVE_DEPARTURE.
   */
  smallMove: boolean;
  flip: ScenarioResult['flip'];
  hourlyZone: {
    hourStart: number;
    upper: number;
    lower: number;
    strongHours: number;
    /** Formed in a trend: price rose into the base's hour (see plantHourlyZone's riseFirst). */
    inTrend: boolean;
  } | null;
}

/** One attempt's chart, as written, with everything the checks need to judge it. */
export interface Candidate {
  /** On a take-or-skip chart to skip: the newer opposing zone price dropped from, in the way. */
  wall: OpposingZone | null;
  request: ZoneScenarioRequest;
  concepts: ReadonlySet<Concept>;
  attemptSeed: number;
  candles: Candle[];
  draft: Draft;
  revealEnd: number;
  returnIndex: number | null;
  zoneLike: boolean;
  roundLevel: number | null;
  family: ShapeFamily | null;
  decoy: PlantedDecoy | null;
  viewStart: number;
  style: ScenarioStyle;
  /** What was planted after the puzzle, or null (a flip). */
  planned: Aftermath | null;
  /**
   * Whether this attempt must place a zone hunt's answer away from the view's extreme (see
   * verify's extremeProblem); the last attempts of a request may not.
   */
  awayFromExtreme: boolean;
}

/** The candle at `index`; the checks only ask for indexes they planted. */
export function candleAt(candles: readonly Candle[], index: number): Candle {
  const candle = candles[index];
  if (candle === undefined) throw new ScenarioError(`internal: no candle ${index}`);
  return candle;
}
