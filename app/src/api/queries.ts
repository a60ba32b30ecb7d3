import {
  keepPreviousData,
  QueryClient,
  queryOptions,
  skipToken,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-error.js';
import type { CourseApi } from './course-api.js';

/**
 * Every key the app caches server data under, in one place: what a page reads and what a write
 * invalidates name the same thing.
 */
export const queryKeys = {
  /** The learner signed in, or null (POST api/auth/, set by login, register and logout). */
  session: () => ['session'] as const,
  courseRules: () => ['course-rules'] as const,
  billingPlan: () => ['billing-plan'] as const,
  /** Every subscription check: what a change of plan invalidates. */
  subscriptions: () => ['subscription'] as const,
  /** The check made for one path (the spec checks the subscription on every path change). */
  subscription: (pathname: string) => ['subscription', pathname] as const,
  /**
   * The catalogue, which carries the learner's progress: the lessons completed and each lesson's
   * status. It is the app's progress query.
   */
  catalogue: () => ['catalogue'] as const,
  lessons: () => ['lesson'] as const,
  lesson: (path: string) => ['lesson', path] as const,
  /** The lines a "pull line" lesson shows from an earlier lesson's chart (by the lesson's path). */
  pulledLines: (path: string) => ['pulled-lines', path] as const,
  /** A catalogue chart; with a lesson, as that lesson shows it (with its standing). */
  chart: (chartNumber: number | undefined, lessonId?: number) =>
    ['chart-data', chartNumber ?? null, lessonId ?? null] as const,
  practiceChart: (index: number | undefined) => ['practice-chart', index ?? null] as const,
  practicePlan: (index: number | undefined) => ['practice-plan', index ?? null] as const,
  practiceDecision: (index: number | undefined) => ['practice-decision', index ?? null] as const,
  practiceReal: (index: number | undefined) => ['practice-real', index ?? null] as const,
  practiceRealDecision: (index: number | undefined) =>
    ['practice-real-decision', index ?? null] as const,
  planResults: () => ['plan-results'] as const,
  /** The learner's mastery per skill (GET api/skills): every graded answer changes it. */
  skills: () => ['skills'] as const,
  /** The exercise Practise what I need has now (GET api/practice/current). */
  practiceCurrent: () => ['practice-current'] as const,
  /** Where the learner is in the Practice Portal (mode, rounds, the exercise on screen). */
  practicePlace: () => ['practice-place'] as const,
};

/** The data everyone gets alike; everything else belongs to the learner signed in. */
const SHARED_ROOTS: ReadonlySet<unknown> = new Set([
  queryKeys.session()[0],
  queryKeys.courseRules()[0],
  queryKeys.billingPlan()[0],
]);

export function isLearnerData(queryKey: QueryKey): boolean {
  return !SHARED_ROOTS.has(queryKey[0]);
}

/** Tries after the first, for a load that may succeed when asked again. */
const RETRIES = 2;

/**
 * Only a load that got no answer (offline, a time-out) or was turned away for a moment (503) is
 * worth asking again; any other answer, a 4xx above all, is the server's decision and stands.
 */
export function isWorthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.status === 503);
}

export function retryTransient(failureCount: number, error: unknown): boolean {
  return failureCount < RETRIES && isWorthRetrying(error);
}

/** The app's one cache of server data (created once, in the entry). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryTransient,
        // Asked even when the browser believes it is offline: the learner sees the API's own
        // error ("Cannot reach the server") instead of a load that waits in silence.
        networkMode: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * What a learner is working on (an exercise's chart, a lesson's standing): never asked again on
 * its own (window focus, reconnect), only when an answer changes it and invalidates it.
 */
