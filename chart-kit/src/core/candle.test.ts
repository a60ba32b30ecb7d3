import { SeriesError, validateSeries, type Candle } from './candle.js';

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
