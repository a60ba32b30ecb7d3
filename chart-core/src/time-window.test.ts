import fc from 'fast-check';
import {
  indexAtTime,
  seriesPeriodSeconds,
  timeAtIndex,
  timeWindowOfViewport,
  viewportOfTimeWindow,
} from './time-window.js';

const P = 300;
/** Two sessions of 12 five-minute candles with a night between them. */
const TIMES = [
  ...Array.from({ length: 12 }, (_, i) => 1_000_000 + i * P),
  ...Array.from({ length: 12 }, (_, i) => 1_100_000 + i * P),
];

describe('viewportOfTimeWindow', () => {
  it('frames the candles opening from `from` to `to`, edge to edge', () => {
    expect(viewportOfTimeWindow(TIMES, { from: TIMES[2] ?? 0, to: TIMES[9] ?? 0 }, P)).toEqual({
      fromIndex: 1.5,
      toIndex: 9.5,
    });
  });

  it('takes the first candle at or after `from` and the last at or before `to` across a gap', () => {
    const inNight = (TIMES[11] ?? 0) + 5_000;
    expect(viewportOfTimeWindow(TIMES, { from: inNight, to: TIMES[14] ?? 0 }, P)).toEqual({
      fromIndex: 11.5,
      toIndex: 14.5,
    });
    expect(viewportOfTimeWindow(TIMES, { from: TIMES[3] ?? 0, to: inNight }, P)).toEqual({
      fromIndex: 2.5,
      toIndex: 11.5,
    });
  });

  it('counts empty slots of the period beyond either end', () => {
    const last = TIMES.at(-1) ?? 0;
    expect(viewportOfTimeWindow(TIMES, { from: TIMES[20] ?? 0, to: last + 3 * P }, P)).toEqual({
      fromIndex: 19.5,
      toIndex: 26.5,
    });
    expect(
      viewportOfTimeWindow(TIMES, { from: (TIMES[0] ?? 0) - 2 * P, to: TIMES[1] ?? 0 }, P),
    ).toEqual({ fromIndex: -2.5, toIndex: 1.5 });
  });

  it('shows at least one slot for a window inside a gap', () => {
    const view = viewportOfTimeWindow(TIMES, { from: 1_050_000, to: 1_060_000 }, P);
    expect(view.toIndex - view.fromIndex).toBe(1);
  });

  it('refuses a window that is reversed or not finite', () => {
    expect(() => viewportOfTimeWindow(TIMES, { from: 2, to: 1 }, P)).toThrow(RangeError);
    expect(() => viewportOfTimeWindow(TIMES, { from: Number.NaN, to: 1 }, P)).toThrow(RangeError);
    expect(() => viewportOfTimeWindow(TIMES, { from: 1, to: 2 }, 0)).toThrow(RangeError);
  });
});

describe('timeWindowOfViewport', () => {
  it('round-trips every window made of candle times and empty slots', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), fc.integer({ min: 0, max: 20 }), (a, span) => {
        const slot = (i: number) =>
          i < 0
            ? (TIMES[0] ?? 0) + i * P
            : i >= TIMES.length
              ? (TIMES.at(-1) ?? 0) + (i - TIMES.length + 1) * P
              : (TIMES[i] ?? 0);
        const window = { from: slot(a), to: slot(a + span) };
        const view = viewportOfTimeWindow(TIMES, window, P);
        expect(view).toEqual({ fromIndex: a - 0.5, toIndex: a + span + 0.5 });
        expect(timeWindowOfViewport(TIMES, view, P)).toEqual(window);
      }),
    );
  });

  it('reads the slots a viewport shows at least half of', () => {
    expect(timeWindowOfViewport(TIMES, { fromIndex: 2.2, toIndex: 8.9 }, P)).toEqual({
      from: TIMES[3],
      to: TIMES[8],
    });
  });
});

describe('index <-> time mapping', () => {
  it('is linear between candles, extrapolates by the period, and round-trips', () => {
    expect(timeAtIndex(TIMES, 1.5, P)).toBe((TIMES[1] ?? 0) + 150);
    expect(timeAtIndex(TIMES, -2, P)).toBe((TIMES[0] ?? 0) - 600);
    for (const index of [-3, 0, 7.25, 11.5, 23, 26.5]) {
      expect(indexAtTime(TIMES, timeAtIndex(TIMES, index, P), P)).toBeCloseTo(index);
    }
  });
});

describe('seriesPeriodSeconds', () => {
  it('is the shortest step, whatever the gaps', () => {
    expect(seriesPeriodSeconds(TIMES)).toBe(P);
    expect(seriesPeriodSeconds([5])).toBe(60);
  });
});
