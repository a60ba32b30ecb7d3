import { mean, quantileSorted } from 'd3-array';
import type { Candle } from '@chart-kit/core';
import { nextFullTradingDay } from './exchange-calendar.js';
import {
  CANDLES_PER_SESSION,
  newYorkDayNumber,
  sessionOpenTime,
  SIMULATED_CANDLE_SECONDS,
} from './market-sim.js';

// Math's functions are read once: inside jest's VM modules every global lookup goes through an
// interceptor and is about 20 times slower (jestjs/jest#5163), and these run per candle.
const { abs, log, sqrt } = Math;

/** Lags, in 5-minute candles, of the autocorrelation of absolute returns. */
export const ABSOLUTE_RETURN_LAGS = 10;

/** Slots (5-minute candles from 09:30) of the windows the intraday shape compares. */
export const INTRADAY_WINDOWS = {
  /** 09:30 to 10:00. */
  opening: [0, 6],
  /** 12:00 to 14:00. */
  midday: [30, 54],
  /** 15:30 to 16:00. */
  closing: [72, 78],
} as const satisfies Record<string, readonly [number, number]>;

/** The largest share of absolute returns the tail index is estimated from. */
const TAIL_SHARE = 0.01;

/** Mean of a quantity through the session and its open and close against midday. */
export interface IntradayProfile {
  /** Mean per 5-minute slot (09:30 is slot 0, 15:55 slot 77), each session scaled to mean 1. */
  bySlot: number[];
  /** Mean of 09:30-10:00 over mean of 12:00-14:00. */
  openingRatio: number;
  /** Mean of 15:30-16:00 over mean of 12:00-14:00. */
  closingRatio: number;
  /** Mean of the last slot (15:55-16:00, with the closing auction) over mean of 12:00-14:00. */
  lastBarRatio: number;
}

/** Half hours of a full session: 09:30-10:00 is 0, 15:30-16:00 is 12. */
export const HALF_HOURS_PER_SESSION = CANDLES_PER_SESSION / 6;

/** Bodies against ranges of the candles in which something traded. */
export interface CandleShapes {
  /** Candles measured: not empty, with a range. */
  count: number;
  /** Mean and median of |close - open| / (high - low). */
  meanBodyShare: number;
  medianBodyShare: number;
  /** Share of dojis: a body of at most a tenth of the range. */
  dojiShare: number;
  /** Share of candles whose body is at least 80% of the range. */
  fullBodyShare: number;
  /**
   * Mean position of the close in the range, 0 at the low and 1 at the high, folded so that 0 is
   * the middle and 0.5 an extreme: |(close - low) / (high - low) - 0.5|.
   */
  closeFromMiddle: number;
}

/** Overnight gaps, |open - previous close|, in average 5-minute ranges of the previous session. */
export interface GapDistribution {
  count: number;
  mean: number;
  median: number;
  /** First and third quartile. */
  quartiles: [number, number];
  /** 90th percentile. */
  p90: number;
  /** Share of sessions opening less than a quarter of an average range from the last close. */
  shareUnderQuarterRange: number;
}

/** How far candles inside a session open from the previous close, in cents. */
export interface OpeningOffsets {
  count: number;
  /** Share opening exactly at the previous close. */
  shareAtClose: number;
  /** Share within two cents of it. */
  shareWithinTwoCents: number;
  /** Share more than five cents from it (news between two trades, a thin book). */
  shareBeyondFiveCents: number;
}

