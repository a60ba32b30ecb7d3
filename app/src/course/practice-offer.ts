import type { CourseRules } from '../api/index.js';

/**
 * "all 100 of your own practice charts in the Practice Portal (the first one is free)", with the
 * API's counts; without them (not answered yet) the same offer without numbers.
 */
export function practiceChartsOffer(rules: CourseRules | undefined): string {
  if (!rules) return 'all your own practice charts in the Practice Portal';
  const { charts, free } = rules.practice;
  const taster = free === 1 ? 'the first one is free' : `the first ${free} are free`;
  return `all ${charts} of your own practice charts in the Practice Portal (${taster})`;
}
