import fc from 'fast-check';
import { packSeries, SeriesError, validateSeries, type Candle } from './candle.js';

const candle = (time: number, open = 10, high = 12, low = 9, close = 11): Candle => ({
  time,
  open,
  high,
  low,
  close,
});

function problemOf(series: Candle[]): SeriesError {
  try {
    validateSeries(series);
  } catch (error) {
    if (error instanceof SeriesError) return error;
    throw error;
  }
  throw new Error('expected validateSeries to throw');
}

describe('validateSeries', () => {
  it('accepts an ascending, consistent series', () => {
    expect(() => {
      validateSeries([candle(0), candle(300), candle(600)]);
    }).not.toThrow();
  });

  it('names the index of a duplicate time', () => {
    const error = problemOf([candle(0), candle(300), candle(300)]);
    expect(error.index).toBe(2);
    expect(error.message).toBe('candle 2: duplicate time 300');
    expect(error.time).toBe(300);
  });

  it('rejects a time that goes backwards', () => {
    const error = problemOf([candle(600), candle(300)]);
    expect(error.index).toBe(1);
    expect(error.problem).toMatch(/before the previous candle/);
  });

  it('rejects non-finite prices', () => {
    const error = problemOf([candle(0), candle(300, Number.NaN)]);
    expect(error.message).toBe('candle 1: open is not a finite number (NaN)');
  });

  it('rejects a high below the body and a low above it', () => {
    expect(problemOf([candle(0, 10, 10.5, 9, 11)]).problem).toBe(
      'high 10.5 is below the body top 11',
    );
    expect(problemOf([candle(0, 10, 12, 10.2, 11)]).problem).toBe(
      'low 10.2 is above the body bottom 10',
    );
  });

  it('rejects a negative volume', () => {
    expect(problemOf([{ ...candle(0), volume: -1 }]).problem).toMatch(/volume/);
  });
});

describe('packSeries', () => {
  it('copies a valid series into typed arrays', () => {
    const packed = packSeries([candle(0, 10, 12, 9, 11), candle(300, 11, 13, 10, 12)]);
    expect(packed.count).toBe(2);
    expect(Array.from(packed.time)).toEqual([0, 300]);
    expect(Array.from(packed.open)).toEqual([10, 11]);
    expect(Array.from(packed.high)).toEqual([12, 13]);
    expect(Array.from(packed.low)).toEqual([9, 10]);
    expect(Array.from(packed.close)).toEqual([11, 12]);
  });

  it('rejects what validateSeries rejects, with the same error', () => {
    const bad = [candle(0), candle(300, 10, 12, 9, Number.POSITIVE_INFINITY)];
    expect(() => packSeries(bad)).toThrow('candle 1: close is not a finite number (Infinity)');
    expect(() => validateSeries(bad)).toThrow('candle 1: close is not a finite number (Infinity)');
  });

  it('names a missing candle instead of failing on it', () => {
    const holey = [candle(0), null as unknown as Candle];
    expect(() => packSeries(holey)).toThrow('candle 1: is not a candle object (null)');
  });
});

describe('validateSeries against a plain reading of the rule', () => {
  const number = fc.oneof(
    fc.double({ min: 0, max: 20 }),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  );
  const isValid = (series: Candle[]) =>
    series.every((bar, index) => {
      const values = [bar.time, bar.open, bar.high, bar.low, bar.close];
      const previous = series[index - 1];
      return (
        values.every(Number.isFinite) &&
        (previous === undefined || bar.time > previous.time) &&
        bar.high >= Math.max(bar.open, bar.close) &&
        bar.low <= Math.min(bar.open, bar.close) &&
        (bar.volume === undefined || (Number.isFinite(bar.volume) && bar.volume >= 0))
      );
    });

  it('accepts exactly the series the rule accepts', () => {
    const bar = fc.record(
      { time: number, open: number, high: number, low: number, close: number, volume: number },
      { requiredKeys: ['time', 'open', 'high', 'low', 'close'] },
    );
    fc.assert(
      fc.property(fc.array(bar, { maxLength: 6 }), (series) => {
        let accepted = true;
        try {
          validateSeries(series);
        } catch (error) {
          expect(error).toBeInstanceOf(SeriesError);
          accepted = false;
        }
        expect(accepted).toBe(isValid(series));
      }),
      { numRuns: 2000 },
    );
  });
});
