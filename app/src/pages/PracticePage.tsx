import { useEffect, useMemo, useState } from 'react';
import { useAnalytics } from '../analytics/analytics-context.js';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppHeader } from '../components/AppHeader.js';
import { Modal } from '../components/Modal.js';
import { Notice } from '../components/Notice.js';
import { pressWord, usePointerKind } from '../components/pointer-words.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import type { CourseRules, PracticeMode, PracticePlace, PracticeRules } from '../api/index.js';
import { WithCourseRules } from '../course/WithCourseRules.js';
import {
  canGoBack,
  canGoOn,
  canLeave,
  counterText,
  freeTasterText,
  isExtraPractice,
  type PracticeAction,
  practiceReducer,
  type PracticeState,
} from '../practice/practice-counter.js';
import { LoadingState } from '../components/LoadingState.js';
import { RetryNotice } from '../components/RetryNotice.js';
import { loadErrorOf } from '../api/queries.js';
import { PracticeNeeds } from '../practice/PracticeNeeds.js';
import { usePracticePlace } from '../practice/use-practice-place.js';
import { PracticeDecisions } from '../practice/PracticeDecisions.js';
import { PracticePlans } from '../practice/PracticePlans.js';
import { PracticeReal } from '../practice/PracticeReal.js';
import { PracticeRealDecisions } from '../practice/PracticeRealDecisions.js';
import { useSubscription } from '../session/RouteGate.js';
import { useApi } from '../session/session-context.js';

interface PracticeChartProps {
  practice: PracticeState;
  /** The round and the counts, as the API states them. */
  limits: PracticeRules;
  onNext: () => void;
  onBack: () => void;
  onLeave: () => void;
  onCloseModal: () => void;
}

/** One of the learner's own practice charts (the API simulates it for them alone). */
function PracticeChart({
  practice,
  limits,
  onNext,
  onBack,
  onLeave,
  onCloseModal,
}: PracticeChartProps) {
  const api = useApi();
  const target = useMemo(() => ({ practice: practice.position }), [practice.position]);
  const exercise = useChartExercise({ api, target, practiceIndex: practice.position });
  const zoneType = exercise.charts?.fiveMinute.type;
  // The server's standing of this chart, restored as it loads: never a flag of the portal's.
  const passed = exercise.state.pass;
  const label = `Practice chart ${counterText(practice.position, limits)}`;
  const analytics = useAnalytics();
  const pointer = usePointerKind();
  const next = () => {
    analytics.track('practice_chart_done', { practiceIndex: practice.position, passed });
    onNext();
  };

  return (
    <>
      <div className="practice__bar">
        <button
          type="button"
          className="button button--ghost"
          onClick={onBack}
          disabled={!canGoBack(practice)}
        >
          Back
        </button>
        <span className="practice__counter" aria-label="Practice chart">
          {counterText(practice.position, limits)}
        </span>
        <span className="practice__forward">
          {canLeave(practice, limits) && (
            <button type="button" className="button button--ghost" onClick={onLeave}>
              Leave
            </button>
          )}
          {canGoOn(practice, limits) && !exercise.gated && (
            <button
              type="button"
              className={`button ${passed ? 'button--primary' : 'button--ghost'}`}
              onClick={next}
            >
              {passed ? 'Next' : 'Skip'}
            </button>
          )}
        </span>
      </div>
      {practice.position === limits.round && (
        <Notice tone="info">
          Last chart of the round! Leave for the hub, or press {passed ? 'Next' : 'Skip'} for extra
          practice charts.
        </Notice>
      )}
      {!canGoOn(practice, limits) && (
        <Notice tone="info">
          That was your last practice chart: all {limits.charts} are done.
        </Notice>
      )}
      {exercise.gated ? (
        <SubscriptionWall title={label} />
      ) : (
        <>
          {zoneType && <p className="practice__task">Find a {zoneType} zone on this chart.</p>}
          <ExerciseChart exercise={exercise} height={460} label={label} />
          <Modal
            open={practice.modalOpen && zoneType !== undefined}
            title={`Find a ${zoneType ?? ''} zone`}
            onClose={onCloseModal}
            closeOnClick
          >
            <p>
              Draw two lines around it and press Try. {pressWord(pointer, true)} anywhere to start.
            </p>
          </Modal>
        </>
      )}
    </>
  );
}

