import type { ChartEngine } from 'chart-kit';
import { useReplay, useTimeframe, useZoneDrawing } from 'chart-kit/react';
import { LazyChart } from './LazyChart.js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Notice } from '../components/Notice.js';
import { chartGestureHint, pressWord, usePointerKind } from '../components/pointer-words.js';
import { DrawingTools, ExerciseChartBox, TimeframeToggle, ToolbarEnd } from './ChartTools.js';
import { exerciseHomeViews, exerciseSeries, replayUntil, zoneLabel } from './chart-series.js';
import { exposeEngineForTests } from './chart-test-hook.js';
import { triesText } from './exercise-state.js';
import { KeyboardHelp } from './KeyboardHelp.js';
import type { ChartExercise } from './use-chart-exercise.js';
import { useExerciseTime } from '../analytics/analytics-context.js';
import { ReplayButton } from './ReplayButton.js';

/** The course's market runs on New York session time (API contract). */
const MARKET_TIME_ZONE = 'America/New_York';

interface ExerciseChartProps {
  exercise: ChartExercise;
  /** 'Try' in lessons and practice, 'Run' on the landing demo. */
  submitLabel?: string;
  /** CSS height of the chart, or an aspect ratio box when omitted. */
  height?: number;
  /** Width over height, used when no height is given. */
  aspectRatio?: number;
  /** Lines carried over from an earlier chart (pull line). */
  pulledLines?: readonly number[];
  onLinesChange?: (prices: number[]) => void;
  /** Next / Skip and the like, shown after the drawing tools. */
  actions?: ReactNode;
  /** Accessible name of the chart. */
  label: string;
  /**
   * The lesson studies how price came back to the zone: once the answer is shown (passed or
   * revealed), the chart plays on by itself through the return.
   */
  playReturnOnAnswer?: boolean;
  /** Load the chart only once it is seen (see LazyChart): for a chart below a page's fold. */
  loadWhenSeen?: boolean;
}

