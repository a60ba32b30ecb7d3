import { aggregateCandles, TIMEFRAMES, type Candle } from '@chart-kit/core';
import {
  averageRange,
  decideTrade,
  playOutTrade,
  SHARES,
  detectZones,
  lazyBoxes,
  levelVisits,
  type Concept,
} from '@course/rules';
import { ChartCatalogue, type ExerciseChart } from '../src/exercise-charts/chart-catalogue.js';
import { loadCourseContent } from '../src/course-catalogue/course-content.js';
import { settingOf } from '../src/exercises/decisions.service.js';
import { openingWindow } from './support/opening-view.js';

/**
 * Each chart lesson's chart shows the concept its text teaches. The checks read the candles the
 * learner sees, as a teacher would, independently of how the chart was generated.
 */
const catalogue = ChartCatalogue.load();
const content = loadCourseContent(new URL('../content', import.meta.url).pathname, catalogue);
const HOUR = TIMEFRAMES['1hr'];

/** What each chart lesson teaches, and so what its chart must show. */
const LESSON_CONCEPTS: Record<string, Concept[]> = {
  '/m1-welcome': ['zone'],
  '/m1-welcomeII': ['zone'],
  '/welcome': ['zone'],
  '/imbII': ['zone'],
  '/sup-zone': ['zone'],
  '/dem-zone': ['zone'],
  '/m2-support': ['support'],
  '/m2-resistance': ['resistance'],
  '/m2-sr-flip': ['flip'],
  '/m2-reading-context': ['zone'],
  '/comCrit-tot': ['short-base'],
  '/comCrit-bot': ['small-base'],
  '/comCrit-aom': ['steep-move'],
  '/comCrit-psych': ['round-number'],
  '/higher-tf': ['higher-timeframe'],
  '/hp-reacts-sb': ['round-number'],
  '/hp-reacts-sbII': ['higher-timeframe'],
  '/validating-faz': ['fresh'],
  '/validating-clean': ['clean'],
  '/validating-zoom': ['higher-timeframe'],
  '/risk-plan-long': ['trade-plan'],
  '/risk-plan-short': ['trade-plan'],
  '/risk-decide': ['take-or-skip'],
  '/risk-decide-ii': ['take-or-skip'],
  '/risk-manage-stops': ['trade-plan'],
  '/risk-manage-exits': ['trade-plan'],
};

function chart(chartNumber: number): ExerciseChart {
  const found = catalogue.get(chartNumber);
  if (!found) throw new Error(`chart ${chartNumber} is missing`);
  return found;
}

const puzzleOf = (exercise: ExerciseChart) => exercise.candles.slice(0, exercise.exerciseEnd);
const body = (candle: Candle) => Math.abs(candle.close - candle.open);
const range = (candle: Candle) => candle.high - candle.low;
const indexOfTime = (candles: readonly Candle[], time: number) =>
  candles.findIndex((candle) => candle.time === time);