/** Statistical properties of 5-minute stock candles that real markets show; see MARKET-REALISM.md. */
export interface StylizedFacts {
  /** Sessions (New York trading days) measured, complete or not. */
  sessions: number;
  /** Complete sessions (all 78 candles), the ones the intraday profiles are taken from. */
  completeSessions: number;
  /** Within-session 5-minute log returns measured. */
  returns: number;
  /** Excess kurtosis of the returns, each series scaled to unit variance first (0 for a normal). */
  excessKurtosis: number;
  /** Hill estimate of the tail index from the largest 1% of absolute scaled returns. */
  tailIndex: number;
  /** Autocorrelation of absolute returns at lags 1 to 10 (element 0 is lag 1), within sessions. */
  absoluteReturnAutocorrelation: number[];
  /**
   * Lag-1 autocorrelation of the returns themselves, within sessions: negative on real tapes,
   * where trades alternate between the bid and the ask (bid-ask bounce).
   */
  returnAutocorrelation: number;
  /**
   * Mean candle range (high - low) through the session; empty candles (nothing traded) left out.
   */
  range: IntradayProfile;
  /**
   * Mean range of each half hour (element 0 is 09:30-10:00) over the median candle range of its
   * session, averaged over complete sessions; empty candles left out.
   */
  rangeByHalfHour: number[];
  /** Mean of `rangeByHalfHour` over 12:00-14:00: below 1 when midday is quieter than usual. */
  middayLull: number;
  candleShapes: CandleShapes;
  /** Mean volume through the session; null when candles carry no volume. */
  volume: IntradayProfile | null;
  /** Correlation of a candle's volume with its absolute return; null without volume. */
  volumeAbsoluteReturnCorrelation: number | null;
  gaps: GapDistribution;
  /**
   * Variance of overnight (close-to-open) log returns over the variance of session (open-to-close)
   * log returns of complete sessions, both scaled by each series' 5-minute return deviation.
   */
  overnightVarianceRatio: number;
  /** Opens inside a session against the previous close. */
  openingOffsets: OpeningOffsets;
}

interface Session {
  /** New York day number. */
  day: number;
  /** Candles of one New York trading day, with their slot (5-minute index from 09:30). */
  candles: Candle[];
  slots: number[];
}

/**
 * A candle in which nothing traded: flat, with a volume of 0 (thin names on real tapes). It has no
 * range and no return of its own, so range and return measures leave it out; volume keeps its 0.
 */
export function isEmptyCandle(candle: Candle): boolean {
  return candle.volume === 0 && candle.high === candle.low;
}

/** One series, split into sessions, with its returns scaled to unit variance. */
interface MeasuredSeries {
  sessions: Session[];
  /** Per session, scaled log return ending at each slot (NaN where there is none). */
  scaledReturns: Float64Array[];
  deviation: number;
}

/**
 * Measures the stylized facts of 5-minute US stock candles (09:30 to 16:00 New York) on a list of
 * series. Each series is one market's consecutive candles over one or more sessions: returns are
 * taken within sessions, gaps between consecutive sessions of the same series. Series are scaled
 * to unit return variance before they are pooled, so markets of different volatility can be
 * measured together. Quantities with nothing to measure are NaN.
 *
 * Real tapes have gaps the simulator has not: empty candles (nothing traded; see
 * {@link isEmptyCandle}) give no return and no range; early-close sessions (fewer than 78 candles)
 * give returns and gaps but not intraday profiles; and a gap is measured only between sessions on
 * consecutive trading days, so a sample with days left out does not count a week's move as a night's.
 */
