import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { type Analytics, type ExerciseSubject, NO_ANALYTICS } from './analytics.js';

const AnalyticsContext = createContext<Analytics>(NO_ANALYTICS);

export function AnalyticsProvider({
  analytics,
  children,
}: {
  analytics: Analytics;
  children: ReactNode;
}) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

/** The page's analytics; one that counts nothing outside an {@link AnalyticsProvider}. */
export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}

/** The server caps one exercise visit at four hours: a tab left open is not time spent. */
const MAX_VISIT_MS = 4 * 60 * 60 * 1000;
/** Shorter visits are a page passing by (or React's development double mount), not work. */
const MIN_VISIT_MS = 1000;

/**
 * Counts the time an exercise is on screen while the page is visible, and sends it as
 * `exercise_time` when the learner leaves the exercise or hides the page (then it counts again
 * from when the page is back).
 */
export function useExerciseTime(subject: ExerciseSubject | undefined): void {
  const analytics = useAnalytics();
  const key = subject ? JSON.stringify(subject) : undefined;
  useEffect(() => {
    if (!key || !analytics.enabled) return;
    const fields = JSON.parse(key) as ExerciseSubject;
    let startedAt = document.visibilityState === 'visible' ? performance.now() : undefined;
    const report = () => {
      if (startedAt === undefined) return;
      const durationMs = Math.round(performance.now() - startedAt);
      startedAt = undefined;
      if (durationMs < MIN_VISIT_MS) return;
      analytics.track('exercise_time', {
        ...fields,
        durationMs: Math.min(durationMs, MAX_VISIT_MS),
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        report();
        analytics.flush();
      } else {
        startedAt ??= performance.now();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      report();
    };
  }, [analytics, key]);
}
