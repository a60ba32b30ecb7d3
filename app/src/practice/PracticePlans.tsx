import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PracticePlanBody } from '../api/index.js';
import { courseQueries } from '../api/queries.js';
import { PlanExercise } from '../plan/PlanExercise.js';
import { usePlanExercise } from '../plan/use-plan-exercise.js';
import { useApi } from '../session/session-context.js';
import { PracticeTrack } from './PracticeTrack.js';

/**
 * The Practice Portal's trade plans: a chart of the learner's own with its zone given, a trade
 * to plan at it, graded like the Managing Risk exercises and played out by Replay.
 */
export function PracticePlans(props: {
  position: number;
  /** How many there are, as the API states. */
  count: number;
  onMove: (position: number) => void;
}) {
  const api = useApi();
  const load = useQuery(courseQueries.practicePlan(api, props.position));
  return (
    <PracticeTrack name="Practice plan" load={load} {...props}>
      {(body, label) => <PracticePlan body={body} label={label} />}
    </PracticeTrack>
  );
}

/** One practice plan; `onPassed` hears whether it is passed, as the server graded it. */
export function PracticePlan({
  body,
  label,
  onPassed,
}: {
  body: PracticePlanBody;
  label: string;
  onPassed?: (passed: boolean) => void;
}) {
  const api = useApi();
  const exercise = usePlanExercise({
    api,
    target: { practice: body.index },
    standing: body.exercise,
    review: body.planReview,
  });
  const { passed } = exercise.state;
  useEffect(() => onPassed?.(passed), [onPassed, passed]);
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