export function measureStylizedFacts(series: readonly (readonly Candle[])[]): StylizedFacts {
  const measured = series.map(measureSeries);
  const allSessions = measured.flatMap((item) => item.sessions);
  const complete = allSessions.filter((session) => session.candles.length === CANDLES_PER_SESSION);
  const scaled = measured.flatMap((item) => item.scaledReturns);
  const pooled = scaled.flatMap((returns) => Array.from(returns).filter(Number.isFinite));
  const halfHourRanges = rangeByHalfHour(complete);
  const hasVolume =
    complete.length > 0 &&
    complete.every((session) => session.candles.every((candle) => candle.volume !== undefined));

  return {
    sessions: allSessions.length,
    completeSessions: complete.length,
    returns: pooled.length,
    excessKurtosis: excessKurtosis(pooled),
    tailIndex: hillTailIndex(pooled.map(Math.abs), TAIL_SHARE),
    absoluteReturnAutocorrelation: absoluteAutocorrelation(scaled, ABSOLUTE_RETURN_LAGS),
    returnAutocorrelation: returnAutocorrelation(scaled),
    range: intradayProfile(complete, candleRange),
    rangeByHalfHour: halfHourRanges,
    middayLull:
      mean(halfHourRanges.slice(INTRADAY_WINDOWS.midday[0] / 6, INTRADAY_WINDOWS.midday[1] / 6)) ??
      Number.NaN,
    candleShapes: candleShapes(allSessions),
    volume: hasVolume ? intradayProfile(complete, (candle) => candle.volume ?? 0) : null,
    volumeAbsoluteReturnCorrelation: hasVolume ? volumeReturnCorrelation(measured) : null,
    gaps: gapDistribution(measured),
    overnightVarianceRatio: overnightVarianceRatio(measured),
    openingOffsets: openingOffsets(allSessions),
  };
}

function openingOffsets(sessions: readonly Session[]): OpeningOffsets {
  let count = 0;
  let atClose = 0;
  let withinTwo = 0;
  let beyondFive = 0;
  for (const session of sessions) {
    for (let index = 1; index < session.candles.length; index++) {
      if ((session.slots[index] ?? -1) !== (session.slots[index - 1] ?? -1) + 1) continue;
      const open = session.candles[index]?.open ?? Number.NaN;
      const close = session.candles[index - 1]?.close ?? Number.NaN;
      const cents = Math.round(Math.abs(open - close) * 100);
      if (!Number.isFinite(cents)) continue;
      count++;
      if (cents === 0) atClose++;
      if (cents <= 2) withinTwo++;
      if (cents > 5) beyondFive++;
    }
  }
  return {
    count,
    shareAtClose: atClose / count,
    shareWithinTwoCents: withinTwo / count,
    shareBeyondFiveCents: beyondFive / count,
  };
}

function splitSessions(candles: readonly Candle[]): Session[] {
  const sessions: Session[] = [];
  let current: Session | undefined;
  let currentDay = Number.NaN;
  for (const candle of candles) {
    const day = newYorkDayNumber(candle.time);
    const slot = (candle.time - sessionOpenTime(day)) / SIMULATED_CANDLE_SECONDS;
    if (!Number.isInteger(slot) || slot < 0 || slot >= CANDLES_PER_SESSION) continue;
    if (current === undefined || day !== currentDay) {
      current = { day, candles: [], slots: [] };
      sessions.push(current);
      currentDay = day;
    }
    current.candles.push(candle);
    current.slots.push(slot);
  }
  return sessions;
}

function measureSeries(candles: readonly Candle[]): MeasuredSeries {
  const sessions = splitSessions(candles);
  const raw = sessions.map((session) => {
    const returns = new Float64Array(CANDLES_PER_SESSION).fill(Number.NaN);
    for (let index = 1; index < session.candles.length; index++) {
      const slot = session.slots[index] ?? -1;
      if (slot !== (session.slots[index - 1] ?? -1) + 1) continue;
      const candle = session.candles[index];
      const previous = session.candles[index - 1];
      if (candle === undefined || previous === undefined) continue;
      // A return into or out of an empty candle is not a 5-minute move: nothing traded in it.
      if (isEmptyCandle(candle) || isEmptyCandle(previous)) continue;
      if (candle.close > 0 && previous.close > 0)
        returns[slot] = log(candle.close / previous.close);
    }
    return returns;
  });
  const values = raw.flatMap((returns) => Array.from(returns).filter(Number.isFinite));
  const center = mean(values) ?? 0;
  const deviation = sqrt(mean(values, (value) => (value - center) ** 2) ?? Number.NaN);
  const usable = deviation > 0;
  const scaledReturns = raw.map((returns) =>
    returns.map((value) => (usable ? (value - center) / deviation : Number.NaN)),
  );
  return { sessions, scaledReturns, deviation: usable ? deviation : Number.NaN };
}

