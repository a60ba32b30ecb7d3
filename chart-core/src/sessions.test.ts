import { sessionStarts } from './sessions.js';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
// Monday 2024-01-08 00:00 UTC.
const MONDAY = 1_704_672_000;

/** Times of 5-minute candles from `open` for `count` candles. */
function session(open: number, count: number, step = 5 * MINUTE): number[] {
  return Array.from({ length: count }, (_, i) => open + i * step);
}

describe('sessionStarts', () => {
  it('starts a session after every pause longer than an hour (nights, weekends)', () => {
    // 09:30 to 16:00 New York (14:30 to 21:00 UTC) on Monday, Tuesday and the next Monday.
    const times = [
      ...session(MONDAY + 14.5 * HOUR, 78),
      ...session(MONDAY + DAY + 14.5 * HOUR, 78),
      ...session(MONDAY + 7 * DAY + 14.5 * HOUR, 78),
    ];
    expect(sessionStarts(times, 300)).toEqual([0, 78, 156]);
  });

  it('keeps a session whole across a few missing candles and a halt of up to an hour', () => {
    const times = [...session(0, 10), ...session(9 * 300 + HOUR, 10)];
    expect(sessionStarts(times, 300)).toEqual([0]);
    expect(sessionStarts(times, 300, { maxGapSeconds: 30 * MINUTE })).toEqual([0, 10]);
  });

  it("splits at a futures market's hour-long daily break", () => {
    // 1-minute candles from 23:00 UTC to 21:59 the next day, a break, and the next session.
    const first = session(MONDAY + 23 * HOUR, 23 * 60, MINUTE);
    const second = session(MONDAY + DAY + 23 * HOUR, 60, MINUTE);
    expect(sessionStarts([...first, ...second], 60)).toEqual([0, first.length]);
  });

  it('cuts a market that never pauses at 00:00 UTC, or at the given start of its day', () => {
    const times = session(MONDAY + 12 * HOUR, 3 * 24 * 12); // three days of 5-minute candles
    const midnight = (day: number) => times.indexOf(MONDAY + day * DAY);
    expect(sessionStarts(times, 300)).toEqual([0, midnight(1), midnight(2), midnight(3)]);
    const rollOver = (day: number) => times.indexOf(MONDAY + day * DAY + 22 * HOUR);
    expect(sessionStarts(times, 300, { dayStartSeconds: 22 * HOUR })).toEqual([
      0,
      rollOver(0),
      rollOver(1),
      rollOver(2),
    ]);
  });

  it('leaves a session shorter than a day whole even when it crosses midnight UTC', () => {
    const times = session(MONDAY + 20 * HOUR, 8 * 12); // 20:00 to 03:55 UTC
    expect(sessionStarts(times, 300)).toEqual([0]);
    expect(sessionStarts(times, 300, { dayStartSeconds: 0 })).toEqual([0, 4 * 12]);
  });

  it('makes each daily candle its own session', () => {
    const weekdays = [0, 1, 2, 3, 4, 7, 8].map((day) => MONDAY + day * DAY);
    expect(sessionStarts(weekdays, DAY)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('returns no session for no candles and one for a single candle', () => {
    expect(sessionStarts([], 300)).toEqual([]);
    expect(sessionStarts([MONDAY], 300)).toEqual([0]);
  });

  it.each([
    [{ maxGapSeconds: 0 }],
    [{ maxGapSeconds: Number.NaN }],
    [{ dayStartSeconds: -1 }],
    [{ dayStartSeconds: DAY }],
  ])('refuses %p', (options) => {
    expect(() => sessionStarts([0, 300], 300, options)).toThrow(RangeError);
  });
});