const WORKED_ON = {
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/**
 * Data whose standing and earlier answers seed what a page then edits: kept only while a page
 * shows it, so that the next visit starts from the server's answer, not from an old copy.
 */
const SEEDS_A_PAGE = { ...WORKED_ON, gcTime: 0 } as const;

/**
 * How long an answer counts as the server's current one for a page that mounts right after it was
 * asked for (a lesson asked for by its route, then shown by its page): not asked twice in one
 * page load. A later visit asks again, as the answer is forgotten once its page is left.
 */
const JUST_ASKED_MS = 5_000;

/** The reads of the course API as queries: key, call and how long an answer stays fresh. */
export const courseQueries = {
  /** The course's counts and limits: fixed for a deployment. */
  courseRules: (api: CourseApi) =>
    queryOptions({
      queryKey: queryKeys.courseRules(),
      queryFn: () => api.courseRules(),
      staleTime: Infinity,
    }),

  /** The plan's name and price: fixed for a deployment. */
  billingPlan: (api: CourseApi) =>
    queryOptions({
      queryKey: queryKeys.billingPlan(),
      queryFn: () => api.plan(),
      staleTime: Infinity,
    }),

  /**
   * Asked again on every path: each path has its own key, and is forgotten once left (gcTime
   * 0), so the previous path's answer (kept as a placeholder) is what shows meanwhile.
   */
  subscription: (api: CourseApi, pathname: string) =>
    queryOptions({
      queryKey: queryKeys.subscription(pathname),
      queryFn: () => api.subscriptionStatus(),
      staleTime: JUST_ASKED_MS,
      gcTime: 0,
      placeholderData: keepPreviousData,
    }),

  /** The learner's progress: shown from the cache, and asked again by every page that shows it. */
  catalogue: (api: CourseApi) =>
    queryOptions({
      queryKey: queryKeys.catalogue(),
      queryFn: () => api.catalogue(),
      staleTime: 0,
    }),

  lesson: (api: CourseApi, path: string) =>
    queryOptions({
      queryKey: queryKeys.lesson(path),
      queryFn: () => api.lesson(path),
      ...SEEDS_A_PAGE,
      staleTime: JUST_ASKED_MS,
    }),

  /**
   * Kept by the server with the earlier lesson's graded answer: asked on every visit (another
   * browser or device of the learner may have answered there since), forgotten once left.
   */
  pulledLines: (api: CourseApi, path: string) =>
    queryOptions({
      queryKey: queryKeys.pulledLines(path),
      queryFn: () => api.pulledLines(path),
      ...SEEDS_A_PAGE,
    }),

  /**
   * A catalogue chart changes only when the learner's answer reveals its zone, and that answer
   * invalidates it; until then it stays fresh. Without `chartNumber` nothing is asked.
   */
  chart: (api: CourseApi, chartNumber: number | undefined, lessonId?: number) =>
    queryOptions({
      queryKey: queryKeys.chart(chartNumber, lessonId),
      queryFn: chartNumber === undefined ? skipToken : () => api.chartData(chartNumber, lessonId),
      staleTime: Infinity,
      ...WORKED_ON,
    }),

  /**
   * The learner's own practice exercises (1-based index), with their standing and last answer;
   * without an index nothing is asked.
   */
  practiceChart: (api: CourseApi, index: number | undefined) =>
    queryOptions({
      queryKey: queryKeys.practiceChart(index),
      queryFn: index === undefined ? skipToken : () => api.practiceChart(index),
      staleTime: Infinity,
      ...SEEDS_A_PAGE,
    }),

  practicePlan: (api: CourseApi, index: number | undefined) =>
    queryOptions({
      queryKey: queryKeys.practicePlan(index),
      queryFn: index === undefined ? skipToken : () => api.practicePlan(index),
      staleTime: Infinity,
      ...SEEDS_A_PAGE,
    }),

  practiceReal: (api: CourseApi, index: number | undefined) =>
    queryOptions({
      queryKey: queryKeys.practiceReal(index),
      queryFn: index === undefined ? skipToken : () => api.practiceReal(index),
      staleTime: Infinity,
      ...SEEDS_A_PAGE,
    }),

  practiceRealDecision: (api: CourseApi, index: number | undefined) =>
    queryOptions({
      queryKey: queryKeys.practiceRealDecision(index),
      queryFn: index === undefined ? skipToken : () => api.practiceRealDecision(index),
      staleTime: Infinity,
      ...SEEDS_A_PAGE,
    }),

  practiceDecision: (api: CourseApi, index: number | undefined) =>
    queryOptions({
      queryKey: queryKeys.practiceDecision(index),
      queryFn: index === undefined ? skipToken : () => api.practiceDecision(index),
      staleTime: Infinity,
      ...SEEDS_A_PAGE,
    }),

  /**
   * Asked on every visit (another device may have moved on); while the portal is open, its own
   * moves are the place, written to this cache and sent to the server.
   */
  practicePlace: (api: CourseApi) =>
    queryOptions({
      queryKey: queryKeys.practicePlace(),
      queryFn: () => api.practicePlace(),
      staleTime: Infinity,
      ...SEEDS_A_PAGE,
    }),

  /** Changes with every graded plan, which invalidates it; asked again on every visit. */
  planResults: (api: CourseApi) =>
    queryOptions({
      queryKey: queryKeys.planResults(),
      queryFn: () => api.planResults(),
      staleTime: 0,
    }),

  /** Changes with every graded answer; asked again on every visit of the page showing it. */
  skills: (api: CourseApi) =>
    queryOptions({
      queryKey: queryKeys.skills(),
      queryFn: () => api.skills(),
      staleTime: 0,
    }),

  /**
   * Changes with every practice answer and every exercise the portal moves to; asked again on
   * every visit of the hub or the portal, which both show it.
   */
  practiceCurrent: (api: CourseApi) =>
    queryOptions({
      queryKey: queryKeys.practiceCurrent(),
      queryFn: () => api.practiceCurrent(),
      staleTime: 0,
    }),
};

/**
 * After a lesson's Next: the catalogue is read again (the page on screen asks at once), so that
 * the page the learner goes to shows the saved progress.
 */
export function invalidateProgress(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.catalogue() });
}

/** After a change of plan: the subscription checks, and the catalogue (which lessons are open). */
export function invalidateSubscription(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.subscriptions() }),
    client.invalidateQueries({ queryKey: queryKeys.catalogue() }),
  ]).then(() => undefined);
}

/**
 * After an answer to an exercise: the server's standing of it changed, so its queries (`keys`)
 * and the lesson pages are stale. Those on screen are asked again at once only when `reload`:
 * the answer revealed the zone, and the chart now comes with it and the candles after it.
 */
export function invalidateAnswered(
  client: QueryClient,
  keys: readonly QueryKey[],
  reload: boolean,
): Promise<void> {
  return Promise.all([
    ...keys.map((queryKey) =>
      client.invalidateQueries({ queryKey, refetchType: reload ? 'active' : 'none' }),
    ),
    client.invalidateQueries({ queryKey: queryKeys.lessons(), refetchType: 'none' }),
  ]).then(() => undefined);
}

/**
 * Forgets the data of whoever was signed in. `inUseToo` false keeps what a page still shows (it
 * goes once the page closes); true is for a moment when no learner page is on screen (login).
 */
export function forgetLearnerData(client: QueryClient, inUseToo: boolean): void {
  client.removeQueries({
    predicate: (query) => isLearnerData(query.queryKey) && (inUseToo || !query.isActive()),
  });
}

/**
 * The failure a page shows for a load, in the server's words; none while it is asked again
 * (Try again), when the page shows that it is loading instead.
 */
export function loadErrorOf(query: { error: unknown; isFetching: boolean }): string | undefined {
  return query.error && !query.isFetching ? errorMessage(query.error) : undefined;
}
