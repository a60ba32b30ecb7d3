import type { ChartEngine, Timeframe } from 'chart-kit';
import { RetryNotice } from '../components/RetryNotice.js';
import type { CSSProperties, ReactNode } from 'react';
import { LoadingState } from '../components/LoadingState.js';

/** An exercise chart's frame: the chart once loaded, the load error with a retry, or a spinner. */
export function ExerciseChartBox({
  style,
  loaded,
  loadError,
  onRetry,
  children,
}: {
  style: CSSProperties;
  loaded: boolean;
  loadError: string | undefined;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <div className="exercise__chart" style={style}>
      {loaded ? (
        children
      ) : loadError ? (
        <RetryNotice what="the chart" error={loadError} onRetry={onRetry} />
      ) : (
        <LoadingState label="Loading the chart" />
      )}
    </div>
  );
}

/** Draw Line (the line tool) and Refresh (clear the lines): every exercise's first two tools. */
export function DrawingTools({
  engine,
  drawing,
  canDraw = true,
  hasLines,
  onDraw,
  onClear,
}: {
  engine: ChartEngine | undefined;
  drawing: boolean;
  canDraw?: boolean;
  hasLines: boolean;
  onDraw: () => void;
  onClear: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className={`button ${drawing ? 'button--active' : 'button--ghost'}`}
        aria-pressed={drawing}
        onClick={onDraw}
        disabled={!engine || !canDraw}
      >
        Draw Line
      </button>
      <button
        type="button"
        className="button button--ghost"
        onClick={onClear}
        disabled={!engine || !hasLines}
        title="Clear your lines"
      >
        <span aria-hidden="true">↻&nbsp;</span>Refresh
      </button>
    </>
  );
}

/** Sends the learner's answer to be graded: Try, Run or Decide; "Checking…" while it is out. */
export function SubmitButton({
  label,
  submitting,
  disabled,
  onSubmit,
}: {
  label: string;
  submitting: boolean;
  /** Not ready to send (no chart yet, an incomplete answer). */
  disabled: boolean;
  onSubmit: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={onSubmit}
      disabled={disabled || submitting}
    >
      {submitting ? 'Checking…' : label}
    </button>
  );
}

/** Reset view, then the page's own actions (Next, Skip) pushed to the toolbar's end. */
export function ToolbarEnd({
  engine,
  actions,
}: {
  engine: ChartEngine | undefined;
  actions?: ReactNode;
}) {
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => void engine?.resetView()}
        disabled={!engine}
        title="Back to the chart's opening view"
      >
        Reset view
      </button>
      <span className="exercise__spacer" />
      {actions}
    </>
  );
}

/** The 5min / 1hr switch of an exercise whose chart has an hourly twin. */
export function TimeframeToggle({
  engine,
  timeframe,
  switching,
  onSwitch,
}: {
  engine: ChartEngine | undefined;
  /** Undefined until the chart has data. */
  timeframe: Timeframe | undefined;
  switching: boolean;
  onSwitch: (timeframe: Timeframe) => void;
}) {
  return (
    <div className="segmented" role="group" aria-label="Timeframe">
      {(['5min', '1hr'] as Timeframe[]).map((option) => (
        <button
          key={option}
          type="button"
          className="segmented__option"
          aria-pressed={timeframe === option}
          disabled={switching || !engine}
          onClick={() => onSwitch(option)}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
