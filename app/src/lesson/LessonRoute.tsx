import { useQuery } from '@tanstack/react-query';
import { RetryNotice } from '../components/RetryNotice.js';
import { useLocation } from 'react-router-dom';
import type { Catalogue } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { PageLoading } from '../components/LoadingState.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { RouteGate } from '../session/RouteGate.js';
import { useApi } from '../session/session-context.js';
import { LessonPage } from './LessonPage.js';

function allLessons(catalogue: Catalogue) {
  return catalogue.modules.flatMap((module) => module.lessons);
}

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
  const query = useQuery({ ...courseQueries.catalogue(api), select: allLessons });
  const lessons = query.data;
  const error = loadErrorOf(query);

  // A failed refresh of a catalogue already at hand leaves the lesson on screen.
  if (error && !lessons) {
    return (
      <main className="lesson-page">
        <h1>The course could not be loaded</h1>
        <RetryNotice what="the course" error={error} onRetry={() => void query.refetch()} />
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
