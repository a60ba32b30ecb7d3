import type { PriceZone } from '@chart-kit/core';

/** A price zone: the box between two prices. `upper` is the top (hiddenpl), `lower` the bottom. */
export type { PriceZone };

/**
 * A zone as an exercise grades it. The course draws a zone "wick to body": from the far wick of its
 * base to the near-side bodies. Many traders draw it to the near-side wicks instead; `nearSideWick`
 * is that price (above `upper` for a demand zone, below `lower` for a supply zone), and a box that
 * reaches it is accepted too.
 */
export interface GradedZone extends PriceZone {
  nearSideWick?: number;
}

export interface GradeOptions {
  /**
   * Slack on each side, as a share of the zone's height: lines this far outside still count as
   * inside. Default {@link DEFAULT_TOLERANCE_OF_HEIGHT}.
   */
  toleranceOfHeight?: number;
  /** Extra slack on each side in price units, added to the relative one. Default 0. */
  tolerance?: number;
  /**
   * The thinnest box that counts as marking the zone, as a share of its height. Default
   * {@link DEFAULT_MIN_BOX_OF_HEIGHT}.
   */
  minBoxOfHeight?: number;
}

/**
 * Zones are thin (a few dimes on a chart spanning dollars): lines a fifth of the zone's height
 * outside it still count as the spec's "close-enough match".
 */
export const DEFAULT_TOLERANCE_OF_HEIGHT = 0.2;
/**
 * The task is to mark the zone's top and its bottom. Two lines at (nearly) one price inside the zone
 * would pass the spec's rule without marking either, so a box must cover at least a third of the
 * zone's height.
 */
export const DEFAULT_MIN_BOX_OF_HEIGHT = 1 / 3;

/**
 * Why an answer passed or missed. `one-line-outside` comes with `outside` saying on which side the
 * stray line lies.
 */
export type GradeReason =
  'pass' | 'need-two-lines' | 'too-high' | 'too-low' | 'too-wide' | 'too-thin' | 'one-line-outside';

export interface GradeResult {
  pass: boolean;
  reason: GradeReason;
  /** Set only for `one-line-outside`. */
  outside?: 'above' | 'below';
  /** A pass whose box reaches the near-side wicks instead of stopping at the bodies. */
  toNearSideWicks?: boolean;
  /** A sentence for a beginner saying why the answer missed and which way to move. */
  feedback: string;
}

/** Thrown for input that cannot be graded (non-finite numbers, a zone upside down). */
export class GradeInputError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'GradeInputError';
  }
}

// The feedback names directions only, never zone prices: the API returns it before the zone is
// revealed, and a price would give the answer away.
const FEEDBACK = {
  pass: 'Well done! Both of your lines are inside the zone.',
  passToWicks:
    'Well done! Your box reaches the wicks on the near side of the base. That is accepted; the ' +
    'course draws a zone to the candle bodies on that side, which gives a tighter box.',
  noLines:
    'Draw two horizontal lines, one at the top and one at the bottom of the zone, then press Try.',
  oneLine:
    'You drew only one line. A zone is a box, so it needs two lines: one for its top and one for its bottom.',
  tooHigh:
    'Both of your lines are above the zone. Look lower on the chart for where price left the area sharply.',
  tooLow:
    'Both of your lines are below the zone. Look higher on the chart for where price left the area sharply.',
  tooWide:
    'Your box covers the zone but is too wide: the top line is above it and the bottom line is below it. Move the two lines closer together.',
  tooThin:
    'Your two lines are almost at the same price. A zone is a box: put one line at the top of the zone and the other at its bottom.',
  upperLineAbove:
    'Your lower line is inside the zone, but the upper line is above it. Bring the upper line down.',
  lowerLineBelow:
    'Your upper line is inside the zone, but the lower line is below it. Bring the lower line up.',
  upperLineAboveWicks:
    'Your lower line is inside the zone, but the upper line is above it, even above the wicks of ' +
    'the base. Bring the upper line down to the top of the base.',
  lowerLineBelowWicks:
    'Your upper line is inside the zone, but the lower line is below it, even below the wicks of ' +
    'the base. Bring the lower line up to the bottom of the base.',
} as const;

