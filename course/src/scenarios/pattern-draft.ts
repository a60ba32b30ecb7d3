import { aggregateCandles, TIMEFRAMES, type Candle } from '@chart-kit/core';
import { averageRange, type ZoneType } from '../zones.js';
import { SMALL_MOVE_DEPARTURE } from '../measured-rates/rates.js';
import { newYorkUtcOffset } from '../market-sim.js';
import type { Random } from '../random.js';
import type { Draft } from './candidate.js';
import type { GradeSkipShape } from './aftermath.js';
import type { PlantedDecoy } from './decoys.js';
import { RANGE_LOOKBACK, type Direction, type MarketScript } from './market-script.js';
import { nearEdge, type PlantedBand } from './planted-band.js';
import { plantFlip } from './planted-flip.js';
import { plantHourlyZone } from './planted-hourly-zone.js';
import { plantLevel, type PlantedLevel } from './planted-level.js';
import { plantZone, type PlantedZone, type ZoneShape } from './planted-zone.js';
import type { Concept, ScenarioStyle } from './scenario-types.js';

const HOUR = TIMEFRAMES['1hr'];

/**
 * The rise into a trending 1-hour zone's hour, in average ranges and candles: well over the
 * hour's drop into the base (about four ranges), so the base is a higher low, and slow enough not
 * to rival the zone's own move away. Of the rises tried (5.5 to 8.5 ranges in 8 to 16 candles),
 * this one made a fair exercise most often.
 */
const RISE_INTO_THE_HOUR = { ranges: [7, 8.5], candles: [10, 14] } as const;

/** What shapes the answer's pattern, decided before it is planted. */
export interface PatternPlan {
  type: ZoneType;
  concepts: ReadonlySet<Concept>;
  style: ScenarioStyle;
  /** Which way price came into the zone: -1 a reversal, 1 a continuation. */
  legIn: Direction;
  /** The steep move's departure, on a chart comparing it with a gentle one. */
  steepDeparture: number;
  /** The zone carried over from the continued chart, on a chart measuring room to it. */
  pulledZone: PlantedBand | undefined;
  decoy: PlantedDecoy | null;
  /** A practice chart: bases and moves of every look (see ZoneShape.varied). */
  varied: boolean;
  /**
   * A 1-hour zone that forms in an uptrend (a downtrend for supply): price rises into the base's
   * hour, so the base is a higher low, not the view's extreme (see plantHourlyZone).
   */
  hourInTrend?: boolean;
  /** The gentle decoy climbed into the base: a taller base keeps the zone easy to see. */
  climbIntoBase?: boolean;
  /**
   * A take-or-skip chart to skip for room: a taller base, whose risk a near opposing zone (a zone
   * by the course's rules, see plantWall) leaves under 2R.
   */
  roomToSkip?: boolean;
  /** A take-or-skip chart to skip for its grade: how its zone scores a C (see GradeSkipShape). */
  gradeSkipShape: GradeSkipShape | null;
}

/** Plants the chart's main pattern: a level, a flip, a 1-hour zone or a zone of the right shape. */
export function plantPattern(script: MarketScript, plan: PatternPlan): Draft {
  const { type, concepts } = plan;
  if (concepts.has('support') || concepts.has('resistance')) {
    return touchedDraft(script, plantLevel(script, type, 3, [3.2, 4.2]), null);
  }
  if (concepts.has('flip')) {
    const flip = plantFlip(script, type, 2);
    return touchedDraft(script, flip, {
      breakIndex: flip.breakIndex,
      retestIndex: flip.retestIndex,
    });
  }
  if (concepts.has('higher-timeframe')) {
    return plantHourlyZoneDraft(script, type, plan.pulledZone, plan.hourInTrend ?? false);
  }
  const zone = plantZone(script, type, zoneShapeFor(script.random, plan));
  return { ...zoneDraft(zone, null), smallMove: plan.gradeSkipShape === 'small-move' };
}

/** A level or a flip, touched by design; its last candle ends the bounce that completes it. */
function touchedDraft(script: MarketScript, level: PlantedLevel, flip: Draft['flip']): Draft {
  return {
    band: level.band,
    baseIndexes: level.touches,
    patternStart: level.start,
    moveEnd: script.length - 1,
    moveCandles: 4,
    departure: level.departure,
    averageRange: level.yardstick,
    touchedByDesign: true,
    flip,
    hourlyZone: null,
    smallMove: false,
  };
}

function zoneDraft(zone: PlantedZone, hourlyZone: Draft['hourlyZone']): Draft {
  return {
    band: zone.band,
    baseIndexes: zone.baseIndexes,
    patternStart: zone.legInStart,
    moveEnd: zone.moveEnd,
    moveCandles: zone.moveEnd - zone.moveStart + 1,
    departure: zone.departure,
    averageRange: zone.yardstick,
    touchedByDesign: false,
    flip: null,
    hourlyZone,
    smallMove: false,
  };
}