/** The exercise chart with its tools: Draw Line, refresh, Try/Run, the timeframe toggle. */
export function ExerciseChart({
  exercise,
  submitLabel = 'Try',
  height,
  aspectRatio = 16 / 9,
  pulledLines,
  onLinesChange,
  actions,
  label,
  playReturnOnAnswer = false,
  loadWhenSeen = false,
}: ExerciseChartProps) {
  const { charts, loadError, state, submit, reload } = exercise;
  // Time counts from when the chart is there to work on.
  useExerciseTime(charts ? exercise.subject : undefined);
  const [engine, setEngine] = useState<ChartEngine>();
  const pointer = usePointerKind();
  const drawing = useZoneDrawing(engine, { maxLines: 2 });
  const { timeframe, setTimeframe, switching } = useTimeframe(engine);
  const replay = useReplay(engine);
  const [replayed, setReplayed] = useState(false);

  const onEngine = useCallback((next: ChartEngine | undefined) => {
    setEngine(next);
    exposeEngineForTests(next);
  }, []);

  const series = useMemo(
    () => (charts ? exerciseSeries(charts.fiveMinute, charts.hourly) : undefined),
    [charts],
  );
  const homeViews = useMemo(
    () => (charts ? exerciseHomeViews(charts.fiveMinute, charts.hourly) : undefined),
    [charts],
  );

  const prices = useMemo(() => drawing.lines.map((line) => line.price), [drawing.lines]);
  useEffect(() => {
    onLinesChange?.(prices);
  }, [prices, onLinesChange]);

  useEffect(() => {
    engine?.setPulledLines(pulledLines ?? []);
  }, [engine, pulledLines]);

  const { answer } = state;
  useEffect(() => {
    if (!engine || !answer) return;
    void engine.revealZone({
      upper: answer.zone.upper,
      lower: answer.zone.lower,
      label: zoneLabel(answer.zone.type),
    });
    if (answer.baseTimes) engine.highlightCandles(answer.baseTimes);
  }, [engine, answer]);

  const startReplay = useCallback(() => {
    // Until the chart is loaded again after the answer, there is nothing after the puzzle to play.
    if (!engine || !charts?.fiveMinute.next?.length) return;
    const current = timeframe === charts.hourly?.timeframe ? charts.hourly : charts.fiveMinute;
    const lastTime = current?.data.at(-1)?.time;
    if (lastTime === undefined) return;
    if (!replayed) {
      const until = answer ? replayUntil(charts.fiveMinute, answer.zone) : undefined;
      const withNext = until === undefined ? true : { until };
      engine.setSeries(exerciseSeries(charts.fiveMinute, charts.hourly, withNext), timeframe);
      setReplayed(true);
    }
    replay.start({ from: lastTime, speedMs: 350 });
  }, [engine, charts, timeframe, replayed, replay, answer]);

  const hasNext = Boolean(charts?.fiveMinute.next?.length);
  // Played once per answer: the learner can replay it again with the button.
  const playedFor = useRef<unknown>(undefined);
  useEffect(() => {
    if (!playReturnOnAnswer || !answer || !engine || !hasNext || playedFor.current === answer) {
      return;
    }
    playedFor.current = answer;
    // After the reveal's own animation, so the zone is drawn before price comes back to it.
    void engine.settled().then(startReplay);
  }, [playReturnOnAnswer, answer, engine, hasNext, startReplay]);

  const chartBoxStyle = height === undefined ? { aspectRatio: String(aspectRatio) } : { height };

  return (
    <div className="exercise">
      <ExerciseChartBox
        style={chartBoxStyle}
        loaded={series !== undefined}
        loadError={loadError}
        onRetry={reload}
      >
        {series && (
          <LazyChart
            loadWhenSeen={loadWhenSeen}
            series={series}
            height="100%"
            maxLines={2}
            magnet
            timeZone={MARKET_TIME_ZONE}
            homeViews={homeViews}
            label={label}
            onEngine={onEngine}
          />
        )}
      </ExerciseChartBox>

      <div className="exercise__toolbar" role="toolbar" aria-label="Chart tools">
        <DrawingTools
          engine={engine}
          drawing={drawing.tool === 'line'}
          hasLines={drawing.lines.length > 0}
          onDraw={drawing.startDrawing}
          onClear={drawing.clearLines}
        />
        <button
          type="button"
          className="button button--primary"
          onClick={() => void submit(prices)}
          disabled={!engine || state.submitting}
        >
          {state.submitting ? 'Checking…' : submitLabel}
        </button>
        {charts?.hourly && (
          <TimeframeToggle
            engine={engine}
            timeframe={timeframe}
            switching={switching}
            onSwitch={(option) => void setTimeframe(option)}
          />
        )}
        <ToolbarEnd engine={engine} actions={actions} />
      </div>

      <p className="exercise__status" aria-live="polite">
        {drawing.lines.length === 0
          ? 'Press Draw Line, then drag across the zone on the chart: press at one edge and let go ' +
            `at the other to draw both lines at once (or ${pressWord(pointer)} twice). Lines snap ` +
            `to candle prices. ${chartGestureHint(pointer)} Reset view brings it back.`
          : `${drawing.lines.length} of 2 lines: ${prices.map((price) => price.toFixed(2)).join(' and ')}`}
      </p>
      {charts?.hourly?.context_only && (
        <p className="exercise__status" data-testid="hourly-context-only">
          On this chart the base does not show as a base at 1 hour: use the 1hr view for context
          (the trend, the room to the next zone) and mark the zone on the 5min chart.
        </p>
      )}

      {state.error && <Notice tone="error">{state.error}</Notice>}
      {state.feedback && (
        <Notice tone={state.pass ? 'success' : 'info'}>
          <span data-testid="exercise-feedback">{state.feedback}</span>
          {!state.pass && (
            <span className="exercise__tries"> {triesText(state.tries, state.triesLeft)}</span>
          )}
        </Notice>
      )}

      {answer && (
        <section className="exercise__answer" aria-label="The correct zone">
          <h3>
            {zoneLabel(answer.zone.type)}: {answer.zone.lower.toFixed(2)} –{' '}
            {answer.zone.upper.toFixed(2)}
          </h3>
          {answer.explanation && <p>{answer.explanation}</p>}
          <p className="muted">The candles of the zone&apos;s base are highlighted on the chart.</p>
          {hasNext && (
            <ReplayButton
              state={replay.state}
              onStart={startReplay}
              subject={exercise.subject}
              label="Replay what price did next"
            />
          )}
        </section>
      )}

      <KeyboardHelp onPlace={(price) => drawing.addLine(price)} disabled={!engine} />
    </div>
  );
}
