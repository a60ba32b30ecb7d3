import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage, type LessonSummary } from '../api/index.js';
import { LoadingState } from '../components/LoadingState.js';
import { Notice } from '../components/Notice.js';
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
        <Notice tone="error">
          Could not load the course: {error}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setError(undefined);
              setLoads((n) => n + 1);
            }}
          >
            Try again
          </button>
        </Notice>
      </main>
    );
  }
  if (!lessons) return <LoadingState />;
  const path = decodedPath(pathname);
  const lesson = lessons.find((entry) => entry.path === path);
  if (!lesson) return <NotFoundPage />;
  return (
    <RouteGate>
      <LessonPage key={lesson.path} path={lesson.path} title={lesson.title} />
    </RouteGate>
  );
}