function excessKurtosis(values: readonly number[]): number {
  const center = mean(values);
  if (center === undefined) return Number.NaN;
  let second = 0;
  let fourth = 0;
  for (const value of values) {
    const squared = (value - center) ** 2;
    second += squared;
    fourth += squared * squared;
  }
  second /= values.length;
  fourth /= values.length;
  return second > 0 ? fourth / (second * second) - 3 : Number.NaN;
}

/** Hill's estimator over the largest `share` of the values: the exponent of a power-law tail. */
function hillTailIndex(values: readonly number[], share: number): number {
  const descending = values.filter((value) => value > 0).sort((a, b) => b - a);
  const count = Math.floor(descending.length * share);
  const threshold = descending[count];
  if (count < 2 || threshold === undefined) return Number.NaN;
  let sum = 0;
  for (let index = 0; index < count; index++) {
    sum += log((descending[index] ?? threshold) / threshold);
  }
  return sum > 0 ? count / sum : Number.NaN;
}

/** Autocorrelation of |return| at each lag, from pairs of returns in the same session. */
function absoluteAutocorrelation(sessions: readonly Float64Array[], lags: number): number[] {
  let sum = 0;
  let count = 0;
  for (const returns of sessions) {
    for (const value of returns) {
      if (!Number.isFinite(value)) continue;
      sum += abs(value);
      count++;
    }
  }
  if (count === 0) return Array.from({ length: lags }, () => Number.NaN);
  const center = sum / count;
  let variance = 0;
  for (const returns of sessions) {
    for (const value of returns) {
      if (Number.isFinite(value)) variance += (abs(value) - center) ** 2;
    }
  }
  variance /= count;
  return Array.from({ length: lags }, (_, index) => {
    const lag = index + 1;
    let covariance = 0;
    let pairs = 0;
    for (const returns of sessions) {
      for (let slot = 0; slot + lag < returns.length; slot++) {
        const first = returns[slot] ?? Number.NaN;
        const second = returns[slot + lag] ?? Number.NaN;
        if (!Number.isFinite(first) || !Number.isFinite(second)) continue;
        covariance += (abs(first) - center) * (abs(second) - center);
        pairs++;
      }
    }
    return pairs > 0 && variance > 0 ? covariance / pairs / variance : Number.NaN;
  });
}

function windowMean(bySlot: readonly number[], [start, end]: readonly [number, number]): number {
  return mean(bySlot.slice(start, end)) ?? Number.NaN;
}

/** High - low of a candle in which something traded; NaN for an empty candle. */
function candleRange(candle: Candle): number {
  return isEmptyCandle(candle) ? Number.NaN : candle.high - candle.low;
}

/**
 * Per-slot mean of `value` over complete sessions, each session scaled to a mean of 1. A NaN value
 * (an empty candle's range) is left out of its session's mean and of its slot's.
 */
function intradayProfile(
  sessions: readonly Session[],
  value: (candle: Candle) => number,
): IntradayProfile {
  const sums = new Float64Array(CANDLES_PER_SESSION);
  const counts = new Float64Array(CANDLES_PER_SESSION);
  for (const session of sessions) {
    const sessionMean = mean(session.candles, value) ?? 0;
    if (!(sessionMean > 0)) continue;
    session.candles.forEach((candle, index) => {
      const scaled = value(candle) / sessionMean;
      if (!Number.isFinite(scaled)) return;
      sums[index] = (sums[index] ?? 0) + scaled;
      counts[index] = (counts[index] ?? 0) + 1;
    });
  }
  const bySlot = Array.from(sums, (sum, index) => {
    const count = counts[index] ?? 0;
    return count > 0 ? sum / count : Number.NaN;
  });
  const midday = windowMean(bySlot, INTRADAY_WINDOWS.midday);
  return {
    bySlot,
    openingRatio: windowMean(bySlot, INTRADAY_WINDOWS.opening) / midday,
    closingRatio: windowMean(bySlot, INTRADAY_WINDOWS.closing) / midday,
    lastBarRatio: (bySlot[CANDLES_PER_SESSION - 1] ?? Number.NaN) / midday,
  };
}