/**
 * Grades a learner's zone answer by the course's rule: the FIRST TWO lines drawn must both lie inside
 * the zone (lower <= price <= upper, widened on each side by the tolerance); any further lines are
 * ignored, as the original client did. Which of the two is higher does not matter. On top of that:
 * - a box thinner than `minBoxOfHeight` of the zone's height fails (`too-thin`): the task is to mark
 *   the zone's top and bottom, not one price inside it;
 * - a line between the zone and its `nearSideWick` is accepted (the "wick to wick" convention), and
 *   the feedback says which convention the course uses.
 */
export function gradeZone(
  lines: readonly number[],
  zone: GradedZone,
  options: GradeOptions = {},
): GradeResult {
  checkInputs(lines, zone, options);

  const [first, second] = lines;
  if (first === undefined) return miss('need-two-lines', FEEDBACK.noLines);
  if (second === undefined) return miss('need-two-lines', FEEDBACK.oneLine);

  const height = zone.upper - zone.lower;
  const slack =
    height * (options.toleranceOfHeight ?? DEFAULT_TOLERANCE_OF_HEIGHT) + (options.tolerance ?? 0);
  const wick = zone.nearSideWick;
  const wickAbove = wick !== undefined && wick > zone.upper ? wick : zone.upper;
  const wickBelow = wick !== undefined && wick < zone.lower ? wick : zone.lower;
  const top = Math.max(zone.upper + slack, wickAbove);
  const bottom = Math.min(zone.lower - slack, wickBelow);
  const higher = Math.max(first, second);
  const lower = Math.min(first, second);

  if (lower > top) return miss('too-high', FEEDBACK.tooHigh);
  if (higher < bottom) return miss('too-low', FEEDBACK.tooLow);
  const higherAbove = higher > top;
  const lowerBelow = lower < bottom;
  if (higherAbove && lowerBelow) return miss('too-wide', FEEDBACK.tooWide);
  const wickEdgeAbove = wickAbove > zone.upper;
  const wickEdgeBelow = wickBelow < zone.lower;
  if (higherAbove) {
    const feedback = wickEdgeAbove ? FEEDBACK.upperLineAboveWicks : FEEDBACK.upperLineAbove;
    return { ...miss('one-line-outside', feedback), outside: 'above' };
  }
  if (lowerBelow) {
    const feedback = wickEdgeBelow ? FEEDBACK.lowerLineBelowWicks : FEEDBACK.lowerLineBelow;
    return { ...miss('one-line-outside', feedback), outside: 'below' };
  }
  const minBox = height * (options.minBoxOfHeight ?? DEFAULT_MIN_BOX_OF_HEIGHT);
  if (higher - lower < minBox) {
    return miss('too-thin', FEEDBACK.tooThin);
  }
  const toWicks =
    (wickEdgeAbove && higher > zone.upper + slack) || (wickEdgeBelow && lower < zone.lower - slack);
  return toWicks
    ? { pass: true, reason: 'pass', toNearSideWicks: true, feedback: FEEDBACK.passToWicks }
    : { pass: true, reason: 'pass', feedback: FEEDBACK.pass };
}

function miss(reason: Exclude<GradeReason, 'pass'>, feedback: string): GradeResult {
  return { pass: false, reason, feedback };
}

function checkInputs(lines: readonly number[], zone: GradedZone, options: GradeOptions): void {
  lines.forEach((price, index) => {
    if (!Number.isFinite(price)) {
      throw new GradeInputError(`line ${index + 1} is not a finite price (${String(price)})`);
    }
  });
  if (!Number.isFinite(zone.upper) || !Number.isFinite(zone.lower)) {
    throw new GradeInputError(
      `zone bounds must be finite prices (upper ${String(zone.upper)}, lower ${String(zone.lower)})`,
    );
  }
  if (zone.upper < zone.lower) {
    throw new GradeInputError(
      `zone upper (${zone.upper}) must be at or above zone lower (${zone.lower})`,
    );
  }
  if (zone.nearSideWick !== undefined && !Number.isFinite(zone.nearSideWick)) {
    throw new GradeInputError(`the near-side wick must be finite (${String(zone.nearSideWick)})`);
  }
  for (const [name, value] of [
    ['tolerance', options.tolerance],
    ['toleranceOfHeight', options.toleranceOfHeight],
    ['minBoxOfHeight', options.minBoxOfHeight],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      throw new GradeInputError(`${name} must be a finite number >= 0 (${String(value)})`);
    }
  }
}
