const HOUR = 3600;
const DAY = 86_400;

/**
 * How {@link sessionStarts} splits a series into sessions (trading days). The defaults fit a
 * market that closes every day (stocks, and futures with a daily break) and a market that never
 * closes (crypto), with times in unix seconds and no time zone to configure.
 */
export interface SessionOptions {
  /**
   * A pause longer than this between two consecutive candles ends a session. Default: the larger
   * of one hour and the series' candle period, so nights, weekends, holidays and a futures
   * market's hour-long daily break end a session while a few missing candles do not. A market
   * with a lunch break of an hour or more (Tokyo, Hong Kong) then has two sessions a day: give a
   * longer gap to keep one.
   */
  maxGapSeconds?: number;
  /**
   * When the trading day of a market that trades through the night starts, in seconds after
   * 00:00 UTC (0 to 86,399): 79,200 for forex's 22:00 UTC roll-over. When given, every session
   * also ends there. When not, only a stretch without a pause lasting a day or more is cut, at
   * 00:00 UTC (as crypto's daily candles are); a shorter one that crosses midnight UTC (a futures
   * session from 23:00 to 22:00 UTC) stays one session.
   */
  dayStartSeconds?: number;
}

/**
 * The index of the first candle of each session of an ascending series of candle times.
 *
 * How a session is found: from the data, not from a calendar. The data knows when the market was
 * open (a session's first candle is its open, whatever the exchange, time zone or daylight-saving
 * rule), while a configured open time would need a time zone database and a holiday calendar,
 * and would still be wrong for half days and halted openings. A session therefore starts at the
 * first candle, after every pause longer than `maxGapSeconds`, and at the day boundary described
 * in {@link SessionOptions.dayStartSeconds}.
 *
 * `periodSeconds` is the period of the candles (for the default gap). Returns `[]` for no times,
 * otherwise a list that starts with 0.
 */
export function sessionStarts(
  times: ArrayLike<number>,
  periodSeconds: number,
  options: SessionOptions = {},
): number[] {
  const maxGap = options.maxGapSeconds ?? Math.max(HOUR, periodSeconds);
  if (!(Number.isFinite(maxGap) && maxGap > 0)) {
    throw new RangeError(`maxGapSeconds must be a finite number > 0 (${String(maxGap)})`);
  }
  const { dayStartSeconds } = options;
  if (
    dayStartSeconds !== undefined &&
    !(Number.isFinite(dayStartSeconds) && dayStartSeconds >= 0 && dayStartSeconds < DAY)
  ) {
    throw new RangeError(`dayStartSeconds must be from 0 to 86399 (${String(dayStartSeconds)})`);
  }
  const starts: number[] = [];
  let runStart = 0;
  for (let index = 1; index <= times.length; index++) {
    const ends = index === times.length || (times[index] ?? 0) - (times[index - 1] ?? 0) > maxGap;
    if (!ends) continue;
    // The stretch [runStart, index) has no pause: cut it at day boundaries where asked.
    const span = (times[index - 1] ?? 0) - (times[runStart] ?? 0);
    starts.push(runStart);
    if (dayStartSeconds !== undefined || span >= DAY) {
      const dayStart = dayStartSeconds ?? 0;
      const tradingDay = (time: number) => Math.floor((time - dayStart) / DAY);
      let day = tradingDay(times[runStart] ?? 0);
      for (let candle = runStart + 1; candle < index; candle++) {
        const next = tradingDay(times[candle] ?? 0);
        if (next !== day) {
          starts.push(candle);
          day = next;
        }
      }
    }
    runStart = index;
  }
  return starts;
}
