import type { Candle } from '@chart-kit/core';
import { isNyseEarlyClose } from './exchange-calendar.js';
import { newYorkDayNumber, sessionOpenTime } from './market-sim.js';

/**
 * Consecutive candles further apart than this are in different sessions (the overnight and
 * weekend breaks); within a session the candles follow each other.
 */
export const SESSION_BREAK_SECONDS = 2 * 60 * 60;

const FULL_SESSION_SECONDS = 6.5 * 60 * 60;
const EARLY_CLOSE_SESSION_SECONDS = 3.5 * 60 * 60;

/** Unix time of the exchange's close on the New York calendar date `dayNumber`. */
export function sessionCloseTime(dayNumber: number): number {
  const length = isNyseEarlyClose(dayNumber) ? EARLY_CLOSE_SESSION_SECONDS : FULL_SESSION_SECONDS;
  return sessionOpenTime(dayNumber) + length;
}

/**
 * Whether candle `index` is the last of its session: the next one opens after a break, or, for
 * the series' last candle, it ends at the exchange's close (16:00 New York, 13:00 on an early
 * close). A day trade is flat by then: the course closes what is still open at that candle.
 */
export function endsSession(candles: readonly Candle[], index: number): boolean {
  const candle = candles[index];
  if (!candle) return false;
  const next = candles[index + 1];
  if (next) return next.time - candle.time > SESSION_BREAK_SECONDS;
  const previous = candles[index - 1];
  const gap = previous ? candle.time - previous.time : 0;
  const period = gap > 0 && gap <= SESSION_BREAK_SECONDS ? gap : 300;
  const close = sessionCloseTime(newYorkDayNumber(candle.time));
  return candle.time < close && candle.time + period >= close;
}
