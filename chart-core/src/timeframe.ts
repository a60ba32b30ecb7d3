/** The units a timeframe counts in: minutes, hours, or trading days (sessions, see `sessionStarts`). */
export type TimeframeUnit = 'min' | 'hr' | 'D';

/**
 * A candle period named as a whole number of minutes, hours or trading days: '1min', '5min',
 * '15min', '1hr', '4hr', '1D', '90min', '2D'... The type lets literals through (TypeScript cannot say
 * "whole number" in a template type); a name that comes from outside the program (a URL, a file)
 * goes through {@link parseTimeframe}, and every function taking a timeframe checks it the same way.
 */
export type Timeframe = `${number}${TimeframeUnit}`;

/** The common timeframes, shortest first: a ready list for `timeframes` options and toggles. */
export const STANDARD_TIMEFRAMES = [
  '1min',
  '5min',
  '15min',
  '1hr',
  '4hr',
  '1D',
] as const satisfies readonly Timeframe[];

/** Thrown for a timeframe name or count that is not a whole number of minutes, hours or days. */
export class TimeframeError extends Error {
  constructor(
    message: string,
    /** The value that was refused. */
    readonly value: unknown,
  ) {
    super(message);
    this.name = 'TimeframeError';
  }
}

/**
 * Thrown when a series cannot be aggregated into a timeframe because the timeframe is not a whole
 * multiple of the series' candle period (15min from 10min candles, or 1min from 5min ones).
 */
export class TimeframeMultipleError extends TimeframeError {
  constructor(
    /** The timeframe asked for. */
    readonly timeframe: Timeframe,
    /** The period of the series' candles, in seconds. */
    readonly baseSeconds: number,
  ) {
    super(
      `${timeframe} is not a whole multiple of the series' ${describeSeconds(baseSeconds)} candles, ` +
        'so they cannot be merged into it',
      timeframe,
    );
    this.name = 'TimeframeMultipleError';
  }
}

const UNIT_SECONDS: Readonly<Record<TimeframeUnit, number>> = { min: 60, hr: 3600, D: 86_400 };

// Leading zeros are refused so that each timeframe has one spelling ('05min' is not '5min').
const TIMEFRAME_PATTERN = /^([1-9][0-9]*)(min|hr|D)$/;

/** The count and unit of a timeframe: '15min' is 15 'min'. */
export interface TimeframeParts {
  count: number;
  unit: TimeframeUnit;
}

const FORMAT_HINT = "a whole number > 0 followed by 'min', 'hr' or 'D' (e.g. '15min', '4hr', '1D')";

/**
 * Checks a timeframe name and returns it typed, e.g. `parseTimeframe(params.get('tf') ?? '5min')`.
 * Throws a {@link TimeframeError} saying what a timeframe looks like for anything else ('1h',
 * '0min', '1.5hr', ' 5min').
 */
export function parseTimeframe(text: string): Timeframe {
  timeframeParts(text);
  return text as Timeframe;
}

/** Whether `value` names a timeframe ({@link parseTimeframe} would accept it). */
export function isTimeframe(value: unknown): value is Timeframe {
  if (typeof value !== 'string') return false;
  const match = TIMEFRAME_PATTERN.exec(value);
  return (
    match !== null && Number.isSafeInteger(secondsOf(Number(match[1]), match[2] as TimeframeUnit))
  );
}

/** The timeframe of `count` `unit`s: `timeframe(4, 'hr')` is '4hr'. Throws a TimeframeError. */
export function timeframe(count: number, unit: TimeframeUnit): Timeframe {
  if (!Object.hasOwn(UNIT_SECONDS, unit)) {
    throw new TimeframeError(
      `unknown timeframe unit ${JSON.stringify(unit)}: use 'min', 'hr' or 'D'`,
      unit,
    );
  }
  if (!(Number.isSafeInteger(count) && count > 0 && Number.isSafeInteger(secondsOf(count, unit)))) {
    throw new TimeframeError(
      `a timeframe counts a whole number > 0 of ${unit} (${String(count)})`,
      count,
    );
  }
  // Checked above: a whole count and a known unit, which is what the template type stands for.
  return `${String(count)}${unit}` as Timeframe;
}

/** The count and unit of a timeframe; throws a {@link TimeframeError} for a malformed one. */
export function timeframeParts(value: string): TimeframeParts {
  const match = TIMEFRAME_PATTERN.exec(value);
  const count = Number(match?.[1]);
  const unit = match?.[2] as TimeframeUnit | undefined;
  if (!unit || !Number.isSafeInteger(secondsOf(count, unit))) {
    throw new TimeframeError(
      `${JSON.stringify(value)} is not a timeframe: write ${FORMAT_HINT}`,
      value,
    );
  }
  return { count, unit };
}

/**
 * The nominal length of a timeframe in seconds ('1D' is 86,400). Intraday timeframes are exactly
 * this long (but start at the session open, and the last one of a session may be cut short by the
 * close); a day timeframe covers whole sessions, however long they are.
 */
export function timeframeSeconds(value: Timeframe): number {
  const { count, unit } = timeframeParts(value);
  return secondsOf(count, unit);
}

/** Orders timeframes by length, shortest first ('60min' and '1hr' are equal). */
export function compareTimeframes(a: Timeframe, b: Timeframe): number {
  return timeframeSeconds(a) - timeframeSeconds(b);
}

/**
 * The timeframe of a whole number of seconds, in the largest unit that divides it evenly (300 is
 * '5min', 7,200 is '2hr', 86,400 is '1D'); undefined for anything that is not whole minutes.
 */
export function timeframeOfSeconds(seconds: number): Timeframe | undefined {
  for (const unit of ['D', 'hr', 'min'] as const) {
    const count = seconds / UNIT_SECONDS[unit];
    if (Number.isSafeInteger(count) && count > 0) return timeframe(count, unit);
  }
  return undefined;
}

function secondsOf(count: number, unit: TimeframeUnit): number {
  return count * UNIT_SECONDS[unit];
}

function describeSeconds(seconds: number): string {
  return timeframeOfSeconds(seconds) ?? `${String(seconds)}-second`;
}