/** Median of the finite values (sorted in place). */
function medianOf(values: number[]): number {
  values.sort((a, b) => a - b);
  return quantileSorted(values, 0.5) ?? Number.NaN;
}

/** See {@link StylizedFacts.rangeByHalfHour}. */
function rangeByHalfHour(sessions: readonly Session[]): number[] {
  const sums = new Float64Array(HALF_HOURS_PER_SESSION);
  const counts = new Float64Array(HALF_HOURS_PER_SESSION);
  for (const session of sessions) {
    const ranges = session.candles.map(candleRange);
    const median = medianOf(ranges.filter(Number.isFinite));
    if (!(median > 0)) continue;
    for (let half = 0; half < HALF_HOURS_PER_SESSION; half++) {
      const inHalf = ranges.slice(half * 6, half * 6 + 6).filter(Number.isFinite);
      if (inHalf.length === 0) continue;
      sums[half] = (sums[half] ?? 0) + (mean(inHalf) ?? 0) / median;
      counts[half] = (counts[half] ?? 0) + 1;
    }
  }
  return Array.from(sums, (sum, index) => {
    const count = counts[index] ?? 0;
    return count > 0 ? sum / count : Number.NaN;
  });
}

function candleShapes(sessions: readonly Session[]): CandleShapes {
  const shares: number[] = [];
  let fromMiddle = 0;
  for (const session of sessions) {
    for (const candle of session.candles) {
      const range = candle.high - candle.low;
      if (isEmptyCandle(candle) || !(range > 0)) continue;
      shares.push(abs(candle.close - candle.open) / range);
      fromMiddle += abs((candle.close - candle.low) / range - 0.5);
    }
  }
  const count = shares.length;
  return {
    count,
    meanBodyShare: mean(shares) ?? Number.NaN,
    medianBodyShare: medianOf(shares),
    dojiShare: count > 0 ? shares.filter((share) => share <= 0.1).length / count : Number.NaN,
    fullBodyShare: count > 0 ? shares.filter((share) => share >= 0.8).length / count : Number.NaN,
    closeFromMiddle: count > 0 ? fromMiddle / count : Number.NaN,
  };
}

/** Lag-1 autocorrelation of the (scaled) returns, from pairs of consecutive returns in a session. */
function returnAutocorrelation(sessions: readonly Float64Array[]): number {
  let sum = 0;
  let count = 0;
  for (const returns of sessions) {
    for (const value of returns) {
      if (!Number.isFinite(value)) continue;
      sum += value;
      count++;
    }
  }
  if (count === 0) return Number.NaN;
  const center = sum / count;
  let variance = 0;
  let covariance = 0;
  let pairs = 0;
  for (const returns of sessions) {
    for (let slot = 0; slot < returns.length; slot++) {
      const first = returns[slot] ?? Number.NaN;
      if (!Number.isFinite(first)) continue;
      variance += (first - center) ** 2;
      const second = returns[slot + 1] ?? Number.NaN;
      if (!Number.isFinite(second)) continue;
      covariance += (first - center) * (second - center);
      pairs++;
    }
  }
  variance /= count;
  return pairs > 0 && variance > 0 ? covariance / pairs / variance : Number.NaN;
}

/** Pearson correlation of volume (scaled by its session's mean) with the absolute scaled return. */
function volumeReturnCorrelation(measured: readonly MeasuredSeries[]): number {
  const volumes: number[] = [];
  const moves: number[] = [];
  for (const { sessions, scaledReturns } of measured) {
    sessions.forEach((session, sessionIndex) => {
      if (session.candles.length !== CANDLES_PER_SESSION) return;
      const sessionVolume = mean(session.candles, (candle) => candle.volume ?? 0) ?? 0;
      const returns = scaledReturns[sessionIndex];
      if (!(sessionVolume > 0) || returns === undefined) return;
      session.candles.forEach((candle, slot) => {
        const move = returns[slot] ?? Number.NaN;
        if (!Number.isFinite(move)) return;
        volumes.push((candle.volume ?? 0) / sessionVolume);
        moves.push(abs(move));
      });
    });
  }
  return correlation(volumes, moves);
}

