import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PracticeRealDecisionBody } from '../api/index.js';
import { courseQueries } from '../api/queries.js';
import { LoadingState } from '../components/LoadingState.js';
import { RetryNotice } from '../components/RetryNotice.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { DecisionExercise } from '../decision/DecisionExercise.js';
import { useDecisionExercise } from '../decision/use-decision-exercise.js';
import { chartLoadState } from '../exercise/chart-load.js';
import { useApi } from '../session/session-context.js';
import { PracticeBar } from './PracticeBar.js';

/**
 * Take or skip on real setups: real returns to zones the course's rules found, one after another
 * (each new place is served a session the learner has not seen). Once answered, the session is
 * named and the replay shows what the trade really did, to the close.
 */
export function PracticeRealDecisions({
  position,
  onMove,
}: {
  position: number;
  onMove: (position: number) => void;
}) {
  const api = useApi();
  const load = useQuery(courseQueries.practiceRealDecision(api, position));
  const body = load.data;
  const { loadError, gated, reload } = chartLoadState([load]);
  const answered = body?.exercise.revealed ?? false;
  const label = `Real decision ${position}`;
  return (
    <>
      <PracticeBar
        position={position}
        onMove={onMove}
        counterName="Real decision"
        counter={`Trade ${position}`}
        forward={gated ? null : { text: answered ? 'Next' : 'Skip', primary: answered }}
      />
      {gated && <SubscriptionWall title={label} />}
      {loadError && <RetryNotice what="this chart" error={loadError} onRetry={reload} />}
      {!body && !gated && !loadError && <LoadingState label="Loading your chart" />}
      {body && <RealDecision body={body} label={label} />}
    </>
  );
}

/** One real take-or-skip exercise; `onPassed` hears whether it is passed, as the server graded it. */
export function RealDecision({
  body,
  label,
  onPassed,
}: {
  body: PracticeRealDecisionBody;
  label: string;
  onPassed?: (passed: boolean) => void;
}) {
  const api = useApi();
  const exercise = useDecisionExercise({
    api,
    target: { real: body.index },
    review: body.decisionReview,
  });
  const passed = exercise.state.result?.pass ?? false;
  useEffect(() => onPassed?.(passed), [onPassed, passed]);
  const { type } = body.decisionSetup.zone;
  return (
    <>
      <p className="practice__task">
        Price is coming back to this {type} zone on a real chart: take or skip a{' '}
        {type === 'demand' ? 'long' : 'short'} trade?
      </p>
      {body.session ? (
        <p className="practice__reason" data-testid="real-session">
          This was {body.session.name}.
        </p>
      ) : (
        <p className="muted">
          A real return to a zone the course&apos;s rules found, with the days before it. The stock
          and the day show once you have answered; then the replay shows what really happened.
        </p>
      )}
      <DecisionExercise exercise={exercise} setup={body.decisionSetup} label={label} />
    </>
  );
}
