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
import {
  canGoBack,
  canGoOn,
  canLeave,
  counterText,
  INITIAL_PRACTICE,
  isExtraPractice,
  PRACTICE_CHART_COUNT,
  practiceReducer,
  PRACTICE_ROUND,
  type PracticeState,
} from '../practice/practice-counter.js';
import { PracticeDecisions } from '../practice/PracticeDecisions.js';
import { PracticePlans } from '../practice/PracticePlans.js';
import { PRACTICE_TRACK_COUNT } from '../practice/PracticeTrack.js';
import { useSubscription } from '../session/RouteGate.js';
import { useApi } from '../session/session-context.js';

interface PracticeChartProps {
  practice: PracticeState;
  onNext: () => void;
  onBack: () => void;
  onLeave: () => void;
  onCloseModal: () => void;
}

/** One of the learner's own practice charts (the API simulates it for them alone). */
function PracticeChart({ practice, onNext, onBack, onLeave, onCloseModal }: PracticeChartProps) {
  const api = useApi();
  const target = useMemo(() => ({ practice: practice.position }), [practice.position]);
  const exercise = useChartExercise({ api, target, practiceIndex: practice.position });
  const zoneType = exercise.charts?.fiveMinute.type;
  const passed = practice.pass || exercise.state.pass;
  const label = `Practice chart ${counterText(practice.position)}`;
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
          {counterText(practice.position)}
        </span>
        <span className="practice__forward">
          {canLeave(practice) && (
            <button type="button" className="button button--ghost" onClick={onLeave}>
              Leave
            </button>
          )}
          {canGoOn(practice) && !exercise.gated && (
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
      {practice.position === PRACTICE_ROUND && (
        <Notice tone="info">
          Last chart of the round! Leave for the hub, or press {passed ? 'Next' : 'Skip'} for extra
          practice charts.
        </Notice>
      )}
      {!canGoOn(practice) && (
        <Notice tone="info">
          That was your last practice chart: all {PRACTICE_CHART_COUNT} are done.
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

/** `?plans=N` or `?decisions=N`: that practice at its Nth chart; otherwise the zones. */
function positionOf(search: URLSearchParams, mode: 'plans' | 'decisions'): number | undefined {
  const value = search.get(mode);
  if (value === null) return undefined;
  const position = Number(value);
  return Number.isInteger(position) && position >= 1 && position <= PRACTICE_TRACK_COUNT
    ? position
    : 1;
}

export function PracticePage() {
  const navigate = useNavigate();
  const { subscribed } = useSubscription();
  const [practice, dispatch] = useReducer(practiceReducer, INITIAL_PRACTICE);
  const [search, setSearch] = useSearchParams();
  const plans = positionOf(search, 'plans');
  const decisions = plans === undefined ? positionOf(search, 'decisions') : undefined;
  const zones = plans === undefined && decisions === undefined;

  return (
    <>
      <AppHeader />
      <main className="practice">
        <h1>Practice Portal</h1>
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
                ' Your first decision is free; the Pro Plan opens all the others.'}
            </p>
            <PracticeDecisions
              key={decisions}
              position={decisions}
              onMove={(position) => setSearch({ decisions: String(position) })}
            />
          </>
        ) : zones ? (
          <>
            <p className="muted">
              {isExtraPractice(practice)
                ? 'Extra practice: more charts of your own, each with a fresh market.'
                : 'Ten charts of your own to sharpen your eye: nobody else gets the same ones. Mark the zone with two lines and press Try.'}
              {subscribed === false &&
                ' Your first chart is free; the Pro Plan opens all the others.'}
            </p>
            <PracticeChart
              key={practice.position}
              practice={practice}
              onNext={() => dispatch({ type: 'next' })}
              onBack={() => dispatch({ type: 'back' })}
              onLeave={() => void navigate('/home')}
              onCloseModal={() => dispatch({ type: 'close-modal' })}
            />
          </>
        ) : (
          <>
            <p className="muted">
              Charts of your own with the zone given: plan the trade as the Managing Risk module
              teaches, with a 25,000-dollar account risking 1%. Your plans count on your Results
              page.
              {subscribed === false &&
                ' Your first plan is free; the Pro Plan opens all the others.'}
            </p>
            <PracticePlans
              key={plans}
              position={plans ?? 1}
              onMove={(position) => setSearch({ plans: String(position) })}
            />
          </>
        )}
      </main>
    </>
  );
}
