import { formatCrosshairTime, formatTimeLabel, timeAxisTicks, type TimeTick } from './time-axis.js';

const utc = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  Date.UTC(year, month - 1, day, hour, minute) / 1000;
const NEW_YORK = { timeZone: 'America/New_York' };

/** 5min candles of a New York stock session (09:30-16:00 EST) for a few weekdays in March 2024. */
function sessionTimes(days: number[]): number[] {
  return days.flatMap((day) =>
    Array.from({ length: 78 }, (_, i) => utc(2024, 3, day, 14, 30) + i * 300),
  );
}

function expectSpaced(ticks: readonly TimeTick[], minSpacingPx: number) {
  ticks.slice(1).forEach((tick, i) => {
    const previous = ticks[i]!;
    expect(tick.index).toBeGreaterThan(previous.index);
    expect(tick.x - previous.x).toBeGreaterThanOrEqual(minSpacingPx);
  });
}

describe('formatTimeLabel', () => {
  it('shows the clock time within a day', () => {
    expect(formatTimeLabel(utc(2024, 3, 4, 9, 35), utc(2024, 3, 4, 9, 30))).toBe('09:35');
  });

  it('shows the date on the first candle of a day, with the year when it changes', () => {
    expect(formatTimeLabel(utc(2024, 3, 4, 9, 30), utc(2024, 3, 1, 16))).toBe('Mar 4');
    expect(formatTimeLabel(utc(2024, 3, 4, 9, 30))).toBe('Mar 4');
    expect(formatTimeLabel(utc(2025, 1, 2, 9, 30), utc(2024, 12, 31, 16))).toBe('Jan 2, 2025');
  });

  it('writes times in the given time zone, across daylight saving changes', () => {
    expect(formatTimeLabel(utc(2024, 3, 4, 14, 35), utc(2024, 3, 4, 14, 30), NEW_YORK)).toBe(
      '09:35',
    );
    expect(formatTimeLabel(utc(2024, 7, 1, 13, 35), utc(2024, 7, 1, 13, 30), NEW_YORK)).toBe(
      '09:35',
    );
    // 2024-03-10: New York springs from 01:59 EST to 03:00 EDT.
    expect(formatTimeLabel(utc(2024, 3, 10, 7), utc(2024, 3, 10, 6), NEW_YORK)).toBe('03:00');
    // 01:00 UTC on Mar 5 is still Mar 4 in New York.
    expect(formatTimeLabel(utc(2024, 3, 5, 1), utc(2024, 3, 4, 23), NEW_YORK)).toBe('20:00');
  });

  it('writes every quarter-hour of a day with an offset change as Intl does', () => {
    // The offset is looked up once a day except on days it changes: check those days whole,
    // for New York (spring and fall) and Lord Howe Island (a half-hour change, at 02:00 local).
    const cases = [
      { timeZone: 'America/New_York', day: utc(2024, 3, 10) },
      { timeZone: 'America/New_York', day: utc(2024, 11, 3) },
      { timeZone: 'Australia/Lord_Howe', day: utc(2024, 4, 6) },
    ];
    for (const { timeZone, day } of cases) {
      const intl = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
      });
      // Two UTC days, so the change falls inside the window wherever the zone is.
      for (let time = day - 86_400; time < day + 86_400; time += 900) {
        const shown = formatCrosshairTime(time, { timeZone }).slice(-5);
        expect({ time, shown }).toEqual({ time, shown: intl.format(time * 1000) });
      }
    }
  });

  it('rejects an unknown time zone', () => {
    expect(() => formatTimeLabel(0, undefined, { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('formatCrosshairTime', () => {
  it('gives weekday, date and time', () => {
    expect(formatCrosshairTime(utc(2024, 3, 4, 9, 35))).toBe('Mon Mar 4, 2024 09:35');
    expect(formatCrosshairTime(utc(2024, 3, 4, 14, 35), NEW_YORK)).toBe('Mon Mar 4, 2024 09:35');
  });
});

describe('timeAxisTicks', () => {
  it('labels 5min sessions with round times and dates at each session start', () => {
    const times = sessionTimes([4, 5, 6]);
    const ticks = timeAxisTicks(
      times,
      { fromIndex: -0.5, toIndex: times.length - 0.5 },
      [0, 1000],
      {
        ...NEW_YORK,
        minLabelSpacingPx: 80,
      },
    );
    const labels = ticks.map((tick) => tick.label);
    expect(labels).toEqual(expect.arrayContaining(['Mar 5', 'Mar 6', '12:00', '14:00']));
    for (const tick of ticks) {
      if (tick.kind === 'day') expect(tick.index % 78).toBe(0);
      else expect(tick.label).toMatch(/^(1[0-5]|0\d):00$/);
      expect(tick.time).toBe(times[tick.index]);
    }
    expectSpaced(ticks, 80);
  });

  it('uses finer labels when zoomed in', () => {
    const times = sessionTimes([4]);
    const ticks = timeAxisTicks(times, { fromIndex: 9.5, toIndex: 30.5 }, [0, 1000], NEW_YORK);
    // Index 10 is 10:20 and index 30 is 12:00: 21 candles over 1000px leave room every 15 minutes.
    // No session starts in view, so the first label also says which day it is.
    expect(ticks.map((tick) => tick.label)).toEqual([
      'Mar 4 10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
    ]);
  });

  it('dates the first label that fits inside the plot when no session starts in view', () => {
    const times = sessionTimes([4]);
    // 10:00 sits 10 px from the left edge: too close for "Mar 4 10:00", which the renderer would
    // leave out, so the next label carries the date.
    const ticks = timeAxisTicks(times, { fromIndex: 6 - 0.2, toIndex: 30.5 }, [0, 500], NEW_YORK);
    const labels = ticks.map((tick) => tick.label);
    const dated = ticks.find((tick) => tick.label.startsWith('Mar 4 '));
    expect(dated).toBeDefined();
    expect(dated!.x - (dated!.label.length * 7) / 2).toBeGreaterThanOrEqual(0);
    expect(labels.filter((label) => label.startsWith('Mar 4')).length).toBe(1);
  });

  it('labels a month of hourly candles by day', () => {
    const times = Array.from({ length: 30 * 24 }, (_, i) => utc(2024, 3, 1) + i * 3600);
    const ticks = timeAxisTicks(times, { fromIndex: 0, toIndex: times.length - 1 }, [0, 800]);
    expect(ticks.length).toBeGreaterThan(2);
    expect(ticks.every((tick) => tick.kind === 'day')).toBe(true);
    // A week step lands on Mondays: March 4, 11, 18 and 25 of 2024.
    expect(ticks.map((tick) => tick.label)).toEqual(['Mar 4', 'Mar 11', 'Mar 18', 'Mar 25']);
  });

  it('keeps several labels on a phone-wide plot, none overlapping another', () => {
    // About 100 five-minute candles on a 300 px plot: 3 px a candle.
    const times = sessionTimes([4, 5]);
    const ticks = timeAxisTicks(times, { fromIndex: 60, toIndex: 160 }, [0, 300], NEW_YORK);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expectSpaced(ticks, 56);
    ticks.slice(1).forEach((tick, i) => {
      const previous = ticks[i]!;
      const halfWidths = ((tick.label.length + previous.label.length) * 7) / 2;
      expect(tick.x - previous.x).toBeGreaterThan(halfWidths);
    });
  });

  it('is empty when no candle is in view', () => {
    expect(timeAxisTicks([], { fromIndex: 0, toIndex: 10 }, [0, 100])).toEqual([]);
    expect(timeAxisTicks([0, 300], { fromIndex: 5, toIndex: 10 }, [0, 100])).toEqual([]);
  });

  it('labels a million candles in view with a few well-spaced ticks', () => {
    const times = new Float64Array(1_000_000);
    for (let i = 0; i < times.length; i++) times[i] = utc(2015, 1, 1) + i * 300;
    const ticks = timeAxisTicks(times, { fromIndex: 0, toIndex: times.length - 1 }, [0, 1600], {
      ...NEW_YORK,
    });
    expect(ticks.length).toBeGreaterThan(3);
    expect(ticks.length).toBeLessThanOrEqual(20);
    expectSpaced(ticks, 80);
  });
});
