/** A price zone: the box between two prices. `upper` is the top (hiddenpl), `lower` the bottom. */
export interface PriceZone {
  upper: number;
  lower: number;
}

export interface GradeOptions {
  /** Price amount the zone is widened by on each side before grading. Default 0 (the spec rule). */
  tolerance?: number;
}

/**
 * Why an answer passed or missed. `one-line-outside` comes with `outside` saying on which side the
 * stray line lies.
 */
export type GradeReason =
  'pass' | 'need-two-lines' | 'too-high' | 'too-low' | 'too-wide' | 'one-line-outside';

export interface GradeResult {
  pass: boolean;
  reason: GradeReason;
  /** Set only for `one-line-outside`. */
  outside?: 'above' | 'below';
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
  upperLineAbove:
    'Your lower line is inside the zone, but the upper line is above it. Bring the upper line down.',
  lowerLineBelow:
    'Your upper line is inside the zone, but the lower line is below it. Bring the lower line up.',
} as const;

/**
 * Grades a learner's zone answer. The default is the course's rule: the FIRST TWO lines drawn must
 * both lie inside the zone, bounds included (lower <= price <= upper); any further lines are
 * ignored, as the original client did. Which of the two is higher does not matter.
 */
export function gradeZone(
  lines: readonly number[],
  zone: PriceZone,
  options: GradeOptions = {},
): GradeResult {
  const tolerance = options.tolerance ?? 0;
  checkInputs(lines, zone, tolerance);

  const [first, second] = lines;
  if (first === undefined) return miss('need-two-lines', FEEDBACK.noLines);
  if (second === undefined) return miss('need-two-lines', FEEDBACK.oneLine);

  const top = zone.upper + tolerance;
  const bottom = zone.lower - tolerance;
  const higher = Math.max(first, second);
  const lower = Math.min(first, second);

  if (lower > top) return miss('too-high', FEEDBACK.tooHigh);
  if (higher < bottom) return miss('too-low', FEEDBACK.tooLow);
  const higherAbove = higher > top;
  const lowerBelow = lower < bottom;
  if (higherAbove && lowerBelow) return miss('too-wide', FEEDBACK.tooWide);
  if (higherAbove)
    return { ...miss('one-line-outside', FEEDBACK.upperLineAbove), outside: 'above' };
  if (lowerBelow) return { ...miss('one-line-outside', FEEDBACK.lowerLineBelow), outside: 'below' };
  return { pass: true, reason: 'pass', feedback: FEEDBACK.pass };
}

function miss(reason: Exclude<GradeReason, 'pass'>, feedback: string): GradeResult {
  return { pass: false, reason, feedback };
}

function checkInputs(lines: readonly number[], zone: PriceZone, tolerance: number): void {
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
  if (!(Number.isFinite(tolerance) && tolerance >= 0)) {
    throw new GradeInputError(`tolerance must be a finite number >= 0 (${String(tolerance)})`);
  }
}
