import fc from 'fast-check';
import { GradeInputError, gradeZone, type PriceZone } from './grade.js';

const zone: PriceZone = { upper: 105, lower: 100 };

describe('gradeZone', () => {
  it('passes two lines inside the zone, bounds included', () => {
    expect(gradeZone([101, 104], zone)).toMatchObject({ pass: true, reason: 'pass' });
    expect(gradeZone([100, 105], zone).pass).toBe(true);
    expect(gradeZone([105, 105], zone).pass).toBe(true);
  });

  it('grades only the first two lines', () => {
    expect(gradeZone([101, 104, 500], zone).pass).toBe(true);
    expect(gradeZone([101, 500, 104], zone).pass).toBe(false);
  });

  it('asks for two lines when there are none or one', () => {
    const none = gradeZone([], zone);
    expect(none).toMatchObject({ pass: false, reason: 'need-two-lines' });
    expect(none.feedback).toMatch(/Draw two horizontal lines/);
    const one = gradeZone([102], zone);
    expect(one).toMatchObject({ pass: false, reason: 'need-two-lines' });
    expect(one.feedback).toMatch(/only one line/);
  });

  it('says too high when both lines are above the zone', () => {
    const result = gradeZone([106, 110], zone);
    expect(result).toMatchObject({ pass: false, reason: 'too-high' });
    expect(result.feedback).toMatch(/above the zone.*lower/);
  });

  it('says too low when both lines are below the zone', () => {
    const result = gradeZone([99.99, 90], zone);
    expect(result).toMatchObject({ pass: false, reason: 'too-low' });
    expect(result.feedback).toMatch(/below the zone.*higher/);
  });

  it('says too wide when the box encloses the zone', () => {
    const result = gradeZone([95, 110], zone);
    expect(result).toMatchObject({ pass: false, reason: 'too-wide' });
    expect(result.feedback).toMatch(/too wide/);
  });

  it('names the side of a single stray line', () => {
    expect(gradeZone([102, 107], zone)).toMatchObject({
      pass: false,
      reason: 'one-line-outside',
      outside: 'above',
    });
    expect(gradeZone([98, 102], zone)).toMatchObject({
      pass: false,
      reason: 'one-line-outside',
      outside: 'below',
    });
    expect(gradeZone([98, 102], zone).feedback).toMatch(/lower line is below/);
  });

  it('never reveals the zone prices in its feedback', () => {
    const answers = [[], [1], [1, 2], [200, 300], [101, 200], [1, 102], [1, 200], [101, 102]];
    for (const lines of answers) {
      expect(gradeZone(lines, { upper: 123.45, lower: 120.5 }).feedback).not.toMatch(/\d/);
    }
  });

  it('widens the zone by the tolerance on each side', () => {
    expect(gradeZone([99.5, 105.5], zone).pass).toBe(false);
    expect(gradeZone([99.5, 105.5], zone, { tolerance: 0.5 }).pass).toBe(true);
    expect(gradeZone([99.4, 105.5], zone, { tolerance: 0.5 }).reason).toBe('one-line-outside');
  });

  it('accepts a zero-height zone', () => {
    expect(gradeZone([100, 100], { upper: 100, lower: 100 }).pass).toBe(true);
  });

  it.each([
    [[Number.NaN, 101], zone, {}, /line 1 is not a finite price \(NaN\)/],
    [[101, Number.POSITIVE_INFINITY], zone, {}, /line 2 is not a finite price/],
    [[101, 102], { upper: Number.NaN, lower: 100 }, {}, /zone bounds must be finite/],
    [[101, 102], { upper: 100, lower: 105 }, {}, /upper \(100\) must be at or above .* \(105\)/],
    [[101, 102], zone, { tolerance: -1 }, /tolerance must be a finite number >= 0/],
  ] as const)('rejects bad input %#', (lines, badZone, options, message) => {
    expect(() => gradeZone(lines, badZone, options)).toThrow(GradeInputError);
    expect(() => gradeZone(lines, badZone, options)).toThrow(message);
  });
});

const price = fc.double({ min: -1e6, max: 1e6, noNaN: true });
const tolerance = fc.double({ min: 0, max: 1e3, noNaN: true });
const zoneArbitrary = fc
  .tuple(price, price)
  .map(([a, b]): PriceZone => ({ upper: Math.max(a, b), lower: Math.min(a, b) }));

describe('gradeZone properties', () => {
  it('passes any two lines inside the zone', () => {
    const answer = zoneArbitrary.chain((z) =>
      fc.record({
        zone: fc.constant(z),
        lines: fc.tuple(
          fc.double({ min: z.lower, max: z.upper, noNaN: true }),
          fc.double({ min: z.lower, max: z.upper, noNaN: true }),
        ),
      }),
    );
    fc.assert(
      fc.property(answer, ({ zone: z, lines }) => {
        expect(gradeZone(lines, z)).toMatchObject({ pass: true, reason: 'pass' });
      }),
    );
  });

  it('fails whenever one of the two lines lies beyond the tolerance', () => {
    const answer = fc.tuple(zoneArbitrary, tolerance).chain(([z, t]) => {
      const outside = fc.oneof(
        fc.double({ min: z.upper + t, max: z.upper + t + 1e6, minExcluded: true, noNaN: true }),
        fc.double({ min: z.lower - t - 1e6, max: z.lower - t, maxExcluded: true, noNaN: true }),
      );
      return fc.record({
        zone: fc.constant(z),
        tolerance: fc.constant(t),
        lines: fc
          .tuple(price, outside, fc.boolean())
          .map(([any, out, outFirst]) => (outFirst ? [out, any] : [any, out])),
      });
    });
    fc.assert(
      fc.property(answer, ({ zone: z, tolerance: t, lines }) => {
        const result = gradeZone(lines, z, { tolerance: t });
        expect(result.pass).toBe(false);
        expect(result.reason).not.toBe('need-two-lines');
      }),
    );
  });

  it('gives the same result whichever line was drawn first', () => {
    fc.assert(
      fc.property(zoneArbitrary, tolerance, price, price, (z, t, a, b) => {
        expect(gradeZone([a, b], z, { tolerance: t })).toEqual(
          gradeZone([b, a], z, { tolerance: t }),
        );
      }),
    );
  });

  it('keeps passing as the tolerance grows', () => {
    fc.assert(
      fc.property(zoneArbitrary, tolerance, tolerance, price, price, (z, t1, t2, a, b) => {
        const [smaller, larger] = t1 <= t2 ? [t1, t2] : [t2, t1];
        if (gradeZone([a, b], z, { tolerance: smaller }).pass) {
          expect(gradeZone([a, b], z, { tolerance: larger }).pass).toBe(true);
        }
      }),
    );
  });

  it('passes exactly when both lines are within the widened bounds', () => {
    fc.assert(
      fc.property(zoneArbitrary, tolerance, price, price, (z, t, a, b) => {
        const inside = (p: number) => z.lower - t <= p && p <= z.upper + t;
        expect(gradeZone([a, b], z, { tolerance: t }).pass).toBe(inside(a) && inside(b));
      }),
    );
  });
});
