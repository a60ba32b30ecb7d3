import type { RealZone } from '@course/rules/real-practice';
import { gradeRealZone } from './grade-real-zone.js';

const zone = (upper: number, lower: number): RealZone => ({
  type: 'demand',
  upper,
  lower,
  nearSideWick: upper + 0.1,
  baseTimes: [0],
  departure: 3,
  strength: 3,
});
// The strongest first, as the rules give them.
const ZONES = [zone(101, 100), zone(95, 94), zone(110, 109)];

describe('gradeRealZone', () => {
  it('passes a box on any of the zones the rules find', () => {
    expect(gradeRealZone([101, 100], ZONES).pass).toBe(true);
    expect(gradeRealZone([94.9, 94.1], ZONES).pass).toBe(true);
    expect(gradeRealZone([109.8, 109.2], ZONES)).toMatchObject({ pass: true, reason: 'pass' });
  });

  it('says what the nearest zone says about a miss', () => {
    // Just above the zone at 94-95: too high for it (and far below the strongest).
    expect(gradeRealZone([96.5, 96], ZONES).reason).toBe('too-high');
    // Just below the one at 109-110.
    expect(gradeRealZone([108, 107.5], ZONES).reason).toBe('too-low');
    // Between two zones and wider than both: too wide around none of them passes.
    expect(gradeRealZone([102, 99], ZONES).reason).toBe('too-wide');
  });

  it('keeps the course’s rule against a thin box', () => {
    expect(gradeRealZone([100.5, 100.45], ZONES).reason).toBe('too-thin');
  });

  it('answers a single line as no try', () => {
    expect(gradeRealZone([100.5], ZONES).reason).toBe('need-two-lines');
  });
});
