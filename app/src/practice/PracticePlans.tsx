import { useEffect, useState } from 'react';
import { ApiError, errorMessage, type PracticePlanBody } from '../api/index.js';
import { LoadingState } from '../components/LoadingState.js';
import { Notice } from '../components/Notice.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { PlanExercise } from '../plan/PlanExercise.js';
import { usePlanExercise } from '../plan/use-plan-exercise.js';
import { useApi } from '../session/session-context.js';

/** Each learner's practice plans (the API's api/practice/plans/{index}, 1 to 50). */
export const PRACTICE_PLAN_COUNT = 50;

interface PracticePlansProps {
  position: number;
  onMove: (position: number) => void;
}

/**
 * The Practice Portal's trade plans: a chart of the learner's own with its zone given, a trade
 * to plan at it, graded like the Managing Risk exercises and played out by Replay.
 */
export function PracticePlans({ position, onMove }: PracticePlansProps) {
  const api = useApi();
  const [body, setBody] = useState<PracticePlanBody>();
  const [error, setError] = useState<string>();
  const [gated, setGated] = useState(false);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let current = true;
    api.practicePlan(position).then(
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

  const label = `Practice plan ${position} of ${PRACTICE_PLAN_COUNT}`;
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
        <span className="practice__counter" aria-label="Practice plan">
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
      {body && <PracticePlan body={body} label={label} />}
    </>
  );
}

function PracticePlan({ body, label }: { body: PracticePlanBody; label: string }) {
  const api = useApi();
  const exercise = usePlanExercise({
    api,
    target: { practice: body.index },
    standing: body.exercise,
    review: body.planReview,
  });
  const long = body.planSetup.zone.type === 'demand';
  return (
    <>
      <p className="practice__task">
        Plan a {long ? 'long' : 'short'} trade at this {body.planSetup.zone.type} zone: entry, stop
        and target, then press Try.
      </p>
      <PlanExercise exercise={exercise} setup={body.planSetup} label={label} />
    </>
  );
}
