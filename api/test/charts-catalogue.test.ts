import {
  aggregateCandles,
  detectZones,
  gradeZone,
  periodStart,
  TIMEFRAMES,
  validateSeries,
  type Candle,
} from 'chart-kit/core';
import {
  ChartCatalogue,
  generatedChartType,
  HOURLY_TWIN_OFFSET,
  LAST_GENERATED_CHART,
  type ExerciseChart,
} from '../src/charts/chart-catalogue.js';
import { readChartDefinitions } from '../src/charts/chart-definitions.js';
import { newYorkClock } from '../src/charts/zone-explanation.js';

const catalogue = ChartCatalogue.load();
const definitions = readChartDefinitions(new URL('../content', import.meta.url).pathname);
const HOUR = TIMEFRAMES['1hr'];

function chart(chartNumber: number): ExerciseChart {
  const found = catalogue.get(chartNumber);
  if (!found) throw new Error(`chart ${chartNumber} is missing`);
  return found;
}

const fiveMinuteNumbers = definitions.map((definition) => definition.number);
const allNumbers = catalogue.numbers();

describe('ChartCatalogue numbers', () => {
  it('holds the lesson charts, the landing demo and the practice portal with their twins', () => {
    const lessons = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22];
    const practice = Array.from({ length: 10 }, (_, index) => 50 + index);
    const practiceTwins = practice.map((number) => number + 50);
    for (const number of [...lessons, 30, 31, 32, 33, 34, ...practice, ...practiceTwins]) {
      expect(allNumbers).toContain(number);
    }
    expect(allNumbers).toEqual([...allNumbers].sort((a, b) => a - b));
  });

  it('says which numbers exist without generating them, as get() finds them', () => {
    for (const chartNumber of [
      0, 1, 25, 26, 30, 59, 100, 999, 1000, 500_999, 501_000, 1_000_999, 1_001_000, 1.5,
    ]) {
      expect({ chartNumber, has: catalogue.has(chartNumber) }).toEqual({
        chartNumber,
        has: catalogue.get(chartNumber) !== undefined,
      });
    }
  });

  it('has the declared zone types', () => {
    const expected: Record<number, 'supply' | 'demand'> = {
      1: 'demand',
      2: 'supply',
      3: 'supply',
      4: 'demand',
      5: 'demand',
      6: 'supply',
      7: 'demand',
      8: 'supply',
      9: 'demand',
      10: 'supply',
      11: 'demand',
      12: 'demand',
      13: 'supply',
      14: 'supply',
      15: 'demand',
      16: 'demand',
      17: 'demand',
      18: 'supply',
      19: 'supply',
      20: 'supply',
      21: 'demand',
      22: 'supply',
    };
    for (const [number, type] of Object.entries(expected)) {
      expect([number, chart(Number(number)).zone.type]).toEqual([number, type]);
    }
  });

  it('alternates zone types on the landing demo and the practice portal', () => {
    const types = (numbers: number[]) => numbers.map((number) => chart(number).zone.type);
    expect(types([30, 31, 32, 33, 34])).toEqual(['demand', 'supply', 'demand', 'supply', 'demand']);
    const practice = types(Array.from({ length: 10 }, (_, index) => 50 + index));
    practice.forEach((type, index) => expect(type).toBe(index % 2 === 0 ? 'demand' : 'supply'));
  });

  it.each([
    0,
    -1,
    26,
    99,
    110,
    999,
    1.5,
    Number.NaN,
    LAST_GENERATED_CHART + HOURLY_TWIN_OFFSET + 1,
  ])('has no chart %p', (number) => {
    expect(catalogue.get(number)).toBeUndefined();
  });
});