describe('every chart lesson shows what it teaches', () => {
  const chartLessons = content.lessons().filter((lesson) => lesson.c_num !== null);

  it('covers every chart lesson of the course', () => {
    expect(chartLessons.map((lesson) => lesson.path).sort()).toEqual(
      Object.keys(LESSON_CONCEPTS).sort(),
    );
  });

  it.each(chartLessons.map((lesson) => [lesson.path, lesson.c_num!]))(
    '%s uses a chart made for its concept',
    (path, chartNumber) => {
      const concepts = catalogue.scenario(chartNumber)!.concepts;
      for (const concept of LESSON_CONCEPTS[path]!) expect(concepts).toContain(concept);
    },
  );

  it('shows the return after the exercise where a lesson studies it', () => {
    const studying = chartLessons.filter((lesson) => lesson.showReturn);
    expect(studying.map((lesson) => lesson.path).sort()).toEqual([
      '/hp-reacts-sb',
      '/hp-reacts-sbII',
      '/validating-faz',
    ]);
    for (const lesson of studying) {
      const scenario = catalogue.scenario(lesson.c_num!)!;
      expect(scenario.returnIndex).not.toBeNull();
      expect(scenario.returnIndex!).toBeGreaterThanOrEqual(scenario.revealEnd);
      // A lesson about the strong bounce shows one as it defines it, and the zone stands.
      expect(scenario.aftermath?.planned).toBe('holds');
      expect(scenario.aftermath?.reading?.awayInRanges).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('support and resistance (charts 15 and 20)', () => {
  it.each([
    [15, 'from-above'],
    [20, 'from-below'],
  ] as const)(
    'chart %i: three touches or more, whose extremes define the band',
    (number, holds) => {
      const exercise = chart(number);
      const puzzle = puzzleOf(exercise);
      const window = openingWindow(exercise);
      expect(exercise.zone.type).toBe(holds === 'from-above' ? 'demand' : 'supply');
      const groups = levelVisits(puzzle, exercise.zone, window.from);
      expect(groups.length).toBeGreaterThanOrEqual(3);
      // The extreme of each touch; the band's far edge is the most extreme of them, its near edge
      // the farthest body edge of the touching candles.
      const touches = groups.map((group) =>
        group.reduce((best, index) =>
          holds === 'from-above'
            ? puzzle[index]!.low < puzzle[best]!.low
              ? index
              : best
            : puzzle[index]!.high > puzzle[best]!.high
              ? index
              : best,
        ),
      );
      const candles = touches.map((index) => puzzle[index]!);
      if (holds === 'from-above') {
        expect(exercise.zone.lower).toBe(Math.min(...candles.map((candle) => candle.low)));
        expect(exercise.zone.upper).toBe(
          Math.max(...candles.map((candle) => Math.min(candle.open, candle.close))),
        );
        // Nothing else in the puzzle trades below the support band.
        expect(Math.min(...puzzle.slice(touches[0]).map((candle) => candle.low))).toBe(
          exercise.zone.lower,
        );
      } else {
        expect(exercise.zone.upper).toBe(Math.max(...candles.map((candle) => candle.high)));
        expect(exercise.zone.lower).toBe(
          Math.min(...candles.map((candle) => Math.max(candle.open, candle.close))),
        );
        expect(Math.max(...puzzle.slice(touches[0]).map((candle) => candle.high))).toBe(
          exercise.zone.upper,
        );
      }
    },
  );
});

describe('role reversal (chart 21)', () => {
  it('breaks a resistance touched twice, then retests it from above and turns up', () => {
    const exercise = chart(21);
    const puzzle = puzzleOf(exercise);
    const { upper, lower } = exercise.zone;
    const scenario = catalogue.scenario(21)!;
    const breakIndex = puzzle.findIndex(
      (candle, index) =>
        index > scenario.patternStart &&
        candle.close > upper + 0.8 * averageRange(puzzle, index, 20),
    );
    expect(breakIndex).toBeGreaterThan(0);
    // Before the break, the old level was a resistance, visited from below.
    const before = levelVisits(
      puzzle.slice(0, breakIndex),
      { ...exercise.zone, type: 'supply' },
      scenario.patternStart,
    );
    expect(before.length).toBeGreaterThanOrEqual(2);
    // No close back under the old level before the retest.
    const retest = puzzle.findIndex(
      (candle, index) => index > breakIndex && candle.low <= upper && candle.low >= lower,
    );
    expect(retest).toBeGreaterThan(breakIndex);
    for (const candle of puzzle.slice(breakIndex, retest))
      expect(candle.close).toBeGreaterThan(upper);
    expect(puzzle[retest]!.close).toBeGreaterThan(upper);
    const after = puzzle.slice(retest + 1);
    const rise = Math.max(...after.map((candle) => candle.close)) - upper;
    expect(rise / averageRange(puzzle, retest, 20)).toBeGreaterThanOrEqual(2);
  });
});

describe('the common criteria', () => {
  it('chart 5: a short base, and earlier in view a long sideways stretch that rises', () => {
    const exercise = chart(5);
    const puzzle = puzzleOf(exercise);
    expect(exercise.baseTimes.length).toBeLessThanOrEqual(2);
    const window = openingWindow(exercise);
    const firstBase = indexOfTime(puzzle, exercise.baseTimes[0]!);
    let found = false;
    for (let start = window.from; start + 8 < firstBase && !found; start++) {
      const stretch = puzzle.slice(start, start + 8);
      const yardstick = averageRange(puzzle, start, 20);
      const top = Math.max(...stretch.map((candle) => candle.high));
      const bottom = Math.min(...stretch.map((candle) => candle.low));
      const quiet = stretch.every((candle) => body(candle) <= 0.5 * yardstick);
      const rises = Math.max(...puzzle.slice(start + 8, start + 14).map((candle) => candle.close));
      found = quiet && top - bottom <= 1.6 * yardstick && rises - top >= 2 * yardstick;
    }
    expect(found).toBe(true);
    // Not a zone by the course's rules: the detector never takes a pause that long for a base.
    for (const zone of detectZones(puzzle)) expect(zone.baseEnd - zone.baseStart).toBeLessThan(3);
  });

  it('chart 6: every base candle has a body under half its own range, far smaller than the move', () => {
    const exercise = chart(6);
    const puzzle = puzzleOf(exercise);
    const scenario = catalogue.scenario(6)!;
    const base = scenario.baseIndexes.map((index) => puzzle[index]!);
    for (const candle of base) expect(body(candle)).toBeLessThan(0.5 * range(candle));
    const move = puzzle.slice((scenario.baseIndexes.at(-1) ?? 0) + 1, scenario.moveEnd + 1);
    const moveBody = move.reduce((sum, candle) => sum + body(candle), 0) / move.length;
    for (const candle of base) expect(body(candle)).toBeLessThan(0.5 * moveBody);
  });

  it('chart 9: the steepest move in view, and a slow climb of similar size before it', () => {
    const exercise = chart(9);
    const puzzle = puzzleOf(exercise);
    const scenario = catalogue.scenario(9)!;
    const window = openingWindow(exercise);
    const span = scenario.moveCandles;
    const rise = (start: number) =>
      (puzzle[start + span - 1]!.close - puzzle[start]!.open) / averageRange(puzzle, start, 20);
    const moveStart = scenario.moveEnd - span + 1;
    const answer = rise(moveStart);
    for (let start = window.from; start + span <= puzzle.length; start++) {
      if (Math.abs(start - moveStart) >= span) expect(rise(start)).toBeLessThan(0.7 * answer);
    }
    const decoy = scenario.decoy!;
    expect(decoy.kind).toBe('gentle-move');
    expect(decoy.start).toBeGreaterThanOrEqual(window.from);
    expect(decoy.candles).toBeGreaterThanOrEqual(3 * span);
    expect(decoy.distance).toBeGreaterThanOrEqual(0.5 * answer);
  });

  it('charts 10: the zone contains a multiple of 10 or 25 dollars', () => {
    const { upper, lower } = chart(10).zone;
    const contains = (step: number) => Math.ceil(lower / step) * step <= upper;
    expect(contains(10) || contains(25)).toBe(true);
    expect(chart(10).explanation).toMatch(/round number/);
  });
});

describe('higher timeframes (charts 11, 13 and 16)', () => {
  it.each([11, 13, 16])(
    'chart %i: a small-bodied base hour, a strong hour away, the 5-minute zone inside',
    (number) => {
      const exercise = chart(number);
      const hours = aggregateCandles(puzzleOf(exercise), HOUR);
      const baseHour = hours.findIndex(
        (hour) => hour.time <= exercise.baseTimes[0]! && exercise.baseTimes[0]! < hour.time + HOUR,
      );
      const hour = hours[baseHour]!;
      expect(body(hour)).toBeLessThan(0.5 * range(hour));
      const next = hours[baseHour + 1]!;
      const direction = exercise.zone.type === 'demand' ? 1 : -1;
      expect(direction * (next.close - next.open)).toBeGreaterThanOrEqual(
        0.7 * averageRange(hours, baseHour, 20),
      );
      const hourlyZone =
        direction > 0
          ? { lower: hour.low, upper: Math.max(hour.open, hour.close) }
          : { upper: hour.high, lower: Math.min(hour.open, hour.close) };
      expect(exercise.zone.lower).toBeGreaterThanOrEqual(hourlyZone.lower);
      expect(exercise.zone.upper).toBeLessThanOrEqual(hourlyZone.upper);
    },
  );
});

describe('fresh and clean zones (charts 18 and 16)', () => {
  it('chart 18: the answer is fresh; an older zone of its type in view was already tested', () => {
    const exercise = chart(18);
    const puzzle = puzzleOf(exercise);
    const scenario = catalogue.scenario(18)!;
    const after = puzzle.slice(scenario.moveEnd + 1);
    expect(after.every((candle) => candle.high < exercise.zone.lower)).toBe(true);
    const window = openingWindow(exercise);
    const tested = detectZones(puzzle).filter(
      (zone) =>
        zone.type === 'supply' &&
        zone.baseStart >= window.from &&
        zone.firstReturn !== null &&
        zone.firstReturn < scenario.patternStart,
    );
    expect(tested.length).toBeGreaterThanOrEqual(1);
    expect(exercise.explanation).toMatch(/already come back into it/);
  });

  it('chart 16: the supply zone of chart 18 still stands, with room of three heights', () => {
    const sixteen = chart(16);
    const supply = chart(18).zone;
    const scenario18 = catalogue.scenario(18)!;
    const formedIn16 = scenario18.moveEnd + 1 - 78;
    const puzzle = puzzleOf(sixteen);
    for (const candle of puzzle.slice(formedIn16))
      expect(candle.close).toBeLessThanOrEqual(supply.upper);
    const height = sixteen.zone.upper - sixteen.zone.lower;
    expect(supply.lower - sixteen.zone.upper).toBeGreaterThanOrEqual(3 * height);
    expect(sixteen.explanation).toMatch(/times the zone’s height, so the zone is clean/);
  });
});

describe('the first exercises and the landing demo', () => {
  // A beginner looks at the chart's extremes first: there, the trend that led into the pause
  // began, well beyond the zone, so the box at the extreme finds nothing.
  it.each([7, 8, 30, 31, 32, 33, 34])(
    'chart %i: a trend runs into the pause, and the extreme in view lies beyond the zone',
    (number) => {
      const exercise = chart(number);
      const puzzle = puzzleOf(exercise);
      const view = openingWindow(exercise);
      const inView = puzzle.slice(view.from, view.to + 1);
      const { zone } = exercise;
      const height = zone.upper - zone.lower;
      const beyond =
        zone.type === 'demand'
          ? zone.lower - Math.min(...inView.map((candle) => candle.low))
          : Math.max(...inView.map((candle) => candle.high)) - zone.upper;
      expect(beyond).toBeGreaterThan(2 * height);
      expect(lazyBoxes(puzzle, view, zone).view.grade.pass).toBe(false);
    },
  );
});

describe('trade plans (charts 40 and 41)', () => {
  it.each([
    [40, 'target'],
    [41, 'stop'],
  ] as const)(
    'chart %i: the opposing zone is in view, with room for 2R, and the model plan ends at its %s',
    (number, exit) => {
      const exercise = chart(number);
      const trade = exercise.trade!;
      const puzzle = puzzleOf(exercise);
      const long = exercise.zone.type === 'demand';
      // The opposing zone is where the move away from the given zone was turned back, in view.
      const turned = puzzle.some((candle) =>
        long ? candle.high === trade.opposing.upper : candle.low === trade.opposing.lower,
      );
      expect(turned).toBe(true);
      const { entry, stop, target } = trade.model;
      expect(entry).toBe(long ? exercise.zone.upper : exercise.zone.lower);
      if (long) {
        expect(stop).toBeLessThan(exercise.zone.lower);
        expect(target).toBeLessThan(trade.opposing.lower);
      } else {
        expect(stop).toBeGreaterThan(exercise.zone.upper);
        expect(target).toBeGreaterThan(trade.opposing.upper);
      }
      // Room for the course's 2:1, and about what real setups give: a few R, not eight.
      const rewardToRisk = Math.abs(target - entry) / Math.abs(entry - stop);
      expect(rewardToRisk).toBeGreaterThanOrEqual(2);
      expect(rewardToRisk).toBeLessThanOrEqual(3);
      // The candles after the puzzle come back to the entry; then the target or the stop first.
      const after = exercise.candles.slice(exercise.exerciseEnd);
      const filled = after.findIndex((candle) =>
        long ? candle.low <= entry : candle.high >= entry,
      );
      expect(filled).toBeGreaterThanOrEqual(0);
      const rest = after.slice(filled + 1);
      const hitsTarget = rest.findIndex((candle) =>
        long ? candle.high >= target : candle.low <= target,
      );
      const hitsStop = [after[filled]!, ...rest].findIndex((candle) =>
        long ? candle.low <= stop : candle.high >= stop,
      );
      if (exit === 'target') {
        expect(hitsTarget).toBeGreaterThanOrEqual(0);
        if (hitsStop >= 0) expect(hitsStop - 1).toBeGreaterThan(hitsTarget);
      } else {
        expect(hitsStop).toBeGreaterThanOrEqual(0);
        if (hitsTarget >= 0) expect(hitsTarget + 1).toBeGreaterThan(hitsStop);
      }
    },
  );
});

describe('take or skip (charts 42 and 43)', () => {
  it('chart 42: every check says take, and the course’s plan is stopped all the same', () => {
    const exercise = chart(42);
    const decision = decideTrade(settingOf(exercise));
    expect(decision.take).toBe(true);
    expect(decision.rewardToRisk).toBeGreaterThanOrEqual(2);
    const after = exercise.candles.slice(exercise.exerciseEnd);
    // A good decision that loses: the lesson says the decision is what is practised.
    expect(playOutTrade({ ...decision.model, size: 1 }, 'demand', after, SHARES).exit).toBe('stop');
  });

  it('chart 43: the newer demand in view leaves under 2R, and a 2R short there is stopped', () => {
    const exercise = chart(43);
    const { opposing } = exercise.decision!;
    const decision = decideTrade(settingOf(exercise));
    expect(decision.take).toBe(false);
    expect(decision.checks.find((check) => check.check === 'room')?.ok).toBe(false);
    expect(decision.rewardToRisk).toBeLessThan(1.8);
    // The wall is a turn a learner sees: a low in the puzzle, below the zone and above the end.
    const puzzle = puzzleOf(exercise);
    expect(puzzle.some((candle) => candle.low === opposing.lower)).toBe(true);
    // And a zone by the course's own rules, the nearest demand below the entry, as real charts
    // read it: a base and a move away of at least three average ranges.
    const demandBelow = detectZones(puzzle).filter(
      (zone) => zone.type === 'demand' && zone.upper < exercise.zone.lower,
    );
    const nearest = demandBelow.sort((a, b) => b.upper - a.upper)[0];
    expect(nearest).toMatchObject({ upper: opposing.upper, lower: opposing.lower });
    expect(nearest!.departure).toBeGreaterThanOrEqual(3);
    const { entry, stop } = decision.model;
    const after = exercise.candles.slice(exercise.exerciseEnd);
    const twoR = { entry, stop, target: entry - 2 * (stop - entry), size: 1 };
    expect(playOutTrade(twoR, 'supply', after, SHARES).exit).toBe('stop');
  });

  it.each([42, 43])(
    'chart %i: no candle in view before the zone formed trades in its band (it reads as fresh)',
    (chartNumber) => {
      const exercise = chart(chartNumber);
      const scenario = catalogue.scenario(chartNumber)!;
      const window = openingWindow(exercise);
      const before = puzzleOf(exercise).slice(window.from, scenario.patternStart);
      const inBand = before.filter(
        (candle) => candle.low <= exercise.zone.upper && candle.high >= exercise.zone.lower,
      );
      expect(inBand).toEqual([]);
    },
  );
});
