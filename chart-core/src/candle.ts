/** One price bar. `time` is the bar's opening time in unix seconds. */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

/** Thrown by {@link validateSeries}; names the first offending candle. */
export class SeriesError extends Error {
  /** The candle's `time` when it is a finite number (undefined for a hole or a bad time). */
  readonly time: number | undefined;

  constructor(
    readonly index: number,
    readonly problem: string,
    time?: number,
  ) {
    super(`candle ${index}: ${problem}`);
    this.name = 'SeriesError';
    this.time = time;
  }
}

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

/** A series as parallel typed arrays: what a renderer keeps instead of a million objects. */
export interface PackedSeries {
  readonly count: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  /** Each candle's volume; 0 where a candle has none. */
  readonly volume: Float64Array;
  /** Whether any candle carries a `volume`. */
  readonly hasVolume: boolean;
}

/**
 * Checks that a series can be drawn and graded: times strictly ascending (no duplicates), every
 * number finite, and each candle's high/low enclosing its open and close.
 * Throws a {@link SeriesError} naming the index and the problem of the first bad candle.
 */
export function validateSeries(candles: readonly Candle[]): void {
  let previousTime = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < candles.length; index++) {
    const candle = candles[index];
    checkCandle(candle, index, previousTime);
    previousTime = candle.time;
  }
}

/**
 * Validates like {@link validateSeries} and copies the series into typed arrays in the same pass:
 * loading a million candles reads each object once.
 */
export function packSeries(candles: readonly Candle[]): PackedSeries {
  const count = candles.length;
  const packed = {
    count,
    time: new Float64Array(count),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
    hasVolume: false,
  };
  let previousTime = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < count; index++) {
    const candle = candles[index];
    checkCandle(candle, index, previousTime);
    previousTime = candle.time;
    packed.time[index] = previousTime;
    packed.open[index] = candle.open;
    packed.high[index] = candle.high;
    packed.low[index] = candle.low;
    packed.close[index] = candle.close;
    if (candle.volume !== undefined) {
      packed.volume[index] = candle.volume;
      packed.hasVolume = true;
    }
  }
  return packed;
}

/** The per-candle rule of {@link validateSeries}: one cheap test, the diagnosis only on failure. */
function checkCandle(
  candle: Candle | undefined,
  index: number,
  previousTime: number,
): asserts candle is Candle {
  // A hole, or a null in data from outside, must fail with a SeriesError too.
  if (typeof candle !== 'object' || (candle as Candle | null) === null) {
    const found: unknown = candle;
    const shown = found === undefined ? 'undefined' : JSON.stringify(found);
    throw new SeriesError(index, `is not a candle object (${shown})`);
  }
  // Comparisons with NaN are false, so a NaN anywhere fails this test too.
  const { time, open, high, low, close, volume } = candle;
  if (
    time > previousTime &&
    time < Number.POSITIVE_INFINITY &&
    high >= open &&
    high >= close &&
    low <= open &&
    low <= close &&
    high < Number.POSITIVE_INFINITY &&
    low > Number.NEGATIVE_INFINITY &&
    (volume === undefined || (volume >= 0 && volume < Number.POSITIVE_INFINITY))
  ) {
    return;
  }
  throw diagnose(candle, index, previousTime);
}

function diagnose(candle: Candle, index: number, previousTime: number): SeriesError {
  const found = describeProblem(candle, index, previousTime);
  return Number.isFinite(candle.time)
    ? new SeriesError(found.index, found.problem, candle.time)
    : found;
}

function describeProblem(candle: Candle, index: number, previousTime: number): SeriesError {
  if (!Number.isFinite(candle.time)) {
    return new SeriesError(index, `time is not a finite number (${String(candle.time)})`);
  }
  for (const field of PRICE_FIELDS) {
    if (!Number.isFinite(candle[field])) {
      return new SeriesError(index, `${field} is not a finite number (${String(candle[field])})`);
    }
  }
  if (candle.volume !== undefined && !(Number.isFinite(candle.volume) && candle.volume >= 0)) {
    return new SeriesError(index, `volume must be a finite number >= 0 (${String(candle.volume)})`);
  }
  if (candle.time === previousTime) {
    return new SeriesError(index, `duplicate time ${candle.time}`);
  }
  if (candle.time < previousTime) {
    return new SeriesError(
      index,
      `time ${candle.time} is before the previous candle's ${previousTime} (series must ascend)`,
    );
  }
  const bodyTop = Math.max(candle.open, candle.close);
  const bodyBottom = Math.min(candle.open, candle.close);
  if (candle.high < bodyTop) {
    return new SeriesError(index, `high ${candle.high} is below the body top ${bodyTop}`);
  }
  return new SeriesError(index, `low ${candle.low} is above the body bottom ${bodyBottom}`);
}