describe.each(allNumbers)('chart %i', (chartNumber) => {
  const exercise = chart(chartNumber);

  it('is a valid series on its timeframe, with the exercise view before the return', () => {
    expect(() => validateSeries(exercise.candles)).not.toThrow();
    const period = TIMEFRAMES[exercise.timeframe];
    for (const candle of exercise.candles) expect(candle.time % period).toBe(0);
    expect(exercise.exerciseEnd).toBeGreaterThan(exercise.timeframe === '5min' ? 100 : 10);
    expect(exercise.exerciseEnd).toBeLessThan(exercise.candles.length);
  });

  it('has its base candles in the exercise view, named in the explanation', () => {
    const times = exercise.candles.slice(0, exercise.exerciseEnd).map((candle) => candle.time);
    expect(exercise.baseTimes.length).toBeGreaterThanOrEqual(1);
    expect(exercise.baseTimes.length).toBeLessThanOrEqual(3);
    for (const time of exercise.baseTimes) {
      expect(times).toContain(time);
      expect(exercise.explanation).toContain(newYorkClock(time));
    }
    expect(exercise.explanation.length).toBeGreaterThan(100);
  });

  it('keeps price out of the zone between the move away and the end of the view', () => {
    const view = exercise.candles.slice(0, exercise.exerciseEnd);
    const lastBase = view.findIndex((candle) => candle.time === exercise.baseTimes.at(-1));
    const enters = (candle: Candle) =>
      exercise.zone.type === 'demand'
        ? candle.low <= exercise.zone.upper
        : candle.high >= exercise.zone.lower;
    // On an hourly chart the hour holding the base may also hold the start of the move.
    const firstAfterMove = lastBase + (exercise.timeframe === '5min' ? 4 : 2);
    expect(view.slice(firstAfterMove).filter(enters)).toEqual([]);
  });

  it('grades its own bounds as a pass and lines above or below as a miss', () => {
    const { upper, lower } = exercise.zone;
    expect(upper).toBeGreaterThan(lower);
    expect(gradeZone([upper, lower], exercise.zone).pass).toBe(true);
    expect(gradeZone([(upper + lower) / 2, upper], exercise.zone).pass).toBe(true);
    expect(gradeZone([upper + 0.5, upper + 1], exercise.zone).reason).toBe('too-high');
    expect(gradeZone([lower - 1, lower - 0.5], exercise.zone).reason).toBe('too-low');
    expect(gradeZone([upper + 0.01, lower], exercise.zone).pass).toBe(false);
    expect(gradeZone([upper, lower - 0.01], exercise.zone).pass).toBe(false);
  });
});

