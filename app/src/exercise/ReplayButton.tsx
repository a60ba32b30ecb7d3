import type { ReplayState } from 'chart-kit';

/** Starts a replay of what came after an exercise, and counts the candles while it plays. */
export function ReplayButton({
  state,
  onStart,
  label,
}: {
  state: ReplayState;
  onStart: () => void;
  /** What it replays, e.g. "Replay what price did next". */
  label: string;
}) {
  const playing = state.status === 'playing';
  return (
    <button type="button" className="button button--ghost" onClick={onStart} disabled={playing}>
      {playing ? `Replaying… ${state.shown}/${state.total}` : label}
    </button>
  );
}
