import type { Candle } from '@chart-kit/core';
import {
  gradeScorecard,
  moveOutDistance,
  roundLevelInside,
  scoreMarkedZone,
  scoreZone,
  type ZoneToScore,
} from './zone-scorecard.js';

let time = 0;
const candle = (open: number, high: number, low: number, close: number): Candle => ({
  time: (time += 300),
  open,
  high,
  low,
  close,
});

/** A drop, base candles from 50.10 to 50.40 (bodies given), a rally of `rally` dollars, a dip. */
function demandChart(baseBodies: readonly number[], rally: number, dipTo: number): Candle[] {
  const candles = [candle(51.2, 51.25, 50.7, 50.75), candle(50.75, 50.8, 50.3, 50.35)];
  for (const body of baseBodies) candles.push(candle(50.25, 50.4, 50.1, 50.25 + body));
  const start = 50.35;
  candles.push(candle(start, start + rally / 2, start - 0.02, start + rally / 2));
  candles.push(candle(start + rally / 2, start + rally + 0.05, start + rally / 2, start + rally));
  candles.push(candle(start + rally, start + rally, dipTo, dipTo + 0.05));
  return candles;
}

const zoneOf = (baseCount: number, touches: number): ZoneToScore => ({
  type: 'demand',
  upper: 50.4,
  lower: 50.1,
  baseStart: 2,
  baseEnd: 1 + baseCount,
  touches,
});

describe('scoreMarkedZone', () => {
  it('scores a zone marked by its base candles’ times as by their places', () => {
    const candles = demandChart([0.02, 0.01, -0.02], 1.2, 50.9);
    const baseTimes = candles.slice(2, 5).map((base) => base.time);
    const marked = { type: 'demand' as const, upper: 50.4, lower: 50.1, baseTimes, touches: 0 };
    expect(scoreMarkedZone(candles, marked)).toEqual(scoreZone(candles, zoneOf(3, 0)));
    // The candles shown must hold the base: a zone is scored on what the learner sees.
    expect(() => scoreMarkedZone(candles.slice(0, 2), marked)).toThrow(RangeError);
  });
});

describe("the Finding module's five criteria", () => {
  it('gives an A to a short base of small candles, a long move out, a round number, fresh', () => {
    const card = scoreZone(demandChart([0.02, -0.03], 1.6, 51.3), {
      ...zoneOf(2, 0),
      upper: 50.5,
    });
    expect(card.readings.map((reading) => [reading.criterion, reading.met])).toEqual([
      ['time', true],
      ['base', true],
      ['move', true],
      ['round-number', true],
      ['fresh', true],
    ]);
    expect(card).toMatchObject({ points: 5, grade: 'A' });
  });

  it('takes a point for each criterion missed: a B with one, a C with two or more', () => {
    // Three base candles (no time point), no half dollar between 50.10 and 50.40.
    const threeCandles = scoreZone(demandChart([0.02, 0.01, -0.02], 1.2, 50.9), zoneOf(3, 0));
    expect(threeCandles.points).toBe(3);
    expect(threeCandles.grade).toBe('C');
    const oneMissed = scoreZone(demandChart([0.02], 1.6, 51.3), { ...zoneOf(1, 0), upper: 50.5 });
    expect(oneMissed).toMatchObject({ points: 5, grade: 'A' });
    const used = scoreZone(demandChart([0.02], 1.6, 51.3), { ...zoneOf(1, 1), upper: 50.5 });
    expect(used).toMatchObject({ points: 4, grade: 'B' });
    expect(used.readings.find((reading) => reading.criterion === 'fresh')?.text).toBe(
      'Freshness: price has already come back to the zone once, so no point.',
    );
  });

  it('reads a base body of half its range or more as no base point', () => {
    const card = scoreZone(demandChart([0.05, 0.15], 1.2, 50.9), zoneOf(2, 0));
    const base = card.readings.find((reading) => reading.criterion === 'base');
    expect(base?.met).toBe(false);
    expect(base?.text).toContain('50%');
  });

  it('measures the move out to the farthest close before price came back', () => {
    // Closes at 50.65 and 50.95 over a 0.30 zone whose proximal line is 50.40, then a dip into it.
    const chart = demandChart([0.02], 0.6, 50.3);
    expect(moveOutDistance(chart, zoneOf(1, 0))).toBeCloseTo(0.55, 6);
    const move = scoreZone(chart, zoneOf(1, 0)).readings.find(
      (reading) => reading.criterion === 'move',
    );
    expect(move?.met).toBe(false);
    expect(move?.text).toBe(
      "The move out: price left by 0.55, 1.8 times the zone's 0.30 height; it must travel at least three.",
    );
  });

  it('counts a whole or half dollar inside the zone, edges included, not ten-cent steps', () => {
    expect(roundLevelInside({ lower: 50.1, upper: 50.4 })).toBeNull();
    expect(roundLevelInside({ lower: 50.1, upper: 50.5 })).toBe(50.5);
    expect(roundLevelInside({ lower: 49.9, upper: 50.2 })).toBe(50);
    expect(roundLevelInside({ lower: 0.07 * 3, upper: 0.5 })).toBe(0.5);
  });
});

