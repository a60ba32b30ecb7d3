import {
  compareTimeframes,
  isTimeframe,
  parseTimeframe,
  STANDARD_TIMEFRAMES,
  timeframe,
  TimeframeError,
  TimeframeMultipleError,
  timeframeOfSeconds,
  timeframeParts,
  timeframeSeconds,
} from './timeframe.js';

describe('timeframe names', () => {
  it.each([
    ['1min', 60],
    ['5min', 300],
    ['15min', 900],
    ['90min', 5400],
    ['1hr', 3600],
    ['4hr', 14_400],
    ['1D', 86_400],
    ['5D', 432_000],
  ] as const)('reads %s as %p seconds', (name, seconds) => {
    expect(parseTimeframe(name)).toBe(name);
    expect(isTimeframe(name)).toBe(true);
    expect(timeframeSeconds(name)).toBe(seconds);
  });

  it.each([
    '',
    '5',
    'min',
    '0min',
    '05min',
    '1.5hr',
    '-1hr',
    '1h',
    '1d',
    ' 5min',
    '5min ',
    '1e3min',
  ])('refuses %p with a TimeframeError that says what a timeframe looks like', (name) => {
    expect(isTimeframe(name)).toBe(false);
    expect(() => parseTimeframe(name)).toThrow(TimeframeError);
    expect(() => parseTimeframe(name)).toThrow(/whole number > 0 followed by 'min', 'hr' or 'D'/);
  });

  it('refuses a count too large to be a whole number of seconds', () => {
    expect(() => parseTimeframe(`${'9'.repeat(20)}D`)).toThrow(TimeframeError);
    expect(isTimeframe(123)).toBe(false);
  });

  it('builds timeframes from a count and a unit, refusing anything but whole counts > 0', () => {
    expect(timeframe(4, 'hr')).toBe('4hr');
    expect(timeframe(1, 'D')).toBe('1D');
    expect(timeframeParts(timeframe(15, 'min'))).toEqual({ count: 15, unit: 'min' });
    for (const count of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => timeframe(count, 'min')).toThrow(TimeframeError);
    }
    // @ts-expect-error: 'h' is not a unit; callers without types get the same clear error.
    expect(() => timeframe(1, 'h')).toThrow(/unknown timeframe unit "h"/);
  });

  it('keeps the two timeframes the chart first offered valid', () => {
    expect(parseTimeframe('5min')).toBe('5min');
    expect(parseTimeframe('1hr')).toBe('1hr');
  });

  it('orders by length and names a number of seconds in its largest unit', () => {
    expect(
      ['1D', '1min', '4hr', '15min', '1hr', '5min'].map(parseTimeframe).sort(compareTimeframes),
    ).toEqual([...STANDARD_TIMEFRAMES]);
    expect(compareTimeframes('60min', '1hr')).toBe(0);
    expect(timeframeOfSeconds(300)).toBe('5min');
    expect(timeframeOfSeconds(7200)).toBe('2hr');
    expect(timeframeOfSeconds(86_400)).toBe('1D');
    expect(timeframeOfSeconds(5400)).toBe('90min');
    expect(timeframeOfSeconds(45)).toBeUndefined();
  });

  it('names the timeframe and the base period in a not-a-multiple error', () => {
    const error = new TimeframeMultipleError('15min', 600);
    expect(error).toBeInstanceOf(TimeframeError);
    expect(error.name).toBe('TimeframeMultipleError');
    expect(error.message).toBe(
      "15min is not a whole multiple of the series' 10min candles, so they cannot be merged into it",
    );
    expect(error.baseSeconds).toBe(600);
  });
});