describe.each(fiveMinuteNumbers)('5-min chart %i', (chartNumber) => {
  const exercise = chart(chartNumber);

  it('has its planted zone found by the detector, ahead of every other zone of its type', () => {
    const view = exercise.candles.slice(0, exercise.exerciseEnd);
    const zones = detectZones(view).filter((zone) => zone.type === exercise.zone.type);
    const baseStart = view.findIndex((candle) => candle.time === exercise.baseTimes[0]);
    const planted = zones.find((zone) => zone.baseStart === baseStart);
    expect(planted).toBeDefined();
    expect(planted!.upper).toBeCloseTo(exercise.zone.upper, 2);
    expect(planted!.lower).toBeCloseTo(exercise.zone.lower, 2);
    expect(planted!.firstReturn).toBeNull();
    expect(zones[0]).toBe(planted);
    for (const rival of zones.slice(1)) expect(rival.strength).toBeLessThan(planted!.strength);
  });

  it('shows the return after the view, with a reaction of at least 50 cents', () => {
    const touch = exercise.candles[exercise.exerciseEnd]!;
    const after = exercise.candles.slice(exercise.exerciseEnd, exercise.exerciseEnd + 30);
    if (exercise.zone.type === 'demand') {
      expect(touch.low).toBeLessThanOrEqual(exercise.zone.upper);
      expect(
        Math.max(...after.map((candle) => candle.high)) - exercise.zone.upper,
      ).toBeGreaterThanOrEqual(0.5);
    } else {
      expect(touch.high).toBeGreaterThanOrEqual(exercise.zone.lower);
      expect(
        exercise.zone.lower - Math.min(...after.map((candle) => candle.low)),
      ).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('keeps prices in dollars and cents, around 20 to 400', () => {
    for (const candle of exercise.candles) {
      for (const price of [candle.open, candle.high, candle.low, candle.close]) {
        expect(Math.abs(price * 100 - Math.round(price * 100))).toBeLessThan(1e-6);
        expect(price).toBeGreaterThan(15);
        expect(price).toBeLessThan(450);
      }
    }
  });
});

describe('hourly twins', () => {
  const pairs = definitions.filter((definition) => definition.hourly !== null);

  it.each(pairs.map((definition) => [definition.number, definition.hourly!]))(
    'chart %i and its hourly twin %i are one market with one zone',
    (fiveMinuteNumber, hourlyNumber) => {
      const fiveMinute = chart(fiveMinuteNumber);
      const hourly = chart(hourlyNumber);
      expect(fiveMinute.twin).toBe(hourlyNumber);
      expect(hourly.twin).toBe(fiveMinuteNumber);
      expect(hourly.timeframe).toBe('1hr');
      expect(hourly.candles).toEqual(aggregateCandles(fiveMinute.candles, HOUR));
      expect(hourly.zone).toEqual(fiveMinute.zone);
      expect(hourly.baseTimes).toEqual([
        ...new Set(fiveMinute.baseTimes.map((time) => periodStart(time, HOUR))),
      ]);
      // The hourly view ends with the last hour that closed before price came back.
      const returnTime = fiveMinute.candles[fiveMinute.exerciseEnd]!.time;
      expect(hourly.candles[hourly.exerciseEnd - 1]!.time + HOUR).toBeLessThanOrEqual(returnTime);
      expect(hourly.candles[hourly.exerciseEnd]!.time + HOUR).toBeGreaterThan(returnTime);
    },
  );

  it('leaves charts without a twin alone', () => {
    expect(chart(1).twin).toBeNull();
  });
});

describe('special charts', () => {
  it('continues chart 18 one session later in chart 16', () => {
    const eighteen = chart(18);
    const sixteen = chart(16);
    expect(sixteen.candles.slice(0, eighteen.candles.length - 78)).toEqual(
      eighteen.candles.slice(78),
    );
    expect(sixteen.candles).toHaveLength(eighteen.candles.length);
    // The supply zone of 18 is still on the chart when 16 is shown.
    const view16 = sixteen.candles.slice(0, sixteen.exerciseEnd).map((candle) => candle.time);
    for (const time of eighteen.baseTimes) expect(view16).toContain(time);
    // 16's own zone is planted in the new session, after all of 18's candles.
    expect(sixteen.baseTimes[0]).toBeGreaterThan(eighteen.candles.at(-1)!.time);
  });

  it('plants the supply zone of chart 10 just under a round number', () => {
    const { upper } = chart(10).zone;
    const nextLevel = (step: number) => Math.ceil(upper / step) * step;
    const gap = Math.min(nextLevel(10) - upper, nextLevel(25) - upper);
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThanOrEqual(0.3 + 1e-9);
    expect(chart(10).explanation).toMatch(/round number/);
  });
});

describe('generated practice charts', () => {
  it.each([1000, 1001, 4242, 123_456, LAST_GENERATED_CHART])(
    'generates chart %i from its seed',
    (number) => {
      const exercise = chart(number);
      expect(exercise.timeframe).toBe('5min');
      expect(exercise.zone.type).toBe(generatedChartType(number));
      expect(exercise.twin).toBe(number + HOURLY_TWIN_OFFSET);
      expect(() => validateSeries(exercise.candles)).not.toThrow();
      const hourly = chart(number + HOURLY_TWIN_OFFSET);
      expect(hourly.twin).toBe(number);
      expect(hourly.candles).toEqual(aggregateCandles(exercise.candles, HOUR));
      expect(hourly.zone).toEqual(exercise.zone);
    },
  );

  it('gives both zone types', () => {
    const types = new Set(
      Array.from({ length: 20 }, (_, index) => generatedChartType(2000 + index)),
    );
    expect([...types].sort()).toEqual(['demand', 'supply']);
  });

  it('is the same chart for the same number, in any catalogue, in any order', () => {
    const other = ChartCatalogue.load();
    expect(other.get(777_777)).toEqual(chart(777_777));
    expect(other.get(2024)).toEqual(chart(2024));
    expect(other.get(16)).toEqual(chart(16));
    expect(chart(2025).candles).not.toEqual(chart(2024).candles);
  });

  it('hands out frozen charts, so a caller cannot change the cached copy', () => {
    const exercise = chart(3000);
    expect(Object.isFrozen(exercise)).toBe(true);
    expect(Object.isFrozen(exercise.candles[0])).toBe(true);
    expect(() => {
      exercise.zone.upper = 0;
    }).toThrow(TypeError);
  });
});
