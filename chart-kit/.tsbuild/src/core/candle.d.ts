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
export declare class SeriesError extends Error {
  readonly index: number;
  readonly problem: string;
  constructor(index: number, problem: string);
}
/**
 * Checks that a series can be drawn and graded: times strictly ascending (no duplicates), every
 * number finite, and each candle's high/low enclosing its open and close.
 * Throws a {@link SeriesError} naming the index and the problem of the first bad candle.
 */
export declare function validateSeries(candles: readonly Candle[]): void;