/**
 * `?plans=N`, `?decisions=N` or `?zones=N`: that round at its Nth chart; `?needs` (the hub's
 * Practise next): Practise what I need.
 */
function deepLinkOf(
  search: URLSearchParams,
  limits: PracticeRules,
): Partial<PracticePlace> | undefined {
  if (search.has('needs')) return { mode: 'needs' };
  const rounds = [
    ['plans', limits.plans],
    ['decisions', limits.decisions],
    ['zones', limits.charts],
  ] as const;
  for (const [mode, count] of rounds) {
    const value = search.get(mode);
    if (value === null) continue;
    const position = Number(value);
    // The first chart when N is not one of the `count` there are.
    const place = Number.isInteger(position) && position >= 1 && position <= count ? position : 1;
    return { mode, [mode]: place };
  }
  return undefined;
}

export function PracticePage() {
  return (
    <>
      <AppHeader />
      <main className="practice">
        <h1>Practice Portal</h1>
        <WithCourseRules>{(rules) => <PracticePortal rules={rules} />}</WithCourseRules>
      </main>
    </>
  );
}

const isRealMode = (mode: PracticeMode) => mode === 'real' || mode === 'real-decisions';

const REAL_TRACKS: readonly { mode: PracticeMode; label: string }[] = [
  { mode: 'real', label: 'Find the zone' },
  { mode: 'real-decisions', label: 'Take or skip the trade' },
];

