import type { ReplayState } from 'chart-kit';
import type { ExerciseSubject } from '../analytics/analytics.js';
import { useAnalytics } from '../analytics/analytics-context.js';

/** Starts a replay of what came after an exercise, and counts the candles while it plays. */
export function ReplayButton({
  state,
  onStart,
  label,
  subject,
}: {
  state: ReplayState;
  onStart: () => void;
  /** What it replays, e.g. "Replay what price did next". */
  label: string;
  /** The exercise replayed, for the course's analytics. */
  subject: ExerciseSubject | undefined;
}) {
  const analytics = useAnalytics();
  const playing = state.status === 'playing';
  const start = () => {
    if (subject) analytics.track('exercise_replay', subject);
    onStart();
  };
  return (
    <button type="button" className="button button--ghost" onClick={start} disabled={playing}>
      {playing ? `Replaying… ${state.shown}/${state.total}` : label}
    </button>
  );
}
