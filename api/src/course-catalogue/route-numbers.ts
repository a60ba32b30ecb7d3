import type { WholeNumberSpec } from '../common/whole-number-param.js';
import { PRACTICE_CHART_COUNT, PRACTICE_PLAN_COUNT } from './course-access.js';

/** Past any catalogue the course could hold, inside PostgreSQL's integer. */
const LARGEST_ID = 2_000_000_000;

/** `chart-data/{id}`: a catalogue chart's number (one outside the catalogue is a 404). */
export const CHART_ID: WholeNumberSpec = { subject: 'The chart id', min: 1, max: LARGEST_ID };

/** `?lesson={id}`: a lesson's id. */
export const LESSON_ID: WholeNumberSpec = { subject: 'The lesson id', min: 1, max: LARGEST_ID };

/** `api/practice/{index}` and its plans and decisions: a place in the learner's portal. */
export const PRACTICE_INDEX = {
  chart: { subject: 'The practice chart', min: 1, max: PRACTICE_CHART_COUNT },
  plan: { subject: 'The practice plan', min: 1, max: PRACTICE_PLAN_COUNT },
  decision: { subject: 'The practice decision', min: 1, max: PRACTICE_PLAN_COUNT },
} as const satisfies Record<string, WholeNumberSpec>;