/** A 5-minute zone nested in a 1-hour zone, whose hours carry price away. */
function plantHourlyZoneDraft(
  script: MarketScript,
  type: ZoneType,
  pulledZone: PlantedBand | undefined,
  inTrend: boolean,
): Draft {
  // Room to an opposing zone carried over from an earlier chart: the rally stops short of it.
  const opposing = pulledZone === undefined ? undefined : nearEdge(pulledZone);
  const strongHours = opposing === undefined ? 2 : 1;
  const zone = plantHourlyZone(
    script,
    type,
    strongHours,
    () => hourlyAverageRange(script.candles),
    isFullHourToPlant,
    opposing,
    inTrend ? RISE_INTO_THE_HOUR : undefined,
  );
  return zoneDraft(zone, {
    hourStart: zone.hourStart,
    ...zone.hourlyBand,
    strongHours,
    inTrend,
  });
}

/** A full hour from 10:00 to 13:00 New York: two more full hours follow it in the session. */
function isFullHourToPlant(time: number): boolean {
  const local = time + newYorkUtcOffset(time);
  const secondsIntoDay = ((local % 86_400) + 86_400) % 86_400;
  const hour = secondsIntoDay / 3600;
  return Number.isInteger(hour) && hour >= 10 && hour <= 13;
}

/** Mean range of the last 20 complete hourly candles of `candles`. */
function hourlyAverageRange(candles: readonly Candle[]): number {
  const hours = aggregateCandles(candles, HOUR);
  // The last hour may still be forming.
  return averageRange(hours, Math.max(1, hours.length - 1), RANGE_LOOKBACK);
}

/** The shape of a plain zone's leg in, base and move away, as the chart's concepts ask. */
function zoneShapeFor(random: Random, plan: PatternPlan): ZoneShape {
  const { concepts, decoy } = plan;
  const shape: ZoneShape = {
    legIn: plan.legIn,
    legInCandles: random.integer(1, 2),
    baseCandles: random.integer(1, 3),
    moveCandles: random.integer(3, 5),
    departure: Math.exp(random.between(Math.log(4.2), Math.log(8))),
    varied: plan.varied,
  };
  if (plan.style === 'easy') {
    // The first exercises say "price paused in a few small candles": two or three of them.
    shape.baseCandles = random.integer(2, 3);
    shape.moveCandles = random.integer(3, 4);
    shape.departure = random.between(6.5, 9);
  }
  if (concepts.has('short-base')) {
    shape.baseCandles = random.integer(1, 2);
    shape.departure = random.between(6, 8);
  }
  if (concepts.has('small-base')) shape.baseCandles = random.integer(2, 3);
  if (concepts.has('steep-move')) {
    shape.moveCandles = 3;
    shape.departure = plan.steepDeparture;
    // As far in dollars as the gentle rise before it went: only the angle tells them apart.
    if (decoy) shape.moveDistance = (decoy.upper - decoy.lower) * random.between(0.92, 1.08);
    if (plan.climbIntoBase) shape.farWick = [0.75, 1.1];
  }
  if (concepts.has('trade-plan') || concepts.has('take-or-skip')) {
    // A trade at a zone risks its height plus a buffer and aims short of where the move away
    // turned: a taller base and a move of just over the three ranges a zone needs keep the
    // winners near 2R, as most real setups pay, not five or eight.
    shape.farWick = plan.roomToSkip ? [1.05, 1.35] : [0.8, 1.2];
    shape.departure = random.between(3.1, 3.7);
    if (plan.gradeSkipShape === 'bodied-base') {
      shape.baseCandles = 3;
      shape.bodiedBase = true;
    }
    if (plan.gradeSkipShape === 'small-move') {
      // Two strong candles (each still a leg to the detector, however the weights split the
      // move) leave a thinner base by 2.15 to 2.9 ranges: with the stop's buffer and the
      // target's margin, the room to where the move turns must still give 2R, which a taller
      // base would not leave.
      const [fewest, most] = SMALL_MOVE_DEPARTURE;
      shape.baseCandles = 3;
      shape.farWick = [0.4, 0.6];
      shape.departure = random.between(fewest + 0.15, most - 0.1);
      shape.moveCandles = 2;
      return shape;
    }
  }
  if (concepts.has('fresh')) {
    // The view holds an older zone too: a taller base keeps this one easy to mark.
    shape.farWick = [0.75, 1.1];
    shape.legInCandles = 1;
    shape.departure = random.between(4, 5);
  }
  // Every move candle must be a strong one (at least 0.7 average ranges), so a short departure
  // cannot be spread over many candles; and no candle is a tower of three ranges or more, which
  // a real 5-minute chart shows only on news.
  shape.moveCandles = Math.max(
    Math.ceil(shape.departure / 2.6),
    Math.min(shape.moveCandles, Math.floor(shape.departure / 1.3)),
  );
  return shape;
}
