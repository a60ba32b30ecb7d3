import { useMemo, useReducer } from 'react';
import { useAnalytics } from '../analytics/analytics-context.js';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AppHeader } from '../components/AppHeader.js';
import { Modal } from '../components/Modal.js';
import { Notice } from '../components/Notice.js';
import { pressWord, usePointerKind } from '../components/pointer-words.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import type { CourseRules, PracticeRules } from '../api/index.js';
import { WithCourseRules } from '../course/WithCourseRules.js';
import {
  canGoBack,
  canGoOn,
  canLeave,
  counterText,
  freeTasterText,
  INITIAL_PRACTICE,
  isExtraPractice,
  practiceReducer,
  type PracticeState,
} from '../practice/practice-counter.js';
import { PracticeDecisions } from '../practice/PracticeDecisions.js';
import { PracticePlans } from '../practice/PracticePlans.js';
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
  const passed = practice.pass || exercise.state.pass;
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
 * `?plans=N` or `?decisions=N`: that practice at its Nth chart (the first when N is not one of
 * the `count` there are); otherwise the zones.
 */
function positionOf(
  search: URLSearchParams,
  mode: 'plans' | 'decisions',
  count: number,
): number | undefined {
  const value = search.get(mode);
  if (value === null) return undefined;
  const position = Number(value);
  return Number.isInteger(position) && position >= 1 && position <= count ? position : 1;
}

export function PracticePage() {
  return (
    <>
      <AppHeader />
      <main className="practice">
        <h1>Practice Portal</h1>
        <WithCourseRules>{(rules) => <PracticeModes rules={rules} />}</WithCourseRules>
      </main>
    </>
  );
}

/** The portal's three tracks, with the counts the API states. */
function PracticeModes({ rules }: { rules: CourseRules }) {
  const limits = rules.practice;
  const navigate = useNavigate();
  const { subscribed } = useSubscription();
  const [practice, dispatch] = useReducer(practiceReducer, INITIAL_PRACTICE);
  const [search, setSearch] = useSearchParams();
  const plans = positionOf(search, 'plans', limits.plans);
  const decisions =
    plans === undefined ? positionOf(search, 'decisions', limits.decisions) : undefined;
  const zones = plans === undefined && decisions === undefined;
  return (
    <>
      <nav className="practice__modes" aria-label="What to practise">
        <button
          type="button"
          className={`button ${zones ? 'button--primary' : 'button--ghost'}`}
          aria-pressed={zones}
          onClick={() => setSearch({})}
        >
          Find zones
        </button>
        <button
          type="button"
          className={`button ${decisions !== undefined ? 'button--primary' : 'button--ghost'}`}
          aria-pressed={decisions !== undefined}
          onClick={() => setSearch({ decisions: '1' })}
        >
          Take or skip
        </button>
        <button
          type="button"
          className={`button ${plans !== undefined ? 'button--primary' : 'button--ghost'}`}
          aria-pressed={plans !== undefined}
          onClick={() => setSearch({ plans: '1' })}
        >
          Plan trades
        </button>
      </nav>
      {decisions !== undefined ? (
        <>
          <p className="muted">
            Zones of your own with the next wall drawn: decide whether each trade is worth taking,
            by room, freshness and the 1-hour trend.
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'decision', 'decisions')}; the Pro Plan opens all the others.`}
          </p>
          <PracticeDecisions
            key={decisions}
            position={decisions}
            count={limits.decisions}
            onMove={(position) => setSearch({ decisions: String(position) })}
          />
        </>
      ) : zones ? (
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
            onNext={() => dispatch({ type: 'next', charts: limits.charts })}
            onBack={() => dispatch({ type: 'back' })}
            onLeave={() => void navigate('/home')}
            onCloseModal={() => dispatch({ type: 'close-modal' })}
          />
        </>
      ) : (
        <>
          <p className="muted">
            Charts of your own with the zone given: plan the trade as the Managing Risk module
            teaches, with a 25,000-dollar account risking 1%. Your plans count on your Results page.
            {subscribed === false &&
              ` ${freeTasterText(limits.free, 'plan', 'plans')}; the Pro Plan opens all the others.`}
          </p>
          <PracticePlans
            key={plans}
            position={plans ?? 1}
            count={limits.plans}
            onMove={(position) => setSearch({ plans: String(position) })}
          />
        </>
      )}
    </>
  );
}
