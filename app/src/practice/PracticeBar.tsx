/**
 * The bar above a Practice Portal chart: Back (locked on the first), the counter, and the way
 * forward. `forward` is null where there is none (past the last chart, behind the wall).
 */
export function PracticeBar({
  position,
  onMove,
  counterName,
  counter,
  forward,
}: {
  position: number;
  onMove: (position: number) => void;
  /** What the counter counts, for screen readers: "Real chart". */
  counterName: string;
  counter: string;
  forward: { text: string; primary: boolean } | null;
}) {
  return (
    <div className="practice__bar">
      <button
        type="button"
        className="button button--ghost"
        onClick={() => onMove(position - 1)}
        disabled={position <= 1}
      >
        Back
      </button>
      <span className="practice__counter" aria-label={counterName}>
        {counter}
      </span>
      <span className="practice__forward">
        {forward && (
          <button
            type="button"
            className={`button ${forward.primary ? 'button--primary' : 'button--ghost'}`}
            onClick={() => onMove(position + 1)}
          >
            {forward.text}
          </button>
        )}
      </span>
    </div>
  );
}
