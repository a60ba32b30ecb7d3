import type { CourseRules } from '@course/contract';
import {
  FREE_PRACTICE_CHARTS,
  PRACTICE_CHART_COUNT,
  PRACTICE_PLAN_COUNT,
  PRACTICE_ROUND,
} from './course-access.js';
import { LANDING_DEMO_CHARTS, TRIES_BEFORE_REVEAL_BY_KIND } from './exercise-rules.js';

/** The course's counts and limits as GET api/course answers them: the constants the API applies. */
export function courseRules(): CourseRules {
  return {
    landingDemo: { charts: [...LANDING_DEMO_CHARTS] },
    practice: {
      round: PRACTICE_ROUND,
      charts: PRACTICE_CHART_COUNT,
      plans: PRACTICE_PLAN_COUNT,
      decisions: PRACTICE_PLAN_COUNT,
      free: FREE_PRACTICE_CHARTS,
    },
    triesBeforeReveal: { ...TRIES_BEFORE_REVEAL_BY_KIND },
  };
}
