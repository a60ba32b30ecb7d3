import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RetryNotice } from '../components/RetryNotice.js';
import { Link } from 'react-router-dom';
import { ApiError, type LessonPageBody, type LessonToFinish } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { AppHeader } from '../components/AppHeader.js';
import { LoadingState } from '../components/LoadingState.js';
import { Notice } from '../components/Notice.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { useApi } from '../session/session-context.js';
import { useAnalytics } from '../analytics/analytics-context.js';
import { IllustrationChart } from './IllustrationChart.js';
import { LessonNav } from './LessonNav.js';
import { useLessonNavigation } from './use-lesson-navigation.js';

// An exercise's code (its chart tools, the plan's numbers, the modal's animations) loads with the
// lesson that has one: a text lesson, read first on a phone, does not wait for it.
const ChartLessonExercise = lazy(async () => ({
  default: (await import('./ChartLessonExercise.js')).ChartLessonExercise,
}));
const PlanLessonExercise = lazy(async () => ({
  default: (await import('../plan/PlanLessonExercise.js')).PlanLessonExercise,
}));
const DecisionLessonExercise = lazy(async () => ({
  default: (await import('../decision/DecisionLessonExercise.js')).DecisionLessonExercise,
}));
const ManageLessonExercise = lazy(async () => ({
  default: (await import('../manage/ManageLessonExercise.js')).ManageLessonExercise,
}));

// Shown only to a learner without the plan; its modal brings the animation library.
const SubscriptionWall = lazy(async () => ({
  default: (await import('../components/SubscriptionWall.js')).SubscriptionWall,
}));

/** Every lesson exercise's chart is 440 px tall: the space is kept while its code loads. */
const EXERCISE_CHART_HEIGHT = 440;

function ExerciseLoading() {
  return (
    <div className="exercise__chart" style={{ height: EXERCISE_CHART_HEIGHT }}>
      <LoadingState label="Loading the exercise" />
    </div>
  );
}

type LoadState =
  | { kind: 'loading' }
  | { kind: 'loaded'; lesson: LessonPageBody }
  | { kind: 'gated' }
  | { kind: 'locked'; finishFirst: LessonToFinish }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

/** What the page shows for its lesson's query: the API's refusals each have their own page. */
function loadStateOf(query: UseQueryResult<LessonPageBody>): LoadState {
  if (query.data) return { kind: 'loaded', lesson: query.data };
  const message = loadErrorOf(query);
  const { error } = query;
  if (message === undefined) return { kind: 'loading' };
  if (error instanceof ApiError && error.subscriptionRequired) return { kind: 'gated' };
  if (error instanceof ApiError && error.finishFirst) {
    return { kind: 'locked', finishFirst: error.finishFirst };
  }
  if (error instanceof ApiError && error.status === 404) return { kind: 'missing' };
  return { kind: 'failed', message };
}

function TextLessonFooter({ lesson }: { lesson: LessonPageBody }) {
  const navigation = useLessonNavigation(lesson);
  return (
    <>
      {navigation.error && <Notice tone="error">{navigation.error}</Notice>}
      <LessonNav
        pageLabel={lesson.page}
        onBack={navigation.back}
        extra={
          lesson.practicePortal && (
            <Link to="/practice" className="button button--ghost">
              Practice Portal
            </Link>
          )
        }
        forward={
          <button
            type="button"
            className="button button--primary"
            disabled={navigation.saving}
            onClick={() => void navigation.next()}
          >
            Next
          </button>
        }
      />
    </>
  );
}

function LessonContent({ lesson }: { lesson: LessonPageBody }) {
  const analytics = useAnalytics();
  useEffect(() => {
    analytics.track('lesson_opened', { lessonId: lesson.id });
  }, [analytics, lesson.id]);
  // The text refers to "the picture", so a chart lesson's picture panel starts open.
  const [pictureShown, setPictureShown] = useState(true);
  const { c_num: chartNumber } = lesson;
  return (
    <article className="lesson">
      <p className="lesson__module">{lesson.moduleTitle}</p>
      <h1 className="lesson__title">{lesson.title}</h1>
      <div className="lesson__body">
        {/* The API renders the lesson's Markdown without raw HTML, so this is safe to insert. */}
        <div className="lesson__text" dangerouslySetInnerHTML={{ __html: lesson.html }} />
        {chartNumber === null ? (
          <IllustrationChart illustration={lesson.illustration} />
        ) : (
          <section className="show-chart" aria-label="Lesson picture">
            <button
              type="button"
              className="show-chart__toggle"
              aria-expanded={pictureShown}
              onClick={() => setPictureShown((shown) => !shown)}
            >
              {pictureShown ? 'Hide Chart' : 'Show Chart'}
            </button>
            {pictureShown && <IllustrationChart illustration={lesson.illustration} />}
          </section>
        )}
      </div>
      {lesson.takeaway && (
        <aside className="lesson__takeaway" aria-label="Key takeaway">
          <strong>Takeaway:</strong> {lesson.takeaway}
        </aside>
      )}
      {chartNumber === null ? (
        <TextLessonFooter lesson={lesson} />
      ) : (
        <Suspense fallback={<ExerciseLoading />}>
          {lesson.exerciseKind === 'plan' && lesson.planSetup ? (
            <PlanLessonExercise
              lesson={{ ...lesson, c_num: chartNumber, planSetup: lesson.planSetup }}
            />
          ) : lesson.exerciseKind === 'decision' && lesson.decisionSetup ? (
            <DecisionLessonExercise
              lesson={{ ...lesson, c_num: chartNumber, decisionSetup: lesson.decisionSetup }}
            />
          ) : lesson.exerciseKind === 'manage' && lesson.manageSetup ? (
            <ManageLessonExercise
              lesson={{ ...lesson, c_num: chartNumber, manageSetup: lesson.manageSetup }}
            />
          ) : (
            <ChartLessonExercise lesson={{ ...lesson, c_num: chartNumber }} />
          )}
        </Suspense>
      )}
    </article>
  );
}

/** Any lesson, rendered from its descriptor and content. */
export function LessonPage({ path, title }: { path: string; title: string }) {
  const api = useApi();
  const query = useQuery(courseQueries.lesson(api, path));
  const state = loadStateOf(query);

  if (state.kind === 'missing') return <NotFoundPage />;
  return (
    <>
      <AppHeader />
      <main className="lesson-page">
        {/* Until the lesson is shown (and over the wall's placeholder) its title is the page's
            h1: every state of the page has one. */}
        {state.kind !== 'loaded' && <h1 className="lesson__title">{title}</h1>}
        {state.kind === 'loading' && <LoadingState label={`Loading ${title}`} />}
        {state.kind === 'gated' && (
          <Suspense fallback={<LoadingState label="Loading the plan's offer" />}>
            <SubscriptionWall />
          </Suspense>
        )}
        {state.kind === 'locked' && (
          <Notice tone="info">
            “{title}” opens once you finish “{state.finishFirst.title}”: lessons open in order.{' '}
            <Link to={state.finishFirst.path}>Go to “{state.finishFirst.title}”</Link> or back to
            the <Link to="/home">Learning Hub</Link>.
          </Notice>
        )}
        {state.kind === 'failed' && (
          <RetryNotice
            what="this lesson"
            error={state.message}
            onRetry={() => void query.refetch()}
          />
        )}
        {state.kind === 'loaded' && <LessonContent lesson={state.lesson} />}
      </main>
    </>
  );
}
