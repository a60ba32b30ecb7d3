import { aggregateCandles, periodStart, TIMEFRAMES, validateSeries } from '@chart-kit/core';
import { assessClarity, gradeZone, newYorkClock } from '@course/rules';
import {
  ChartCatalogue,
  generatedChartType,
  HOURLY_TWIN_OFFSET,
  LAST_GENERATED_CHART,
  type ExerciseChart,
} from '../src/exercise-charts/chart-catalogue.js';
import { readChartDefinitions } from '../src/exercise-charts/chart-definitions.js';
import type { GeneratedHeight } from './support/native/generated-heights.js';
import { runNative } from './support/native/run-native.js';
import { openingWindow, zoneHeightsAtOpening } from './support/opening-view.js';

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
  const puzzle = exercise.candles.slice(0, exercise.exerciseEnd);

  it('is a valid series on its timeframe, with the puzzle before what came next', () => {
    expect(() => validateSeries(exercise.candles)).not.toThrow();
    const period = TIMEFRAMES[exercise.timeframe];
    for (const candle of exercise.candles) expect(candle.time % period).toBe(0);
    expect(exercise.exerciseEnd).toBeGreaterThan(exercise.timeframe === '5min' ? 60 : 10);
    expect(exercise.exerciseEnd).toBeLessThan(exercise.candles.length);
  });

  it('has the candles that made its answer in the puzzle, named in the explanation', () => {
    const times = puzzle.map((candle) => candle.time);
    expect(exercise.baseTimes.length).toBeGreaterThanOrEqual(1);
    for (const time of exercise.baseTimes) {
      expect(times).toContain(time);
      expect(exercise.explanation).toContain(newYorkClock(time));
    }
    expect(exercise.explanation.length).toBeGreaterThan(100);
    expect(exercise.explanation).not.toMatch(/had not been back since/);
  });

  it('opens on a view that ends with the puzzle and holds the answer', () => {
    const window = openingWindow(exercise);
    expect(window.from).toBeGreaterThanOrEqual(0);
    // The last candle shown: the puzzle's, or an hourly chart's hour in progress after it.
    expect(window.to).toBe(exercise.exerciseEnd - (exercise.formingCandle ? 0 : 1));
    const inView = puzzle.slice(window.from, window.to + 1).map((candle) => candle.time);
    for (const time of exercise.baseTimes) expect(inView).toContain(time);
  });

  it('grades its own bounds as a pass and lines above or below as a miss', () => {
    const { upper, lower } = exercise.zone;
    const height = upper - lower;
    expect(height).toBeGreaterThan(0);
    expect(gradeZone([upper, lower], exercise.zone).pass).toBe(true);
    expect(gradeZone([lower + 0.2 * height, upper - 0.2 * height], exercise.zone).pass).toBe(true);
    expect(gradeZone([upper + height, upper + 2 * height], exercise.zone).reason).toBe('too-high');
    expect(gradeZone([lower - 2 * height, lower - height], exercise.zone).reason).toBe('too-low');
    expect(gradeZone([(upper + lower) / 2, (upper + lower) / 2], exercise.zone).reason).toBe(
      'too-thin',
    );
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

describe.each(fiveMinuteNumbers)('5-min chart %i', (chartNumber) => {
  const exercise = chart(chartNumber);
  const definition = definitions.find((entry) => entry.number === chartNumber)!;

  it('shows its zone at least 24 px tall at 1280x800 and 18 px at 390x844 when it opens', () => {
    // A clean zone's opposing zone from the chart before is drawn as lines the chart keeps in view.
    const pulled = definition.continues === null ? [] : [chart(definition.continues).zone];
    const alsoShown = pulled.flatMap((zone) => [zone.lower, zone.upper]);
    for (const height of zoneHeightsAtOpening(exercise, alsoShown)) {
      expect({ ...height, tallEnough: height.px >= height.minimum }).toEqual({
        ...height,
        tallEnough: true,
      });
    }
  });

  it('shows what came next after the puzzle', () => {
    expect(exercise.candles.length - exercise.exerciseEnd).toBeGreaterThanOrEqual(12);
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
      // The hourly puzzle ends with the last hour that closed before the 5-minute puzzle ended.
      const endTime = fiveMinute.candles[fiveMinute.exerciseEnd]!.time;
      expect(hourly.candles[hourly.exerciseEnd - 1]!.time + HOUR).toBeLessThanOrEqual(endTime);
      expect(hourly.candles[hourly.exerciseEnd]!.time + HOUR).toBeGreaterThan(endTime);
    },
  );

  it.each(pairs.map((definition) => definition.hourly!))(
    'hourly twin %i opens on every hour up to the end of the puzzle, base session included',
    (hourlyNumber) => {
      const hourly = chart(hourlyNumber);
      const window = openingWindow(hourly);
      // The hour in progress too: it can open a new session, a night after the last whole hour.
      const shown = hourly.exerciseEnd + (hourly.formingCandle ? 1 : 0);
      expect(window).toEqual({ from: 0, to: shown - 1 });
      const baseHour = hourly.candles.findIndex((candle) => candle.time === hourly.baseTimes[0]);
      expect(baseHour).toBeGreaterThanOrEqual(window.from);
      expect(baseHour).toBeLessThanOrEqual(window.to);
    },
  );

  it.each(pairs.map((definition) => definition.hourly!))(
    'hourly twin %i says it is context only exactly when its base shows no base or its zone is too thin at 1 hour',
    (hourlyNumber) => {
      const hourly = chart(hourlyNumber);
      const baseHours = hourly.candles.filter((candle) => hourly.baseTimes.includes(candle.time));
      const largeBodied = baseHours.some(
        (hour) => Math.abs(hour.close - hour.open) >= 0.5 * (hour.high - hour.low),
      );
      const tooThin = zoneHeightsAtOpening(hourly).some((height) => height.px < height.minimum);
      expect(hourly.explanation.includes('context only')).toBe(Boolean(hourly.contextOnly));
      if (hourly.contextOnly) expect(largeBodied || tooThin).toBe(true);
      if (hourly.explanation.includes('too thin to mark')) expect(tooThin).toBe(true);
    },
  );

  // A higher-timeframe lesson plants its zone on the 1-hour chart: that view is its point.
  const markedOnFiveMinutes = pairs.filter(
    (definition) => !definition.concepts.includes('higher-timeframe'),
  );

  it.each(markedOnFiveMinutes.map((definition) => definition.hourly!))(
    'hourly twin %i shows its zone tall enough to mark, or says the view is context only',
    (hourlyNumber) => {
      const hourly = chart(hourlyNumber);
      if (hourly.contextOnly) return;
      for (const height of zoneHeightsAtOpening(hourly)) {
        expect({ hourlyNumber, ...height, tallEnough: height.px >= height.minimum }).toEqual({
          hourlyNumber,
          ...height,
          tallEnough: true,
        });
      }
    },
  );

  it('leaves charts without a twin alone', () => {
    expect(chart(1).twin).toBeNull();
  });
});

describe('chart 18, a fresh supply zone', () => {
  it('has a base of its own, not a pause in a staircase down', () => {
    const scenario = catalogue.scenario(18)!;
    const base = scenario.baseIndexes[0]!;
    const { candles } = scenario;
    // How far price fell over the six candles before the base, in average ranges: a staircase
    // (drop, one-candle pause, drop) falls steadily into its "base".
    const fallInto = (candles[base - 7]!.close - candles[base - 1]!.close) / scenario.averageRange;
    expect(fallInto).toBeLessThanOrEqual(1);
  });
});

describe('clarity', () => {
  it.each(fiveMinuteNumbers)(
    'chart %i has no rival of its answer in view and no congestion at its band',
    (chartNumber) => {
      const exercise = chart(chartNumber);
      const scenario = catalogue.scenario(chartNumber)!;
      const report = assessClarity({
        candles: exercise.candles.slice(0, exercise.exerciseEnd),
        answer: {
          type: exercise.zone.type,
          upper: exercise.zone.upper,
          lower: exercise.zone.lower,
          patternStart: scenario.patternStart,
          patternEnd: scenario.moveEnd,
          departure: scenario.departure,
          moveCandles: scenario.moveCandles,
        },
        view: openingWindow(exercise),
      });
      expect(report.problems).toEqual([]);
    },
  );
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

  it('opens 200 generated charts with their zone tall enough on every screen', async () => {
    const script = new URL('./support/native/generated-heights.ts', import.meta.url);
    const halves = await Promise.all(
      [
        [40_000, 40_100],
        [40_100, 40_200],
      ].map((range) => runNative<GeneratedHeight[]>(script, range.map(String))),
    );
    const heights = halves.flat();
    expect(new Set(heights.map((height) => height.number)).size).toBe(200);
    for (const height of heights) {
      expect({ ...height, tallEnough: height.px >= height.minimum }).toEqual({
        ...height,
        tallEnough: true,
      });
    }
  }, 600_000);

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
