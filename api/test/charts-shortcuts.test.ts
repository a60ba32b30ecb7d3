import { runNative } from './support/native/run-native.js';
import type { ShortcutRow } from './support/native/zone-shortcuts.js';

/**
 * A zone exercise must not be solved without the skill. The lazy answer is a box one median
 * candle range tall at the opening view's lowest low (demand) or highest high (supply), or at
 * that extreme of the whole puzzle, graded with the course's `gradeZone` on the first try
 * (the course's `lazyBoxes`). Measured on the catalogue's zone exercises (lessons, landing demo,
 * catalogue practice) and on 1,000 of the Practice Portal's zone exercises, each made in a plain
 * Node process as the portal makes it.
 */
const script = new URL('./support/native/zone-shortcuts.ts', import.meta.url);
const LEARNERS = Array.from({ length: 10 }, (_, index) => `shortcut-learner-${index + 1}`);

/** Share of the charts that a lazy box passes. */
const passShare = (rows: readonly ShortcutRow[], box: 'view' | 'history') =>
  rows.filter((row) => row[box]).length / rows.length;

let catalogue: ShortcutRow[] = [];
let practice: ShortcutRow[] = [];

beforeAll(async () => {
  const [made, ...parts] = await Promise.all([
    runNative<ShortcutRow[]>(script, ['catalogue']),
    runNative<ShortcutRow[]>(script, LEARNERS.slice(0, 5)),
    runNative<ShortcutRow[]>(script, LEARNERS.slice(5)),
  ]);
  catalogue = made;
  practice = parts.flat();
}, 600_000);

describe('boxing the extreme does not solve the zone exercises', () => {
  it('measures every zone exercise of the catalogue and 1,000 practice ones', () => {
    expect(catalogue.length).toBe(33);
    expect(practice.length).toBe(1000);
  });

  // Issue 34 first measured 30 and 26 of 33 on the catalogue, 635 and 444 of 1,000 in practice.
  // Older extremes, trends, a gentle climb into a steep move's base and the refusal of attempts
  // whose answer is the view's extreme (verify's extremeProblem) took practice to about 4% and
  // the catalogue to 1 (the clean 1-hour zone of chart 16, which keeps the market it continues).
  it.each(['view', 'history'] as const)(
    'the box at the %s extreme passes on at most a tenth of the charts',
    (box) => {
      expect(passShare([...catalogue, ...practice], box)).toBeLessThanOrEqual(0.1);
    },
  );

  // Held apart too, so that neither the catalogue nor practice can lean on the other.
  it.each([
    ['view', 1 / 33, 0.06],
    ['history', 1 / 33, 0.04],
  ] as const)(
    'the box at the %s extreme pays no more often than measured',
    (box, ofCatalogue, ofPractice) => {
      expect(passShare(catalogue, box)).toBeLessThanOrEqual(ofCatalogue);
      expect(passShare(practice, box)).toBeLessThanOrEqual(ofPractice);
    },
  );
});
