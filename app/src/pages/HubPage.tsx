import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RetryNotice } from '../components/RetryNotice.js';
import { Link, useLocation } from 'react-router-dom';
import type { LessonSummary } from '../api/index.js';
import { courseQueries, loadErrorOf } from '../api/queries.js';
import { AppHeader } from '../components/AppHeader.js';
import { LoadingState } from '../components/LoadingState.js';
import { Notice } from '../components/Notice.js';
import { cardHeading, moduleProgress } from '../hub/module-card.js';
import { SkillsOverview } from '../hub/SkillsOverview.js';
import { useSubscription } from '../session/RouteGate.js';
import { useApi } from '../session/session-context.js';
import { noticeFrom } from './navigation-notice.js';

function LessonCard({ lesson, index }: { lesson: LessonSummary; index: number }) {
  const locked = lesson.status === 'locked';
  return (
    <li className={`lesson-card lesson-card--${lesson.status}`} data-lesson-id={lesson.id}>
      <p className="lesson-card__heading">
        <span>{cardHeading(lesson, index)}</span>
        {lesson.subscriptionRequired && <span className="badge">Pro</span>}
        {lesson.c_num !== null && <span className="badge badge--chart">Chart</span>}
      </p>
      <h3 className="lesson-card__title">{lesson.title}</h3>
      {locked ? (
        <p className="lesson-card__locked">Locked: finish the lesson before it first</p>
      ) : (
        <Link
          to={lesson.path}
          className="lesson-card__link"
          aria-label={`${lesson.status === 'completed' ? 'Review' : 'Start'}: ${lesson.title}`}
        >
          {lesson.status === 'completed' ? 'Review ✓' : 'Start →'}
        </Link>
      )}
    </li>
  );
}

export function HubPage() {
  const api = useApi();
  const location = useLocation();
  const { subscribed } = useSubscription();
  const query = useQuery(courseQueries.catalogue(api));
  const catalogue = query.data;
  const error = loadErrorOf(query);
  const [notice, setNotice] = useState(() => noticeFrom(location.state));
  const checkoutSucceeded = new URLSearchParams(location.search).get('checkout') === 'success';

  return (
    <>
      <AppHeader />
      <main className="hub">
        <div className="page-notices">
          {notice && (
            <Notice tone="success" onDismiss={() => setNotice(undefined)}>
              {notice}
            </Notice>
          )}
          {checkoutSucceeded && (
            <Notice tone="success">
              Welcome to the Pro Plan! Every lesson is open to you now.
            </Notice>
          )}
        </div>
        <header className="hub__intro">
          <h1>Learning Hub</h1>
          <p className="muted">
            Work through each module in order: a lesson opens once you finish the one before it.
            {subscribed === false && (
              <>
                {' '}
                Lessons marked Pro need the <Link to="/pricing">Pro Plan</Link>.
              </>
            )}
          </p>
          <Link to="/practice" className="button button--ghost">
            Practice Portal
          </Link>
        </header>
        <SkillsOverview />
        {error && (
          <RetryNotice what="your lessons" error={error} onRetry={() => void query.refetch()} />
        )}
        {!catalogue && !error && <LoadingState label="Loading your lessons" />}
        {catalogue?.modules.map((module) => {
          const progress = moduleProgress(module);
          return (
            <section
              key={module.key}
              className="catalogue"
              aria-labelledby={`module-${module.key}`}
            >
              <div className="catalogue__header">
                <h2 id={`module-${module.key}`}>{module.title}</h2>
                <p className="muted">
                  {progress.completed} of {progress.total} done
                </p>
              </div>
              <ol className="catalogue__cards">
                {module.lessons.map((lesson, index) => (
                  <LessonCard key={lesson.id} lesson={lesson} index={index} />
                ))}
              </ol>
            </section>
          );
        })}
      </main>
    </>
  );
}
