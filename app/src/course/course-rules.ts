import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type CourseApi, type CourseRules } from '../api/index.js';
import { useApi } from '../session/session-context.js';

/** One request per API client, shared by every page that needs the rules. */
const requests = new WeakMap<CourseApi, Promise<CourseRules>>();
const answers = new WeakMap<CourseApi, CourseRules>();

/**
 * The course's counts and limits from GET api/course, asked once per API client (a failed
 * request is asked again by the next caller). The app starts it with the page's code, so a page
 * that needs the rules rarely waits for them.
 */
export function loadCourseRules(api: CourseApi): Promise<CourseRules> {
  let request = requests.get(api);
  if (!request) {
    request = api.courseRules().then(
      (rules) => {
        answers.set(api, rules);
        return rules;
      },
      (error: unknown) => {
        requests.delete(api);
        throw error;
      },
    );
    requests.set(api, request);
  }
  return request;
}

export interface CourseRulesState {
  /** Undefined until the API has answered. */
  rules: CourseRules | undefined;
  /** Why the rules could not be read (offline, a 503). */
  error: string | undefined;
  retry: () => void;
}

/** The course's rules as the API states them; the API decides every count and limit. */
export function useCourseRules(): CourseRulesState {
  const api = useApi();
  const [rules, setRules] = useState(() => answers.get(api));
  const [error, setError] = useState<string>();
  const [asks, setAsks] = useState(0);

  useEffect(() => {
    if (rules) return;
    let current = true;
    loadCourseRules(api).then(
      (answer) => current && setRules(answer),
      (caught: unknown) => current && setError(errorMessage(caught)),
    );
    return () => {
      current = false;
    };
  }, [api, rules, asks]);

  const retry = useCallback(() => {
    setError(undefined);
    setAsks((count) => count + 1);
  }, []);
  return { rules, error, retry };
}
