import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { courseQueries } from '../api/queries.js';
import { SubscriptionWall } from '../components/SubscriptionWall.js';
import { ExerciseChart } from '../exercise/ExerciseChart.js';
import { type ChartExercise, useChartExercise } from '../exercise/use-chart-exercise.js';
import { useApi } from '../session/session-context.js';
import { PracticeBar } from './PracticeBar.js';

/**
 * The Practice Portal's real charts: real sessions of US stocks and ETFs, one after another
 * (the server serves each new place a session the learner has not seen). The symbol and the day
 * show once the learner passed or used the tries; then the replay plays what really happened.
 */
export function PracticeReal({
  position,
  onMove,
}: {
  position: number;
  onMove: (position: number) => void;
}) {
  const api = useApi();
  const target = useMemo(() => ({ real: position }), [position]);
  const exercise = useChartExercise({ api, target, realIndex: position });
  const passed = exercise.state.pass;
  const label = `Real chart ${position}`;
  return (
    <>
      <PracticeBar
        position={position}
        onMove={onMove}
        counterName="Real chart"
        counter={`Chart ${position}`}
        forward={exercise.gated ? null : { text: passed ? 'Next' : 'Skip', primary: passed }}
      />
      {exercise.gated ? (
        <SubscriptionWall title={label} />
      ) : (
        <RealZoneExercise exercise={exercise} position={position} label={label} />
      )}
    </>
  );
}

/**
 * A real chart's exercise: the task, the session's name once revealed, and the chart. Also
 * shown by "Practise what I need" when it chooses a real chart.
 */
export function RealZoneExercise({
  exercise,
  position,
  label,
}: {
  exercise: ChartExercise;
  position: number;
  label: string;
}) {
  const api = useApi();
  // The same query the exercise loads (no second request): the session's name once revealed.
  const body = useQuery(courseQueries.practiceReal(api, position)).data;
  const zoneType = body?.type;
  return (
    <>
      {zoneType && <p className="practice__task">Find a {zoneType} zone on this real chart.</p>}
      {body?.session ? (
        <p className="practice__reason" data-testid="real-session">
          This was {body.session.name}.
        </p>
      ) : (
        <p className="muted">
          A real day in 5-minute candles, after the day before it. Any fresh {zoneType ?? ''} zone
          the course&apos;s rules find counts; the stock and the day show once you have answered.
        </p>
      )}
      <ExerciseChart exercise={exercise} height={460} label={label} replayToClose />
    </>
  );
}
