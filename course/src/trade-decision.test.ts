import fc from 'fast-check';
import type { Candle } from '@chart-kit/core';
import {
  DECISION_CHECKS,
  decideTrade,
  gradeDecision,
  higherTimeframeTrend,
  modelPlanAt,
  zoneTouches,
  type DecisionCheck,
  type DecisionSetting,
} from './trade-decision.js';

/** Demand at 100-100.5, average range 0.4: the model risks 0.6 (stop 99.9). */
const setting = (opposingLower: number, extra: Partial<DecisionSetting> = {}): DecisionSetting => ({
  zone: { type: 'demand', upper: 100.5, lower: 100 },
  score: { points: 5, grade: 'A' },
  opposing: { upper: opposingLower + 0.3, lower: opposingLower },
  averageRange: 0.4,
  touches: 0,
  higherTimeframe: 'with',
  ...extra,
});

const candle = (
  time: number,
  open: number,
  close: number,
  low?: number,
  high?: number,
): Candle => ({
  time,
  open,
  close,
  low: low ?? Math.min(open, close) - 0.1,
  high: high ?? Math.max(open, close) + 0.1,
});

describe('modelPlanAt', () => {
  it('enters at the proximal line, stops a quarter range past the distal, aims short of the opposing zone', () => {
    expect(
      modelPlanAt({ type: 'demand', upper: 100.5, lower: 100 }, { upper: 104.3, lower: 104 }, 0.4),
    ).toEqual({
      entry: 100.5,
      stop: 99.9,
      target: 103.88,
    });
    expect(
      modelPlanAt({ type: 'supply', upper: 50.4, lower: 50 }, { upper: 47, lower: 46.6 }, 0.2),
    ).toEqual({
      entry: 50,
      stop: 50.45,
      target: 47.06,
    });
  });
});

describe('decideTrade', () => {
  it('takes a fresh zone with room, the 1-hour chart with it', () => {
    const decision = decideTrade(setting(104));
    expect(decision.take).toBe(true);
    expect(decision.rewardToRisk).toBeCloseTo((103.88 - 100.5) / 0.6, 9);
    expect(decision.checks.map((check) => check.check)).toEqual([
      'grade',
      'room',
      'fresh',
      'higher-timeframe',
    ]);
    expect(decision.checks.map((check) => check.ok)).toEqual([true, true, true, true]);
  });

  it('passes over a zone scoring a C, however good the rest, and trades a B', () => {
    const weak = decideTrade(setting(104, { score: { points: 3, grade: 'C' } }));
    expect(weak.take).toBe(false);
    expect(weak.checks[0]).toMatchObject({
      check: 'grade',
      ok: false,
      text: expect.stringMatching(/3 of 5, a C/) as unknown,
    });
    expect(weak.checks.slice(1).every((check) => check.ok)).toBe(true);
    const good = decideTrade(setting(104, { score: { points: 4, grade: 'B' } }));
    expect(good.take).toBe(true);
    expect(good.checks[0]!.text).toMatch(/4 of 5, a B/);
  });

  it('skips for each failing check, saying why with the numbers', () => {
    const tight = decideTrade(setting(101.5));
    expect(tight.take).toBe(false);
    expect(tight.checks[1]!.text).toMatch(/only 1\.5R .* under the 2R/);
    const tested = decideTrade(setting(104, { touches: 1 }));
    expect(tested.checks[2]).toMatchObject({
      ok: false,
      text: expect.stringMatching(/once/) as unknown,
    });
    const against = decideTrade(setting(104, { higherTimeframe: 'against' }));
    expect(against.checks[3]).toMatchObject({ ok: false });
    expect(decideTrade(setting(104, { higherTimeframe: 'sideways' })).take).toBe(true);
  });

  it('takes exactly when the zone scores a B or better, room is at least 2R, the zone fresh and the hour not against (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 100.6, max: 110, noNaN: true }),
        fc.nat(3),
        fc.constantFrom('with' as const, 'against' as const, 'sideways' as const),
        fc.integer({ min: 0, max: 5 }),
        (opposingLower, touches, higherTimeframe, points) => {
          const grade = points === 5 ? 'A' : points === 4 ? 'B' : 'C';
          const decision = decideTrade(
            setting(opposingLower, { touches, higherTimeframe, score: { points, grade } }),
          );
          const room = (opposingLower - 0.12 - 100.5) / 0.6;
          const expected =
            points >= 4 && room >= 2 - 1e-6 && touches === 0 && higherTimeframe !== 'against';
          // Cents rounding of the target moves the room by at most 0.005 / 0.6 R.
          if (Math.abs(room - 2) > 0.01) expect(decision.take).toBe(expected);
        },
      ),
    );
  });
});

