import { gradeZone, type GradeResult } from '@course/rules';
import type { RealZone } from '@course/rules/real-practice';

/**
 * Grades a box on a real chart by the course's `gradeZone`: a pass on any of the chart's zones
 * (every fresh zone of the asked type the rules find) passes. A miss says what the nearest one
 * says, so "too high" points at a zone that is really there.
 */
export function gradeRealZone(lines: readonly number[], zones: readonly RealZone[]): GradeResult {
  const grades = zones.map((zone) => gradeZone(lines, zone));
  const passed = grades.find((grade) => grade.pass);
  if (passed) return passed;
  const [first, second] = lines;
  const middle = first !== undefined && second !== undefined ? (first + second) / 2 : first;
  let nearest = 0;
  let nearestDistance = Infinity;
  zones.forEach((zone, index) => {
    const distance = middle === undefined ? 0 : Math.abs(middle - (zone.upper + zone.lower) / 2);
    if (distance < nearestDistance) {
      nearest = index;
      nearestDistance = distance;
    }
  });
  const grade = grades[nearest];
  if (!grade) throw new Error('a real chart has at least one zone');
  return grade;
}
