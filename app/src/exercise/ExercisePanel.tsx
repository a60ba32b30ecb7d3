import type { LineRole, ReplayState } from 'chart-kit';
import { type ComponentProps, type CSSProperties, type ReactNode, useEffect } from 'react';
import { Notice } from '../components/Notice.js';
import {
  DrawingTools,
  ExerciseChartBox,
  SubmitButton,
  TimeframeToggle,
  ToolbarEnd,
} from './ChartTools.js';
import { KeyboardHelp } from './KeyboardHelp.js';
import { preloadChartModule } from './chart-module.js';
import { LazyChart } from './LazyChart.js';
import { ReplayButton } from './ReplayButton.js';
import type { ExerciseChartFrame } from './use-exercise-chart.js';
import { useSeen } from './use-seen.js';

/** The course's market runs on New York session time (API contract). */
const MARKET_TIME_ZONE = 'America/New_York';

/** An exercise the learner answers with lines on the chart: the tools to place them. */
export interface LineTools {
  /** Most lines the learner may place. */
  maxLines: number;
  /** What each line means, in the order they are placed (a plan's entry, stop and target). */
  roles?: readonly LineRole[];
  /** Draw Line is on. */
  drawing: boolean;
  /** Draw Line may be turned on (a plan: not once every role has its line). Default true. */
  canDraw?: boolean;
  lineCount: number;
  onDraw: () => void;
  onClear: () => void;
  /** Places a line at a typed price. */
  onPlace: (price: number) => void;
}

/** The server's grade of the last answer, as the screen words it. */
export interface ExerciseGrade {
  pass: boolean;
  content: ReactNode;
  /** The try counter after a miss ("2 failed tries · …"). */
  tries?: string;
}

/** The correct answer, once the server shows it, and the replay of what came next. */
export interface ExerciseAnswer {
  /** The region's accessible name, e.g. "The correct zone". */
  label: string;
  content: ReactNode;
  /** Offered once the chart carries what price did next. */
  replay?: { label: string; state: ReplayState; onStart: () => void };
}

interface ExercisePanelProps {
  frame: ExerciseChartFrame;
  /** Accessible name of the chart. */
  label: string;
  /** The kind of exercise, as class names beside `exercise` (e.g. 'plan decision'). */
  className?: string;
  /** The chart box's size: a height, or an aspect ratio. */
  boxStyle: CSSProperties;
  loadError: string | undefined;
  onRetry: () => void;
  /** Load the chart only once it is seen (see LazyChart): for a chart below a page's fold. */
  loadWhenSeen?: boolean;
  /** Absent: the chart takes no lines (the learner answers beside it). */
  lines?: LineTools;
  /** Try (or Run) in the toolbar; absent when the answer is sent from the side panel. */
  submit?: ComponentProps<typeof SubmitButton>;
  /** Next / Skip and the like, at the toolbar's end. */
  actions?: ReactNode;
  /** What to do, under the toolbar. */
  status: ReactNode;
  /** The status follows the learner's work (lines placed): screen readers hear it change. */
  statusLive?: boolean;
  /** More words under the status. */
  notes?: ReactNode;
  /** A panel beside the chart where the learner works out or chooses the answer. */
  side?: { label: string; content: ReactNode };
  /** Why the last answer could not be graded. */
  error: string | undefined;
  grade?: ExerciseGrade;
  answer?: ExerciseAnswer;
}

/**
 * The frame every exercise shares: the chart (loading, failed with a retry, or drawn), its
 * toolbar (Draw Line and Refresh, Try, 5min / 1hr, Reset view, then the page's actions), what to
 * do, an optional panel beside the chart, the server's grade, the answer once the server shows
 * it with its replay, and typed prices for line exercises. The screen fills in its own parts;
 * what the server answered is shown as it answered.
 */
export function ExercisePanel({
  frame,
  label,
  className,
  boxStyle,
  loadError,
  onRetry,
  loadWhenSeen = false,
  lines,
  submit,
  actions,
  status,
  statusLive = false,
  notes,
  side,
  error,
  grade,
  answer,
}: ExercisePanelProps) {
  const { engine, series, timeframe } = frame;
  const lineOptions = lines
    ? { maxLines: lines.maxLines, magnet: true, ...(lines.roles ? { lineRoles: lines.roles } : {}) }
    : { maxLines: 0 };
  // Watched from the first render (not from when the data has come): a chart in the first
  // screen fetches its code beside its data, as soon as a chart shown without waiting does. The
  // whole exercise is watched, its tools above the chart too: once they are in the window, the
  // chart is next.
  const [seen, exerciseRef] = useSeen(loadWhenSeen);
  useEffect(() => {
    if (seen) preloadChartModule();
  }, [seen]);

  const chart = (
    <>
      {/* The tools above the chart: at 1280x800 a chart under a page's heading, counter and task
          reaches past the fold, and Draw Line and Try must be in the first screen. */}
      <div className="exercise__toolbar" role="toolbar" aria-label="Chart tools">
        {lines && (
          <DrawingTools
            engine={engine}
            drawing={lines.drawing}
            canDraw={lines.canDraw}
            hasLines={lines.lineCount > 0}
            onDraw={lines.onDraw}
            onClear={lines.onClear}
          />
        )}
        {submit && <SubmitButton {...submit} />}
        {frame.hasHourly && (
          <TimeframeToggle
            engine={engine}
            timeframe={timeframe.timeframe}
            switching={timeframe.switching}
            onSwitch={(option) => void timeframe.setTimeframe(option)}
          />
        )}
        <ToolbarEnd engine={engine} actions={actions} />
      </div>

      <ExerciseChartBox
        style={boxStyle}
        loaded={series !== undefined}
        loadError={loadError}
        onRetry={onRetry}
      >
        {series && (
          <LazyChart
            seen={seen}
            series={series}
            height="100%"
            {...lineOptions}
            timeZone={MARKET_TIME_ZONE}
            homeViews={frame.homeViews}
            label={label}
            onEngine={frame.onEngine}
          />
        )}
      </ExerciseChartBox>

      <p className="exercise__status" aria-live={statusLive ? 'polite' : undefined}>
        {status}
      </p>
      {notes}
    </>
  );

  return (
    <div ref={exerciseRef} className={className ? `exercise ${className}` : 'exercise'}>
      {side ? (
        <div className="exercise__layout">
          <div className="exercise__main">{chart}</div>
          <aside className="exercise__side" aria-label={side.label}>
            {side.content}
          </aside>
        </div>
      ) : (
        chart
      )}

      {error && <Notice tone="error">{error}</Notice>}
      {grade && (
        <Notice tone={grade.pass ? 'success' : 'info'}>
          {grade.content}
          {grade.tries !== undefined && (
            <>
              {' '}
              <span className="exercise__tries">{grade.tries}</span>
            </>
          )}
        </Notice>
      )}

      {answer && (
        <section className="exercise__answer" aria-label={answer.label}>
          {answer.content}
          {answer.replay && frame.hasNext && (
            <ReplayButton
              state={answer.replay.state}
              onStart={answer.replay.onStart}
              subject={frame.subject}
              label={answer.replay.label}
            />
          )}
        </section>
      )}

      {lines && <KeyboardHelp onPlace={lines.onPlace} disabled={!engine} />}
    </div>
  );
}