/** The real charts' two tracks: zones to find, and real returns to zones to take or skip. */
function RealTracks({
  place,
  move,
}: {
  place: PracticePlace;
  move: (place: PracticePlace) => void;
}) {
  return (
    <nav className="practice__modes" aria-label="Real charts">
      {REAL_TRACKS.map(({ mode, label }) => (
        <button
          key={mode}
          type="button"
          className={`button ${place.mode === mode ? 'button--primary' : 'button--ghost'}`}
          aria-pressed={place.mode === mode}
          onClick={() => move({ ...place, mode })}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}

const MODES: readonly { mode: PracticeMode; label: string }[] = [
  { mode: 'needs', label: 'Practise what I need' },
  { mode: 'zones', label: 'Find zones' },
  { mode: 'decisions', label: 'Take or skip' },
  { mode: 'plans', label: 'Plan trades' },
  { mode: 'real', label: 'Real charts' },
];

/** The portal resumes where the learner was, on any device: the server keeps the place. */
export function PracticePortal({ rules }: { rules: CourseRules }) {
  const api = useApi();
  const portal = usePracticePlace(api);
  const { load, move } = portal;
  const [search, setSearch] = useSearchParams();
  const place = load.data;
  const deepLink = useMemo(() => deepLinkOf(search, rules.practice), [search, rules.practice]);
  // A link into a round (from the hub) moves the kept place there, once.
  useEffect(() => {
    if (!place || !deepLink) return;
    move({ ...place, ...deepLink });
    setSearch({}, { replace: true });
  }, [place, deepLink, move, setSearch]);

  const loadError = loadErrorOf(load);
  if (loadError) {
    return <RetryNotice what="your place" error={loadError} onRetry={() => void load.refetch()} />;
  }
  if (!place || deepLink) return <LoadingState label="Loading your place" />;
  return (
    <>
      <nav className="practice__modes" aria-label="What to practise">
        {MODES.map(({ mode, label }) => {
          // Real charts has two tracks of its own: both keep its button pressed.
          const pressed = place.mode === mode || (mode === 'real' && isRealMode(place.mode));
          return (
            <button
              key={mode}
              type="button"
              className={`button ${pressed ? 'button--primary' : 'button--ghost'}`}
              aria-pressed={pressed}
              onClick={() => {
                if (mode === 'real' && isRealMode(place.mode)) return;
                move({ ...place, mode });
              }}
            >
              {label}
            </button>
          );
        })}
      </nav>
      {portal.keepError && (
        <Notice tone="error">Your place could not be kept: {portal.keepError}</Notice>
      )}
      <PracticeModes rules={rules} place={place} portal={portal} />
    </>
  );
}

/** The mode the learner is in, with the counts the API states. */
function PracticeModes({
  rules,
  place,
  portal,
}: {
  rules: CourseRules;
  place: PracticePlace;
  portal: ReturnType<typeof usePracticePlace>;
}) {
  const limits = rules.practice;
  const navigate = useNavigate();
  const { subscribed } = useSubscription();
  const { move } = portal;
  const [modalOpen, setModalOpen] = useState(true);
  const practice: PracticeState = { position: place.zones, modalOpen };
  const act = (action: PracticeAction) => {
    const next = practiceReducer(practice, action);
    setModalOpen(next.modalOpen);
    if (next.position !== place.zones) move({ ...place, zones: next.position });
  };
  switch (place.mode) {
    case 'needs':
      return (
        <>
          <p className="muted">
            Each exercise is chosen for the skill you need most, the weakest or the one due for
            review, and comes with the reason it was chosen.
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'exercise', 'exercises')} of each kind; the Pro Plan opens all the others.`}
          </p>
          <PracticeNeeds
            current={place.current}
            onResume={portal.resume}
            resumed={portal.resumed}
            resumeError={portal.resumeError}
            onNext={portal.next}
            choosing={portal.choosing}
            chooseError={portal.chooseError}
            allDone={portal.allDone}
          />
        </>
      );
    case 'decisions':
      return (
        <>
          <p className="muted">
            Zones of your own with the next wall drawn: decide whether each trade is worth taking,
            by room, freshness and the 1-hour trend.
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'decision', 'decisions')}; the Pro Plan opens all the others.`}
          </p>
          <PracticeDecisions
            key={place.decisions}
            position={place.decisions}
            count={limits.decisions}
            onMove={(position) => move({ ...place, decisions: position })}
          />
        </>
      );
    case 'plans':
      return (
        <>
          <p className="muted">
            Charts of your own with the zone given: plan the trade as the Managing Risk module
            teaches, with a 25,000-dollar account risking 1%. Your plans count on your Results page.
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'plan', 'plans')}; the Pro Plan opens all the others.`}
          </p>
          <PracticePlans
            key={place.plans}
            position={place.plans}
            count={limits.plans}
            onMove={(position) => move({ ...place, plans: position })}
          />
        </>
      );
    case 'real':
      return (
        <>
          <p className="muted">
            Real sessions of US stocks and ETFs, graded against the zones the course&apos;s own
            rules find. None comes back until you have seen them all.
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'real chart', 'real charts')}; the Pro Plan opens all the others.`}
          </p>
          <RealTracks place={place} move={move} />
          <PracticeReal
            key={place.real}
            position={place.real}
            onMove={(position) => move({ ...place, real: position })}
          />
        </>
      );
    case 'real-decisions':
      return (
        <>
          <p className="muted">
            Real returns to zones the course&apos;s rules found, of every grade: score each zone on
            the checklist, take or skip the trade by room, freshness and the 1-hour trend, then see
            what really happened.
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'real trade', 'real trades')}; the Pro Plan opens all the others.`}
          </p>
          <RealTracks place={place} move={move} />
          <PracticeRealDecisions
            key={place.realDecisions}
            position={place.realDecisions}
            onMove={(position) => move({ ...place, realDecisions: position })}
          />
        </>
      );
    case 'zones':
      return (
        <>
          <p className="muted">
            {isExtraPractice(practice, limits)
              ? 'Extra practice: more charts of your own, each with a fresh market.'
              : `${limits.round} charts of your own to sharpen your eye: nobody else gets the same ones. Mark the zone with two lines and press Try.`}
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'chart', 'charts')}; the Pro Plan opens all the others.`}
          </p>
          <PracticeChart
            key={practice.position}
            practice={practice}
            limits={limits}
            onNext={() => act({ type: 'next', charts: limits.charts })}
            onBack={() => act({ type: 'back' })}
            onLeave={() => void navigate('/home')}
            onCloseModal={() => act({ type: 'close-modal' })}
          />
        </>
      );
  }
}