function correlation(first: readonly number[], second: readonly number[]): number {
  const firstMean = mean(first);
  const secondMean = mean(second);
  if (firstMean === undefined || secondMean === undefined) return Number.NaN;
  let covariance = 0;
  let firstVariance = 0;
  let secondVariance = 0;
  first.forEach((value, index) => {
    const a = value - firstMean;
    const b = (second[index] ?? secondMean) - secondMean;
    covariance += a * b;
    firstVariance += a * a;
    secondVariance += b * b;
  });
  return firstVariance > 0 && secondVariance > 0
    ? covariance / sqrt(firstVariance * secondVariance)
    : Number.NaN;
}

/**
 * Sessions on consecutive trading days of each series as (previous, next) pairs: no full trading
 * day lies between them (an early-close day may, as the simulator skips those).
 */
function sessionPairs(measured: readonly MeasuredSeries[]): [Session, Session, number][] {
  return measured.flatMap(({ sessions, deviation }) =>
    sessions.slice(1).flatMap((next, index): [Session, Session, number][] => {
      const previous = sessions[index];
      if (previous === undefined) throw new Error('unreachable: sessions[index] of slice(1)');
      if (nextFullTradingDay(previous.day + 1) < next.day) return [];
      return [[previous, next, deviation]];
    }),
  );
}

function gapDistribution(measured: readonly MeasuredSeries[]): GapDistribution {
  const gaps: number[] = [];
  for (const [previous, next] of sessionPairs(measured)) {
    const averageRange = mean(previous.candles.map(candleRange).filter(Number.isFinite)) ?? 0;
    const lastClose = previous.candles[previous.candles.length - 1]?.close;
    const open = next.candles[0]?.open;
    if (!(averageRange > 0) || lastClose === undefined || open === undefined) continue;
    gaps.push(abs(open - lastClose) / averageRange);
  }
  gaps.sort((a, b) => a - b);
  const quantile = (probability: number) => quantileSorted(gaps, probability) ?? Number.NaN;
  return {
    count: gaps.length,
    mean: mean(gaps) ?? Number.NaN,
    median: quantile(0.5),
    quartiles: [quantile(0.25), quantile(0.75)],
    p90: quantile(0.9),
    shareUnderQuarterRange:
      gaps.length > 0 ? gaps.filter((gap) => gap < 0.25).length / gaps.length : Number.NaN,
  };
}

function overnightVarianceRatio(measured: readonly MeasuredSeries[]): number {
  const overnight: number[] = [];
  for (const [previous, next, deviation] of sessionPairs(measured)) {
    const lastClose = previous.candles[previous.candles.length - 1]?.close ?? 0;
    const open = next.candles[0]?.open ?? 0;
    if (lastClose > 0 && open > 0 && deviation > 0) {
      overnight.push((log(open / lastClose) / deviation) ** 2);
    }
  }
  const session: number[] = [];
  for (const { sessions, deviation } of measured) {
    for (const { candles } of sessions) {
      const open = candles[0]?.open ?? 0;
      const close = candles[candles.length - 1]?.close ?? 0;
      if (candles.length === CANDLES_PER_SESSION && open > 0 && close > 0 && deviation > 0) {
        session.push((log(close / open) / deviation) ** 2);
      }
    }
  }
  const overnightMean = mean(overnight);
  const sessionMean = mean(session);
  return overnightMean !== undefined && sessionMean !== undefined && sessionMean > 0
    ? overnightMean / sessionMean
    : Number.NaN;
}
