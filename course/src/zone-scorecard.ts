import type { Candle } from '@chart-kit/core';
import { firstReturnIndex, type ZoneType } from './zones.js';

/**
 * The Finding module's checklist ("A checklist for every zone"): five common criteria, one point
 * each. Five points is an A-grade zone, four a B, and the course passes over a zone scoring three
 * or less (a C). A learner scores a marked zone before trading it, so that judging a weaker zone
 * is practised, not only finding the best one.
 */
export const ZONE_CRITERIA = ['time', 'base', 'move', 'round-number', 'fresh'] as const;
export type ZoneCriterion = (typeof ZONE_CRITERIA)[number];
export type ZoneGrade = 'A' | 'B' | 'C';

export function isZoneCriterion(value: unknown): value is ZoneCriterion {
  return typeof value === 'string' && (ZONE_CRITERIA as readonly string[]).includes(value);
}

/** A base of at most this many candles earns the time point. */
export const TIME_POINT_MAX_CANDLES = 2;
/** Every base body under this share of its own candle's range earns the base point. */
export const BASE_BODY_MAX_SHARE = 0.5;
/** A move out of at least this many zone heights earns the move point. */
export const MOVE_POINT_MIN_HEIGHTS = 3;
/** A whole or half dollar inside the zone earns the psychological-level point. */
const ROUND_STEP = 0.5;

export interface ZoneToScore {
  type: ZoneType;
  upper: number;
  lower: number;
  /** First and last candle of the base (inclusive), in the candles scored. */
  baseStart: number;
  baseEnd: number;
  /** Times price came back into the zone after it formed, before the candles' end (0: fresh). */
  touches: number;
}

export interface CriterionReading {
  criterion: ZoneCriterion;
  met: boolean;
  /** One sentence a learner reads: what was measured and what earns the point. */
  text: string;
}

export interface ZoneScorecard {
  readings: CriterionReading[];
  points: number;
  grade: ZoneGrade;
}

export function gradeOfPoints(points: number): ZoneGrade {
  if (points >= ZONE_CRITERIA.length) return 'A';
  return points === ZONE_CRITERIA.length - 1 ? 'B' : 'C';
}

const dollars = (price: number) => price.toFixed(2);
const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The zone scored on the five criteria as the lesson states them, from the candles shown:
 * `candles` up to `end` (exclusive; all of them by default).
 */
export function scoreZone(
  candles: readonly Candle[],
  zone: ZoneToScore,
  end = candles.length,
): ZoneScorecard {
  const base = candles.slice(zone.baseStart, zone.baseEnd + 1);
  if (base.length === 0) throw new RangeError('a zone to score needs its base candles');
  const readings = [
    timeReading(base.length),
    baseReading(base),
    moveReading(candles, zone, end),
    roundNumberReading(zone),
    freshReading(zone.touches),
  ];
  const points = readings.filter((reading) => reading.met).length;
  return { readings, points, grade: gradeOfPoints(points) };
}

/** A marked zone as an exercise carries it: its bounds, its base by candle times, its returns. */
export interface MarkedZone {
  type: ZoneType;
  upper: number;
  lower: number;
  baseTimes: readonly number[];
  touches: number;
}

/**
 * The course's score of a marked zone on the candles a learner sees (`seen`): what a take-or-skip
 * exercise is scored on and what its grade check reads. Throws when no base candle is in view.
 */
export function scoreMarkedZone(seen: readonly Candle[], zone: MarkedZone): ZoneScorecard {
  const baseTimes = new Set(zone.baseTimes);
  const baseIndexes = seen.flatMap((candle, index) => (baseTimes.has(candle.time) ? [index] : []));
  const baseStart = baseIndexes[0];
  const baseEnd = baseIndexes.at(-1);
  if (baseStart === undefined || baseEnd === undefined) {
    throw new RangeError('the zone to score has no base candle in view');
  }
  const { type, upper, lower, touches } = zone;
  return scoreZone(seen, { type, upper, lower, baseStart, baseEnd, touches });
}

function timeReading(count: number): CriterionReading {
  const met = count <= TIME_POINT_MAX_CANDLES;
  const candles = `${count} candle${count === 1 ? '' : 's'}`;
  return {
    criterion: 'time',
    met,
    text: met
      ? `Time on the zone: a base of ${candles}, one or two: 1 point.`
      : `Time on the zone: a base of ${candles}; only one or two earn the point.`,
  };
}

function baseReading(base: readonly Candle[]): CriterionReading {
  const shareOf = (candle: Candle) => {
    const range = candle.high - candle.low;
    return range > 0 ? Math.abs(candle.close - candle.open) / range : 0;
  };
  const largest = Math.max(...base.map(shareOf));
  const met = largest < BASE_BODY_MAX_SHARE;
  const body = `${base.length === 1 ? 'its body is' : 'its largest body is'} ${percent(largest)} of its candle's range`;
  return {
    criterion: 'base',
    met,
    text: met
      ? `The base: ${body}, under half: 1 point.`
      : `The base: ${body}; every body must be under half.`,
  };
}

