import type { Candle } from '@chart-kit/core';
import { newYorkDayNumber } from '../market-sim.js';

/** A file of the real sample that cannot be trusted: which file, which line, what is wrong. */
export class RealDataError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'RealDataError';
  }
}

export const REAL_BARS_HEADER = 'time,open,high,low,close,volume';
export const REAL_BAR_SECONDS = 300;

/** One regular session of one symbol: 5-minute candles from 09:30 New York time. */
export interface RealSession {
  /** `SYMBOL:YYYY-MM-DD`, stable across loads. */
  id: string;
  symbol: string;
  /** New York trading day, as YYYY-MM-DD. */
  day: string;
  candles: Candle[];
  /** Bars in which nothing traded (written flat at the last price with volume 0). */
  emptyBars: number;
}

const isoDay = (dayNumber: number) => new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);

/**
 * Parses and checks one symbol's file of the real sample: the header, six finite numbers a line,
 * high at or above open and close and low at or below them, volume not negative, times on the
 * 5-minute grid and strictly rising. Anything else is refused with the file and line named: a
 * statistic over a corrupt file would be a wrong fact in a lesson.
 */
export function parseRealBars(file: string, symbol: string, text: string): RealSession[] {
  const lines = text.split('\n');
  if (lines[0]?.trim() !== REAL_BARS_HEADER) {
    throw new RealDataError(file, `the first line must be "${REAL_BARS_HEADER}"`);
  }
  const sessions: RealSession[] = [];
  let current: RealSession | null = null;
  let currentDay = Number.NaN;
  let previousTime = -Infinity;
  for (let lineIndex = 1; lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex] ?? '';
    if (line.trim() === '') continue;
    const where = `line ${lineIndex + 1}`;
    const cells = line.split(',');
    if (cells.length !== 6)
      throw new RealDataError(file, `${where} has ${cells.length} fields, not 6`);
    const [time, open, high, low, close, volume] = cells.map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (![time, open, high, low, close, volume].every(Number.isFinite)) {
      throw new RealDataError(file, `${where} has a field that is not a number`);
    }
    if (time % REAL_BAR_SECONDS !== 0 || time <= previousTime) {
      throw new RealDataError(
        file,
        `${where}: time ${time} is off the 5-minute grid or not after the last`,
      );
    }
    if (!(low > 0) || high < Math.max(open, close) || low > Math.min(open, close)) {
      throw new RealDataError(
        file,
        `${where}: high ${high} and low ${low} do not hold open ${open} and close ${close}`,
      );
    }
    if (volume < 0) throw new RealDataError(file, `${where}: negative volume`);
    previousTime = time;
    const day = newYorkDayNumber(time);
    if (day !== currentDay || current === null) {
      currentDay = day;
      current = {
        id: `${symbol}:${isoDay(day)}`,
        symbol,
        day: isoDay(day),
        candles: [],
        emptyBars: 0,
      };
      sessions.push(current);
    }
    current.candles.push({ time, open, high, low, close, volume });
    if (volume === 0) current.emptyBars++;
  }
  if (sessions.length === 0) throw new RealDataError(file, 'no bars');
  return sessions;
}
