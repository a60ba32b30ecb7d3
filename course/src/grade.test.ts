import fc from 'fast-check';
import {
  DEFAULT_MIN_BOX_OF_HEIGHT,
  DEFAULT_TOLERANCE_OF_HEIGHT,
  GradeInputError,
  gradeZone,
  type GradedZone,
  type GradeOptions,
  type PriceZone,
} from './grade.js';

const zone: PriceZone = { upper: 105, lower: 100 };
/** The spec's rule alone: no slack, any box. */
const EXACT: GradeOptions = { toleranceOfHeight: 0, minBoxOfHeight: 0 };

describe('gradeZone', () => {
  it('passes two lines inside the zone, bounds included', () => {
    expect(gradeZone([101, 104], zone)).toMatchObject({ pass: true, reason: 'pass' });
    expect(gradeZone([100, 105], zone).pass).toBe(true);
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
    const result = gradeZone([106.5, 110], zone);
    expect(result).toMatchObject({ pass: false, reason: 'too-high' });
    expect(result.feedback).toMatch(/above the zone.*lower/);
  });

  it('says too low when both lines are below the zone', () => {
    const result = gradeZone([98.99, 90], zone);
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

  it('allows a fifth of the zone height of slack on each side by default', () => {
    expect(DEFAULT_TOLERANCE_OF_HEIGHT).toBe(0.2);
    expect(gradeZone([99, 106], zone).pass).toBe(true);
    expect(gradeZone([98.99, 104], zone).reason).toBe('one-line-outside');
    expect(gradeZone([99.5, 105.5], zone, EXACT).reason).toBe('too-wide');
  });

  it('adds an absolute tolerance to the relative one', () => {
    expect(gradeZone([98.5, 106.5], zone, { tolerance: 0.5 }).pass).toBe(true);
    expect(gradeZone([98.4, 106.5], zone, { tolerance: 0.5 }).reason).toBe('one-line-outside');
  });

  it('fails a box thinner than a third of the zone, telling the learner to mark top and bottom', () => {
    expect(DEFAULT_MIN_BOX_OF_HEIGHT).toBeCloseTo(1 / 3);
    for (const lines of [
      [102, 102],
      [102, 103.6],
      [104.9, 105],
    ]) {
      const result = gradeZone(lines, zone);
      expect(result).toMatchObject({ pass: false, reason: 'too-thin' });
      expect(result.feedback).toMatch(/top of the zone.*bottom/);
    }
    expect(gradeZone([102, 103.7], zone).pass).toBe(true);
  });

  it('never passes a degenerate box on a zone with height', () => {
    for (const price of [99, 100, 102.5, 105, 106]) {
      expect(gradeZone([price, price], zone).pass).toBe(false);
    }
  });

  it('accepts a box that reaches the near-side wicks, and says how the course draws it', () => {
    const demand: GradedZone = { ...zone, nearSideWick: 107 };
    const toWicks = gradeZone([100.5, 106.8], demand);
    expect(toWicks).toMatchObject({ pass: true, reason: 'pass', toNearSideWicks: true });
    expect(toWicks.feedback).toMatch(/near side.*accepted.*bodies/);
    // Within the usual slack it is an ordinary pass.
    expect(gradeZone([100.5, 105.5], demand).toNearSideWicks).toBeUndefined();
    const beyond = gradeZone([100.5, 107.5], demand);
    expect(beyond).toMatchObject({ pass: false, outside: 'above' });
    expect(beyond.feedback).toMatch(/even above the wicks/);
    const supply: GradedZone = { ...zone, nearSideWick: 97 };
    expect(gradeZone([97.2, 104], supply)).toMatchObject({ pass: true, toNearSideWicks: true });
    expect(gradeZone([96.5, 104], supply).feedback).toMatch(/even below the wicks/);
  });

  it('never reveals the zone prices in its feedback', () => {
    const answers = [
      [],
      [1],
      [1, 2],
      [200, 300],
      [101, 200],
      [1, 102],
      [1, 200],
      [121, 121.1],
      [121, 122.5],
      [120.7, 123.9],
    ];
    for (const lines of answers) {
      const zoneWithWick = { upper: 123.45, lower: 120.5, nearSideWick: 124 };
      expect(gradeZone(lines, zoneWithWick).feedback).not.toMatch(/\d/);
    }
  });

  it('accepts a zero-height zone', () => {
    expect(gradeZone([100, 100], { upper: 100, lower: 100 }).pass).toBe(true);
  });

  it.each([
    [[Number.NaN, 101], zone, {}, /line 1 is not a finite price \(NaN\)/],
    [[101, Number.POSITIVE_INFINITY], zone, {}, /line 2 is not a finite price/],
    [[101, 102], { upper: Number.NaN, lower: 100 }, {}, /zone bounds must be finite/],
    [[101, 102], { upper: 100, lower: 105 }, {}, /upper \(100\) must be at or above .* \(105\)/],
    [[101, 102], { ...zone, nearSideWick: Number.NaN }, {}, /near-side wick must be finite/],
    [[101, 102], zone, { tolerance: -1 }, /tolerance must be a finite number >= 0/],
    [[101, 102], zone, { toleranceOfHeight: Number.NaN }, /toleranceOfHeight must be/],
    [[101, 102], zone, { minBoxOfHeight: -0.1 }, /minBoxOfHeight must be/],
  ] as const)('rejects bad input %#', (lines, badZone, options, message) => {
    expect(() => gradeZone(lines, badZone, options)).toThrow(GradeInputError);
    expect(() => gradeZone(lines, badZone, options)).toThrow(message);
  });
});

const price = fc.double({ min: -1e6, max: 1e6, noNaN: true });
const share = fc.double({ min: 0, max: 1, noNaN: true });
const zoneArbitrary = fc
  .tuple(price, price)
  .map(([a, b]): PriceZone => ({ upper: Math.max(a, b), lower: Math.min(a, b) }));
const optionsArbitrary = fc.record({ toleranceOfHeight: share, minBoxOfHeight: share });

/** The rule written out directly, as the course states it. */
function expectedPass(lines: [number, number], z: PriceZone, options: Required<GradeOptions>) {
  const height = z.upper - z.lower;
  const slack = height * options.toleranceOfHeight + options.tolerance;
  const inside = (p: number) => z.lower - slack <= p && p <= z.upper + slack;
  const box = Math.abs(lines[0] - lines[1]);
  return inside(lines[0]) && inside(lines[1]) && box >= height * options.minBoxOfHeight;
}

describe('gradeZone properties', () => {
  it('passes exactly when both lines are within the widened bounds and the box is tall enough', () => {
    fc.assert(
      fc.property(zoneArbitrary, optionsArbitrary, price, price, (z, options, a, b) => {
        const full = { ...options, tolerance: 0 };
        expect(gradeZone([a, b], z, full).pass).toBe(expectedPass([a, b], z, full));
      }),
    );
  });

  it('passes the zone marked at its own top and bottom', () => {
    fc.assert(
      fc.property(zoneArbitrary, (z) => {
        expect(gradeZone([z.upper, z.lower], z).pass).toBe(true);
      }),
    );
  });

  it('fails whenever one of the two lines lies beyond the slack', () => {
    const answer = fc.tuple(zoneArbitrary, share).chain(([z, t]) => {
      const slack = (z.upper - z.lower) * t;
      const outside = fc.oneof(
        fc.double({
          min: z.upper + slack,
          max: z.upper + slack + 1e6,
          minExcluded: true,
          noNaN: true,
        }),
        fc.double({
          min: z.lower - slack - 1e6,
          max: z.lower - slack,
          maxExcluded: true,
          noNaN: true,
        }),
      );
      return fc.record({
        zone: fc.constant(z),
        share: fc.constant(t),
        lines: fc
          .tuple(price, outside, fc.boolean())
          .map(([any, out, outFirst]) => (outFirst ? [out, any] : [any, out])),
      });
    });
    fc.assert(
      fc.property(answer, ({ zone: z, share: t, lines }) => {
        const result = gradeZone(lines, z, { toleranceOfHeight: t });
        expect(result.pass).toBe(false);
        expect(result.reason).not.toBe('need-two-lines');
      }),
    );
  });

  it('gives the same result whichever line was drawn first', () => {
    fc.assert(
      fc.property(zoneArbitrary, optionsArbitrary, price, price, (z, options, a, b) => {
        expect(gradeZone([a, b], z, options)).toEqual(gradeZone([b, a], z, options));
      }),
    );
  });

  it('keeps passing as the slack grows', () => {
    fc.assert(
      fc.property(zoneArbitrary, share, share, price, price, (z, t1, t2, a, b) => {
        const [smaller, larger] = t1 <= t2 ? [t1, t2] : [t2, t1];
        if (gradeZone([a, b], z, { toleranceOfHeight: smaller }).pass) {
          expect(gradeZone([a, b], z, { toleranceOfHeight: larger }).pass).toBe(true);
        }
      }),
    );
  });

  it('only ever widens what passes when a near-side wick is given', () => {
    fc.assert(
      fc.property(zoneArbitrary, price, price, price, (z, wick, a, b) => {
        if (gradeZone([a, b], z).pass) {
          expect(gradeZone([a, b], { ...z, nearSideWick: wick }).pass).toBe(true);
        }
      }),
    );
  });

  it('never passes two lines at one price on a zone with height', () => {
    fc.assert(
      fc.property(zoneArbitrary, price, (z, p) => {
        fc.pre(z.upper > z.lower);
        expect(gradeZone([p, p], z).pass).toBe(false);
      }),
    );
  });
});
