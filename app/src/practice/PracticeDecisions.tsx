import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PracticeDecisionBody } from '../api/index.js';
import { courseQueries } from '../api/queries.js';
import { DecisionExercise } from '../decision/DecisionExercise.js';
import { useDecisionExercise } from '../decision/use-decision-exercise.js';
import { useApi } from '../session/session-context.js';
import { PracticeTrack } from './PracticeTrack.js';

/** The Practice Portal's take-or-skip decisions: zones of the learner's own, to take or skip. */
export function PracticeDecisions(props: {
  position: number;
  /** How many there are, as the API states. */
  count: number;
  onMove: (position: number) => void;
}) {
  const api = useApi();
  const load = useQuery(courseQueries.practiceDecision(api, props.position));
  return (
    <PracticeTrack name="Practice decision" load={load} {...props}>
      {(body, label) => <PracticeDecision body={body} label={label} />}
    </PracticeTrack>
  );
}

/** One practice decision; `onPassed` hears whether it is passed, as the server graded it. */
export function PracticeDecision({
  body,
  label,
  onPassed,
}: {
  body: PracticeDecisionBody;
  label: string;
  onPassed?: (passed: boolean) => void;
}) {
  const api = useApi();
  const exercise = useDecisionExercise({
    api,
    target: { practice: body.index },
    review: body.decisionReview,
  });
  const passed = exercise.state.result?.pass ?? false;
  useEffect(() => onPassed?.(passed), [onPassed, passed]);
  const long = body.decisionSetup.zone.type === 'demand';
  return (
    <>
      <p className="practice__task">
        Take or skip a {long ? 'long' : 'short'} trade at this {body.decisionSetup.zone.type} zone?
      </p>
      <DecisionExercise exercise={exercise} setup={body.decisionSetup} label={label} />
    </>
  );
}
