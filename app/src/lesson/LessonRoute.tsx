import { useEffect, useState } from 'react';
import { RetryNotice } from '../components/RetryNotice.js';
import { useLocation } from 'react-router-dom';
import { errorMessage, type LessonSummary } from '../api/index.js';
import { PageLoading } from '../components/LoadingState.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { RouteGate } from '../session/RouteGate.js';
import { useApi } from '../session/session-context.js';
import { LessonPage } from './LessonPage.js';

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Every path that is not a fixed page: a lesson when the catalogue has one there (behind the
 * route gate), the 404 page otherwise.
 */
export function LessonRoute() {
  const api = useApi();
  const { pathname } = useLocation();
  const [lessons, setLessons] = useState<LessonSummary[]>();
  const [error, setError] = useState<string>();
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let current = true;
    api.catalogue().then(
      (catalogue) => current && setLessons(catalogue.modules.flatMap((module) => module.lessons)),
      (caught: unknown) => current && setError(errorMessage(caught)),
    );
    return () => {
      current = false;
    };
  }, [api, loads]);

  if (error) {
    return (
      <main className="lesson-page">
        <h1>The course could not be loaded</h1>
        <RetryNotice
          what="the course"
          error={error}
          onRetry={() => {
            setError(undefined);
            setLoads((n) => n + 1);
          }}
        />
      </main>
    );
  }
  if (!lessons) return <PageLoading />;
  const path = decodedPath(pathname);
  const lesson = lessons.find((entry) => entry.path === path);
  if (!lesson) return <NotFoundPage />;
  return (
    <RouteGate>
      <LessonPage key={lesson.path} path={lesson.path} title={lesson.title} />
    </RouteGate>
  );
}
