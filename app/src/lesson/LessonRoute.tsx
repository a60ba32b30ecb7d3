import { useQuery } from '@tanstack/react-query';
import { RetryNotice } from '../components/RetryNotice.js';
import { useLocation } from 'react-router-dom';
import type { Catalogue } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { PageLoading } from '../components/LoadingState.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { RouteGate } from '../session/RouteGate.js';
import { useSession } from '../session/session-context.js';
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

/** Lesson paths are one segment (`/m1-welcome`); anything else is never asked for ahead. */
const LESSON_PATH = /^\/[^/.]+$/;

/**
 * Every path that is not a fixed page: a lesson when the catalogue has one there (behind the
 * route gate), the 404 page otherwise.
 */
export function LessonRoute() {
  const { api, status } = useSession();
  const { pathname } = useLocation();
  const query = useQuery({ ...courseQueries.catalogue(api), select: allLessons });

  // The catalogue says whether this path is a lesson, but the lesson and the plan check that the
  // gate makes need nothing from it: asked for at the same time, they save a phone two round
  // trips before the lesson's text appears. Observed here, so the gate and the page find the
  // answers in the cache; the server still decides access to each.
  const askAhead = status === 'logged-in' && LESSON_PATH.test(pathname);
  useQuery({ ...courseQueries.subscription(api, pathname), enabled: askAhead });
  useQuery({ ...courseQueries.lesson(api, decodedPath(pathname)), enabled: askAhead });

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