describe('grading a learner’s scorecard', () => {
  const card = scoreZone(demandChart([0.02, 0.01, -0.02], 1.2, 50.9), zoneOf(3, 0));

  it('passes when every criterion is read as the course reads it', () => {
    const grade = gradeScorecard(['base', 'move', 'fresh'], card);
    expect(grade).toMatchObject({ pass: true, misread: [], points: 3, grade: 'C' });
    expect(grade.feedback[0]).toBe('Scored right: 3 of 5, a C, which the course passes over.');
    expect(grade.feedback).toHaveLength(6);
  });

  it('names each criterion read differently, ticked or not', () => {
    const grade = gradeScorecard(['time', 'base', 'move', 'fresh'], card);
    expect(grade).toMatchObject({ pass: false, misread: ['time'], points: 4, grade: 'B' });
    expect(grade.feedback[0]).toBe(
      'You scored it 4 of 5; the course scores it 3 of 5, a C, which the course passes over. ' +
        'Look again at time on the zone.',
    );
    expect(gradeScorecard([], card).misread).toEqual(['base', 'move', 'fresh']);
  });
});

describe('the grades practice zones come in', () => {
  // Plain practice zones as the portal makes them, scored on the candles a learner sees: the
  // checklist has something to decide (issue: "zones of every grade"), not an A every time.
  it('includes B and C zones beside A ones', async () => {
    const { generateZoneScenario } = await import('./scenarios/zone-scenario.js');
    const grades = { A: 0, B: 0, C: 0 };
    for (let seed = 1; seed <= 24; seed++) {
      const scenario = generateZoneScenario({
        seed: seed * 7919,
        zoneType: seed % 2 === 0 ? 'supply' : 'demand',
        placement: 'practice',
      });
      const { zone, baseIndexes } = scenario;
      const card = scoreZone(scenario.candles.slice(0, scenario.revealEnd), {
        type: zone.type,
        upper: zone.upper,
        lower: zone.lower,
        baseStart: baseIndexes[0] ?? 0,
        baseEnd: baseIndexes.at(-1) ?? 0,
        touches: 0,
      });
      grades[card.grade]++;
    }
    // Measured: 6 A, 15 B, 3 C (the seeds fix the charts).
    expect(grades.A).toBeGreaterThanOrEqual(4);
    expect(grades.B + grades.C).toBeGreaterThanOrEqual(12);
  }, 120_000);
});

describe('the charts to skip for their grade', () => {
  // Practice decisions to skip because the zone scores a C come in two shapes (GradeSkipShape):
  // a base with a full-bodied candle, and a pause price left by a small move, 2 to 3 average
  // ranges (issue: "moves out from 2 to 10 average ranges"), which the course's detector finds
  // only with the lower departure its real measurement used (REAL_RATES.twoR.smallMoveGradeFails).
  it('include pauses left by small moves, which a learner grades a C', async () => {
    const { generateZoneScenario } = await import('./scenarios/zone-scenario.js');
    const { gradeSkipShapeOf } = await import('./scenarios/request-rules.js');
    const { detectZones } = await import('./zones.js');
    const { SMALL_MOVE_DEPARTURE } = await import('./measured-rates/rates.js');
    const requestFor = (seed: number) => ({
      seed,
      zoneType: seed % 2 === 0 ? ('supply' as const) : ('demand' as const),
      concepts: ['take-or-skip' as const],
      placement: 'plan' as const,
      decision: 'skip' as const,
      skipBecause: 'grade' as const,
    });
    const concepts = new Set(['take-or-skip'] as const);
    const wanted = { 'bodied-base': 2, 'small-move': 3 };
    const seeds = { 'bodied-base': [] as number[], 'small-move': [] as number[] };
    for (let seed = 1; seeds['bodied-base'].length < 2 || seeds['small-move'].length < 3; seed++) {
      const shape = gradeSkipShapeOf(requestFor(seed), concepts);
      if (shape && seeds[shape].length < wanted[shape]) seeds[shape].push(seed);
    }
    for (const [shape, list] of Object.entries(seeds)) {
      for (const seed of list) {
        const scenario = generateZoneScenario(requestFor(seed));
        const puzzle = scenario.candles.slice(0, scenario.revealEnd);
        const { zone, baseIndexes, decision } = scenario;
        const baseStart = baseIndexes[0] ?? 0;
        const card = scoreZone(puzzle, {
          ...zone,
          baseStart,
          baseEnd: baseIndexes.at(-1) ?? 0,
          touches: 0,
        });
        const missed = card.readings.filter((r) => !r.met).map((r) => r.criterion);
        expect({ shape, grade: card.grade, take: decision?.take }).toEqual({
          shape,
          grade: 'C',
          take: false,
        });
        const sameZone = (found: { baseStart: number; type: string }) =>
          found.baseStart === baseStart && found.type === zone.type;
        const asAZone = detectZones(puzzle).find(sameZone);
        if (shape === 'small-move') {
          expect(missed).toEqual(['time', 'round-number']);
          expect(asAZone).toBeUndefined();
          const [smallest, zoneDeparture] = SMALL_MOVE_DEPARTURE;
          const asAPause = detectZones(puzzle, { minDeparture: smallest }).find(sameZone);
          expect(asAPause?.departure).toBeGreaterThanOrEqual(smallest);
          expect(asAPause?.departure).toBeLessThan(zoneDeparture);
        } else {
          expect(missed).toEqual(expect.arrayContaining(['time', 'base']));
          expect(asAZone).toBeDefined();
        }
      }
    }
  }, 300_000);
});