/**
 * How far price left the zone: the farthest close beyond its proximal line from the base on,
 * until price first traded back into the zone after leaving it (or `end`, exclusive).
 */
export function moveOutDistance(
  candles: readonly Candle[],
  zone: ZoneToScore,
  end = candles.length,
): number {
  const direction = zone.type === 'demand' ? 1 : -1;
  const proximal = direction > 0 ? zone.upper : zone.lower;
  const beyond = (index: number) => direction * ((candles[index]?.close ?? proximal) - proximal);
  let left = zone.baseEnd + 1;
  while (left < end && beyond(left) <= 0) left++;
  if (left >= end) return 0;
  const back = firstReturnIndex(candles, zone, left + 1);
  const stop = back === -1 ? end : Math.min(back, end);
  let farthest = 0;
  for (let index = left; index < stop; index++) {
    farthest = Math.max(farthest, beyond(index));
  }
  return farthest;
}

function moveReading(candles: readonly Candle[], zone: ZoneToScore, end: number): CriterionReading {
  const height = zone.upper - zone.lower;
  const distance = moveOutDistance(candles, zone, end);
  const heights = height > 0 ? distance / height : Number.POSITIVE_INFINITY;
  const met = heights >= MOVE_POINT_MIN_HEIGHTS;
  const measured = `price left by ${dollars(distance)}, ${heights.toFixed(1)} times the zone's ${dollars(height)} height`;
  return {
    criterion: 'move',
    met,
    text: met
      ? `The move out: ${measured}, at least three: 1 point.`
      : `The move out: ${measured}; it must travel at least three.`,
  };
}

/** The whole or half dollar inside the zone, or null. */
export function roundLevelInside(zone: Pick<ZoneToScore, 'upper' | 'lower'>): number | null {
  // In cents, so that a zone whose edge sits on the level counts.
  const step = Math.round(ROUND_STEP * 100);
  const first = Math.ceil(Math.round(zone.lower * 100) / step) * step;
  return first <= Math.round(zone.upper * 100) ? first / 100 : null;
}

function roundNumberReading(zone: ZoneToScore): CriterionReading {
  const level = roundLevelInside(zone);
  return {
    criterion: 'round-number',
    met: level !== null,
    text:
      level !== null
        ? `Psychological level: the zone contains ${dollars(level)}, a round number: 1 point.`
        : 'Psychological level: no whole or half dollar inside the zone, so no point.',
  };
}

function freshReading(touches: number): CriterionReading {
  const met = touches === 0;
  const times = touches === 1 ? 'once' : `${touches} times`;
  return {
    criterion: 'fresh',
    met,
    text: met
      ? 'Freshness: price has not come back to the zone since it left: 1 point.'
      : `Freshness: price has already come back to the zone ${times}, so no point.`,
  };
}

export interface ScorecardGrade {
  /** Every criterion read as the course reads it. */
  pass: boolean;
  /** The criteria the learner read differently from the course. */
  misread: ZoneCriterion[];
  /** The learner's points and grade, from the criteria they ticked. */
  points: number;
  grade: ZoneGrade;
  course: ZoneScorecard;
  /** The verdict, then every criterion with its numbers. */
  feedback: string[];
}

const CRITERION_NAMES: Record<ZoneCriterion, string> = {
  time: 'time on the zone',
  base: 'the base',
  move: 'the move out',
  'round-number': 'the psychological level',
  fresh: 'freshness',
};

/** Grades the criteria a learner says a zone meets against the course's scorecard. */
export function gradeScorecard(
  met: readonly ZoneCriterion[],
  course: ZoneScorecard,
): ScorecardGrade {
  const ticked = new Set(met);
  const misread = course.readings
    .filter((reading) => reading.met !== ticked.has(reading.criterion))
    .map((reading) => reading.criterion);
  const points = ZONE_CRITERIA.filter((criterion) => ticked.has(criterion)).length;
  const grade = gradeOfPoints(points);
  const courseScore = `${course.points} of 5, ${zoneGradeWords(course.grade)}`;
  const verdict =
    misread.length === 0
      ? `Scored right: ${courseScore}.`
      : `You scored it ${points} of 5; the course scores it ${courseScore}. Look again at ${listed(
          misread.map((criterion) => CRITERION_NAMES[criterion]),
        )}.`;
  return {
    pass: misread.length === 0,
    misread,
    points,
    grade,
    course,
    feedback: [verdict, ...course.readings.map((reading) => reading.text)],
  };
}

/** The lesson's words for a grade: "an A-grade zone", "a B, still worth marking", ... */
export function zoneGradeWords(grade: ZoneGrade): string {
  if (grade === 'A') return 'an A-grade zone';
  if (grade === 'B') return 'a B, still worth marking';
  return 'a C, which the course passes over';
}

function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
