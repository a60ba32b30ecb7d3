import { useEffect, useState } from 'react';
import { ApiError, errorMessage, type PracticeDecisionBody } from '../api/index.js';
import { LoadingState } from '../components/LoadingState.js';
import { Notice } from '../components/Notice.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { DecisionExercise } from '../decision/DecisionExercise.js';
import { useDecisionExercise } from '../decision/use-decision-exercise.js';
import { useApi } from '../session/session-context.js';
import { PRACTICE_PLAN_COUNT } from './PracticePlans.js';

interface PracticeDecisionsProps {
  position: number;
  onMove: (position: number) => void;
}

/** The Practice Portal's take-or-skip decisions: zones of the learner's own, to take or skip. */
export function PracticeDecisions({ position, onMove }: PracticeDecisionsProps) {
  const api = useApi();
  const [body, setBody] = useState<PracticeDecisionBody>();
  const [error, setError] = useState<string>();
  const [gated, setGated] = useState(false);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let current = true;
    api.practiceDecision(position).then(
      (answer) => current && setBody(answer),
      (caught: unknown) => {
        if (!current) return;
        if (caught instanceof ApiError && caught.subscriptionRequired) setGated(true);
        else setError(errorMessage(caught));
      },
    );
    return () => {
      current = false;
    };
  }, [api, position, loads]);

  const label = `Practice decision ${position} of ${PRACTICE_PLAN_COUNT}`;
  return (
    <>
      <div className="practice__bar">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onMove(position - 1)}
          disabled={position <= 1}
        >
          Back
        </button>
        <span className="practice__counter" aria-label="Practice decision">
          {position}/{PRACTICE_PLAN_COUNT}
        </span>
        <span className="practice__forward">
          {position < PRACTICE_PLAN_COUNT && !gated && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onMove(position + 1)}
            >
              Next
            </button>
          )}
        </span>
      </div>
      {gated && <SubscriptionWall title={label} />}
      {error && (
        <Notice tone="error">
          Could not load this chart: {error}{' '}
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
      )}
      {!body && !gated && !error && <LoadingState label="Loading your chart" />}
      {body && <PracticeDecision body={body} label={label} />}
    </>
  );
}

function PracticeDecision({ body, label }: { body: PracticeDecisionBody; label: string }) {
  const api = useApi();
  const exercise = useDecisionExercise({
    api,
    target: { practice: body.index },
    review: body.decisionReview,
  });
  return (
    <>
      <p className="practice__task">
        Take or skip a {body.decisionSetup.zone.type === 'demand' ? 'long' : 'short'} trade at this{' '}
        {body.decisionSetup.zone.type} zone?
      </p>
      <DecisionExercise exercise={exercise} setup={body.decisionSetup} label={label} />
    </>
  );
}
