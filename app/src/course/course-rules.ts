import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CourseRules } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { useApi } from '../session/session-context.js';

export interface CourseRulesState {
  /** Undefined until the API has answered. */
  rules: CourseRules | undefined;
  /** Why the rules could not be read (offline, a 503). */
  error: string | undefined;
  retry: () => void;
}

/**
 * The course's rules as the API states them (GET api/course); the API decides every count and
 * limit. Asked once and shared by every page (the app asks while the page's code downloads, so a
 * page that needs them rarely waits); a failed request is asked again by the next page.
 */
export function useCourseRules(): CourseRulesState {
  const api = useApi();
  const query = useQuery(courseQueries.courseRules(api));
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { rules: query.data, error: loadErrorOf(query), retry };
}