describe('gradeDecision', () => {
  it('passes the course’s decision, and a skip only with exactly the failing checks', () => {
    expect(gradeDecision({ take: true, reasons: [] }, setting(104)).pass).toBe(true);
    expect(gradeDecision({ take: false, reasons: ['room'] }, setting(104)).pass).toBe(false);
    const tight = setting(101.5, { touches: 1 });
    expect(gradeDecision({ take: false, reasons: ['room', 'fresh'] }, tight).pass).toBe(true);
    const partly = gradeDecision({ take: false, reasons: ['room'] }, tight);
    expect(partly.pass).toBe(false);
    expect(partly.feedback[0]).toMatch(/not for the reasons given/);
    const taken = gradeDecision({ take: true, reasons: [] }, tight);
    expect(taken.feedback[0]).toMatch(/2 checks fail/);
    // Every check is explained, whatever the answer.
    expect(taken.feedback).toHaveLength(5);
  });

  it('passes one answer of all the possible ones (property)', () => {
    const checks: readonly DecisionCheck[] = DECISION_CHECKS;
    fc.assert(
      fc.property(
        fc.double({ min: 100.6, max: 110, noNaN: true }),
        fc.nat(2),
        fc.constantFrom('with' as const, 'against' as const),
        fc.constantFrom('A' as const, 'C' as const),
        (opposingLower, touches, higherTimeframe, grade) => {
          const score = { points: grade === 'A' ? 5 : 3, grade };
          const situation = setting(opposingLower, { touches, higherTimeframe, score });
          const answers = [
            { take: true, reasons: [] },
            ...Array.from({ length: 2 ** checks.length }, (_, mask) => mask).map((mask) => ({
              take: false,
              reasons: checks.filter((_, bit) => (mask >> bit) & 1),
            })),
          ];
          const passing = answers.filter((answer) => gradeDecision(answer, situation).pass);
          expect(passing).toHaveLength(1);
        },
      ),
    );
  });
});

describe('higherTimeframeTrend', () => {
  const hours = (closes: number[]) =>
    closes.map((close, index) =>
      candle(index * 3600, close - 0.2, close, close - 0.6, close + 0.4),
    );

  it('reads a rise over the last session as with a demand trade and against a supply one', () => {
    const rising = hours([
      ...Array.from({ length: 20 }, () => 50),
      50.5,
      51,
      51.5,
      52,
      52.5,
      53,
      53.5,
    ]);
    expect(higherTimeframeTrend(rising, 'demand')).toBe('with');
    expect(higherTimeframeTrend(rising, 'supply')).toBe('against');
    expect(higherTimeframeTrend(hours(Array.from({ length: 30 }, () => 50)), 'demand')).toBe(
      'sideways',
    );
  });
});

describe('zoneTouches', () => {
  it('counts separate visits, not candles', () => {
    const zone = { type: 'demand' as const, upper: 100.5, lower: 100 };
    const closes = [102, 102.5, 101.2, 100.6, 102, 103, 100.8, 100.7, 102.5];
    const candles = closes.map((close, index) =>
      candle(index * 300, close + 0.05, close, close - 0.3, close + 0.1),
    );
    // Two visits (100.6 with its wick, then 100.8 and 100.7 together), apart by a move away.
    expect(zoneTouches(candles, zone, 0)).toBe(2);
    expect(zoneTouches(candles, zone, 5)).toBe(1);
  });
});
