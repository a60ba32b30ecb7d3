import { useReplay, useZoneDrawing } from 'chart-kit/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { chartGestureHint, pressWord, usePointerKind } from '../components/pointer-words.js';
import { exerciseSeries, replayUntil, zoneLabel } from './chart-series.js';
import { triesText } from './exercise-state.js';
import { ExercisePanel } from './ExercisePanel.js';
import type { ChartExercise } from './use-chart-exercise.js';
import { useExerciseChart } from './use-exercise-chart.js';

interface ExerciseChartProps {
  exercise: ChartExercise;
  /** 'Try' in lessons and practice, 'Run' on the landing demo. */
  submitLabel?: string;
  /** CSS height of the chart, or an aspect ratio box when omitted. */
  height?: number;
  /** Width over height, used when no height is given. */
  aspectRatio?: number;
  /** Lines carried over from an earlier chart (pull line), as the server keeps them. */
  pulledLines?: readonly number[];
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
  /**
   * Replay all that came next, to the session's close (a real chart: what really happened),
   * instead of stopping a little after price came back to the zone.
   */
  replayToClose?: boolean;
}

/** The zone exercise: the learner marks the zone with two lines and presses Try (Run). */
export function ExerciseChart({
  exercise,
  submitLabel = 'Try',
  height,
  aspectRatio = 16 / 9,
  pulledLines,
  actions,
  label,
  playReturnOnAnswer = false,
  loadWhenSeen = false,
  replayToClose = false,
}: ExerciseChartProps) {
  const { charts, loadError, state, submit, reload } = exercise;
  const frame = useExerciseChart(charts?.fiveMinute, charts?.hourly, exercise.subject);
  const { engine, hasNext } = frame;
  const { timeframe } = frame.timeframe;
  const pointer = usePointerKind();
  const drawing = useZoneDrawing(engine, { maxLines: 2 });
  const replay = useReplay(engine);
  const [replayed, setReplayed] = useState(false);

  const prices = useMemo(() => drawing.lines.map((line) => line.price), [drawing.lines]);

  useEffect(() => {
    engine?.setFixedLines(pulledLines ?? []);
  }, [engine, pulledLines]);

  const { answer } = state;
  useEffect(() => {
    if (!engine || !answer) return;
    void engine.showZone({
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
      const until =
        answer && !replayToClose ? replayUntil(charts.fiveMinute, answer.zone) : undefined;
      const withNext = until === undefined ? true : { until };
      engine.setSeries(exerciseSeries(charts.fiveMinute, charts.hourly, withNext), timeframe);
      setReplayed(true);
    }
    replay.start({ from: lastTime, speedMs: 350 });
  }, [engine, charts, timeframe, replayed, replay, answer, replayToClose]);

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

  return (
    <ExercisePanel
      frame={frame}
      label={label}
      boxStyle={height === undefined ? { aspectRatio: String(aspectRatio) } : { height }}
      loadError={loadError}
      onRetry={reload}
      loadWhenSeen={loadWhenSeen}
      lines={{
        maxLines: 2,
        drawing: drawing.tool === 'line',
        lineCount: drawing.lines.length,
        onDraw: drawing.startDrawing,
        onClear: drawing.clearLines,
        onPlace: (price) => drawing.addLine(price),
      }}
      submit={{
        label: submitLabel,
        submitting: state.submitting,
        disabled: !engine,
        onSubmit: () => void submit(prices),
      }}
      actions={actions}
      statusLive
      status={
        drawing.lines.length === 0
          ? 'Press Draw Line, then drag across the zone on the chart: press at one edge and let go ' +
            `at the other to draw both lines at once (or ${pressWord(pointer)} twice). Lines snap ` +
            `to candle prices. ${chartGestureHint(pointer)} Reset view brings it back.`
          : `${drawing.lines.length} of 2 lines: ${prices.map((price) => price.toFixed(2)).join(' and ')}`
      }
      notes={
        charts?.hourly?.context_only && (
          <p className="exercise__status" data-testid="hourly-context-only">
            At 1 hour this zone does not show clearly (its base is no base there, or the zone is too
            thin to mark): use the 1hr view for context only (the trend, the room to the next zone)
            and mark the zone on the 5min chart.
          </p>
        )
      }
      error={state.error}
      grade={
        state.feedback === undefined
          ? undefined
          : {
              pass: state.pass,
              content: <span data-testid="exercise-feedback">{state.feedback}</span>,
              tries: state.pass ? undefined : triesText(state.tries, state.triesLeft),
            }
      }
      answer={
        answer && {
          label: 'The correct zone',
          content: (
            <>
              <h3>
                {zoneLabel(answer.zone.type)}: {answer.zone.lower.toFixed(2)} –{' '}
                {answer.zone.upper.toFixed(2)}
              </h3>
              {answer.explanation && <p>{answer.explanation}</p>}
              <p className="muted">
                The candles of the zone&apos;s base are highlighted on the chart.
              </p>
            </>
          ),
          replay: {
            label: 'Replay what price did next',
            state: replay.state,
            onStart: startReplay,
          },
        }
      }
    />
  );
}
