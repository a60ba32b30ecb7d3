import { ApiError } from './api-error.js';
import type { HttpClient } from './http.js';
import { newIdempotencyKey } from './idempotency-key.js';
import {
  browserTabCoordination,
  createSessionRefresher,
  type SessionRefresherOptions,
} from './session-refresh.js';
import type {
  AttemptTarget,
  IdempotentRequestHeaders,
  DecisionRequest,
  ManageRequest,
  PlanRequest,
  PracticePlace,
} from '@course/contract';

type Listener = () => void;

/**
 * Every call the app makes, typed. Calls that need a session survive an expired access token: a
 * 401 triggers one refresh (one at a time across the browser's tabs) and one retry. Only a
 * refresh answered 401 ends the session (the session-expired listeners run); a refresh that
 * could not be made (offline, 503) leaves the learner signed in and its error reaches the caller.
 */
export function createCourseApi(
  http: HttpClient,
  coordination: Pick<SessionRefresherOptions, 'locks' | 'storage'> = browserTabCoordination(),
) {
  const sessionExpiredListeners = new Set<Listener>();
  const refresher = createSessionRefresher({
    send: () => http.post('/api/login/refresh/', {}),
    ...coordination,
  });

  async function withSession<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      const refreshed = await refresher.refresh();
      if (refreshed.outcome === 'refreshed') return call();
      if (refreshed.outcome === 'failed') throw refreshed.error;
      for (const listener of sessionExpiredListeners) listener();
      throw error;
    }
  }

  /**
   * An answer the learner gave once: one key for it, sent again with every retry of it (the
   * HTTP client's own and the one after a refresh), so the server grades it once.
   */
  function answerOnce<T>(send: (headers: IdempotentRequestHeaders) => Promise<T>): Promise<T> {
    const headers = { 'Idempotency-Key': newIdempotencyKey() };
    return withSession(() => send(headers));
  }

  return {
    /** Runs `listener` when a call finds the session gone for good; returns the unsubscribe. */
    onSessionExpired(listener: Listener): () => void {
      sessionExpiredListeners.add(listener);
      return () => sessionExpiredListeners.delete(listener);
    },

    // ---- session ----
    register: (email: string, password: string) => http.post('/api/register/', { email, password }),
    login: (email: string, password: string) => http.post('/api/login/', { email, password }),
    logout: () => http.post('/api/logout/', {}),
    /** The logged-in learner, refreshing an expired access token once; 401 when none. */
    currentSession: () => withSession(() => http.post('/api/auth/', {})),
    /**
     * Keeps the session alive: refreshes unless a tab of this browser did within `freshForMs`.
     * Its outcome says whether the session ended (401) or the refresh merely failed.
     */
    keepSessionAlive: (freshForMs: number) => refresher.refresh(freshForMs),

    // ---- password reset ----
    requestPasswordReset: (email: string) => http.post('/users/initReset/', { user_email: email }),
    resetPassword: (email: string, token: string, newPassword: string) =>
      http.post('/users/validateReset/', {
        new_password: newPassword,
        email,
        token,
      }),

    // ---- the course ----
    /** The course's counts and limits (demo charts, practice counts, tries): public. */
    courseRules: () => http.get('/api/course'),

    // ---- progress and lessons ----
    progress: () => withSession(() => http.get('/users/get-progress')),
    completeLesson: (lessonId: number) =>
      withSession(() => http.post('/users/update/', { completed: lessonId })),
    /** Open to visitors too (nothing completed then). */
    catalogue: () => http.get('/api/lessons'),
    lesson: (path: string) =>
      withSession(() => http.get('/api/lessons/{path}', { path: path.replace(/^\//, '') })),
    /** The learner's lines a "pull line" lesson shows from its earlier chart. */
    pulledLines: (path: string) =>
      withSession(() =>
        http.get('/api/lessons/{path}/pulled-lines', { path: path.replace(/^\//, '') }),
      ),

    // ---- charts and grading ----
    /**
     * Public for the landing demo and free lessons; a gated lesson's chart needs the session.
     * With a lesson, the zone comes with that lesson's standing (a chart two lessons show is
     * two exercises).
     */
    chartData: (chartNumber: number, lessonId?: number) =>
      withSession(() => http.get('/chart-data/{id}', { id: chartNumber, lesson: lessonId })),
    /** The learner's own practice chart `index` (1-based) with its 1-hour twin. */
    practiceChart: (index: number) =>
      withSession(() => http.get('/api/practice/{index}', { index })),
    /** The learner's real chart `index` (1-based): the next one is served a real session. */
    practiceReal: (index: number) =>
      withSession(() => http.get('/api/practice/real/{index}', { index })),
    /** The learner's real take-or-skip exercise `index` (1-based). */
    practiceRealDecision: (index: number) =>
      withSession(() => http.get('/api/practice/real/decisions/{index}', { index })),
    attempt: (target: AttemptTarget, lines: number[]) =>
      answerOnce((headers) => http.post('/api/attempts', { ...target, lines }, { headers })),
    /** The learner's own practice plan `index` (1-based): a zone given, a trade to plan. */
    practicePlan: (index: number) =>
      withSession(() => http.get('/api/practice/plans/{index}', { index })),
    /** Grades a trade plan for a lesson's plan exercise or a practice plan. */
    gradePlan: (plan: PlanRequest) =>
      answerOnce((headers) => http.post('/api/plans', plan, { headers })),
    /** The learner's own practice decision `index` (1-based): a zone given, take or skip. */
    practiceDecision: (index: number) =>
      withSession(() => http.get('/api/practice/decisions/{index}', { index })),
    /** Answers a take-or-skip exercise (a lesson's or a practice decision). */
    decide: (decision: DecisionRequest) =>
      answerOnce((headers) => http.post('/api/decisions', decision, { headers })),
    /** Answers a lesson's trade-management exercise: the rule the learner would manage it by. */
    manage: (choice: ManageRequest) =>
      answerOnce((headers) => http.post('/api/manage', choice, { headers })),
    /** Where the learner is in the Practice Portal, as any of their devices left it. */
    practicePlace: () => withSession(() => http.get('/api/practice/place')),
    keepPracticePlace: (place: PracticePlace) =>
      withSession(() => http.post('/api/practice/place', place)),
    /** The learner's graded plans and their trading record. */
    planResults: () => withSession(() => http.get('/api/plans/results')),
    /** The learner's mastery of each skill of the course, in the course's order. */
    skills: () => withSession(() => http.get('/api/skills')),
    /** The practice exercise the learner needs next, and the server's reason for it. */
    practiceNext: () => withSession(() => http.get('/api/practice/next')),
    /** The exercise Practise what I need has now: the one on screen until it is done. */
    practiceCurrent: () => withSession(() => http.get('/api/practice/current')),

    // ---- billing ----
    plan: () => http.get('/api/billing/plan'),
    subscriptionStatus: () => withSession(() => http.get('/api/stripe/isSub')),
    startCheckout: (priceId: string) => withSession(() => http.post('/stripe/check/', { priceId })),
    cancelPlan: () => withSession(() => http.post('/stripe/cancel', {})),
    resumePlan: () => withSession(() => http.post('/stripe/resume', {})),
  };
}

export type CourseApi = ReturnType<typeof createCourseApi>;
