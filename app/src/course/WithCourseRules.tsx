import type { ReactNode } from 'react';
import type { CourseRules } from '../api/index.js';
import { LoadingState } from '../components/LoadingState.js';
import { RetryNotice } from '../components/RetryNotice.js';
import { useCourseRules } from './course-rules.js';

/** Shows `children` with the course's rules once the API has stated them. */
export function WithCourseRules({ children }: { children: (rules: CourseRules) => ReactNode }) {
  const { rules, error, retry } = useCourseRules();
  if (rules) return children(rules);
  if (error) return <RetryNotice what="the course" error={error} onRetry={retry} />;
  return <LoadingState label="Loading the course" />;
}
