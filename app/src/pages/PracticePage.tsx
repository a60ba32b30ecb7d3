import { useMemo, useReducer } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppHeader } from '../components/AppHeader.js';
import { Modal } from '../components/Modal.js';
import { Notice } from '../components/Notice.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { useChartExercise } from '../exercise/use-chart-exercise.js';
import {
  canGoBack,
  canLeave,
  counterText,
  INITIAL_PRACTICE,
  isExtraPractice,
  practiceCharts,
  practiceReducer,
  PRACTICE_ROUND,
  type PracticeState,
} from '../practice/practice-counter.js';
import { useApi } from '../session/session-context.js';

interface PracticeChartProps {
  practice: PracticeState;
  onNext: () => void;
  onBack: () => void;
  onLeave: () => void;
  onCloseModal: () => void;
}

function PracticeChart({ practice, onNext, onBack, onLeave, onCloseModal }: PracticeChartProps) {
  const api = useApi();
  const { fiveMinute, hourly } = practiceCharts(practice.position);
  const target = useMemo(() => ({ chart: fiveMinute }), [fiveMinute]);
  const exercise = useChartExercise({
    api,
    target,
    chartNumber: fiveMinute,
    hourlyChartNumber: hourly,
  });
  const zoneType = exercise.charts?.fiveMinute.type;
  const passed = practice.pass || exercise.state.pass;

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
          <button
            type="button"
            className={`button ${passed ? 'button--primary' : 'button--ghost'}`}
            onClick={onNext}
          >
            {passed ? 'Next' : 'Skip'}
          </button>
        </span>
      </div>
      {practice.position === PRACTICE_ROUND && (
        <Notice tone="info">
          Last chart of the round! Leave for the hub, or press {passed ? 'Next' : 'Skip'} for more
          freshly generated practice charts.
        </Notice>
      )}
      {zoneType && <p className="practice__task">Find a {zoneType} zone on this chart.</p>}
      <ExerciseChart
        exercise={exercise}
        height={460}
        label={`Practice chart ${counterText(practice.position)}`}
      />
      <Modal
        open={practice.modalOpen && zoneType !== undefined}
        title={`Find a ${zoneType ?? ''} zone`}
        onClose={onCloseModal}
        closeOnClick
      >
        <p>Draw two lines around it and press Try. Click anywhere to start.</p>
      </Modal>
    </>
  );
}

export function PracticePage() {
  const navigate = useNavigate();
  const [practice, dispatch] = useReducer(practiceReducer, INITIAL_PRACTICE);

  return (
    <>
      <AppHeader />
      <main className="practice">
        <h1>Practice Portal</h1>
        <p className="muted">
          {isExtraPractice(practice)
            ? 'Extra practice: every chart from here on is freshly generated.'
            : `Ten charts to sharpen your eye. Mark the zone with two lines and press Try.`}
        </p>
        <PracticeChart
          key={practice.position}
          practice={practice}
          onNext={() => dispatch({ type: 'next' })}
          onBack={() => dispatch({ type: 'back' })}
          onLeave={() => void navigate('/home')}
          onCloseModal={() => dispatch({ type: 'close-modal' })}
        />
      </main>
    </>
  );
}
