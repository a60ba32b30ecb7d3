import type { ChartEngine, LineRole } from 'chart-kit';
import { useLines } from 'chart-kit/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PlanSetup } from '../api/index.js';
import { pressWord, usePointerKind } from '../components/pointer-words.js';
import { zoneLabel } from '../exercise/chart-series.js';
import { ExercisePanel } from '../exercise/ExercisePanel.js';
import { useExerciseChart } from '../exercise/use-exercise-chart.js';
import { moneyText, planNumbers, ratioText } from './plan-numbers.js';
import { PlanPanel } from './PlanPanel.js';
import {
  ENTRY_COLOR,
  MODEL_MARK_COLOR,
  outcomeMarkers,
  STOP_COLOR,
  TARGET_COLOR,
  USER_MARK_COLOR,
  useTradeReplay,
} from './trade-replay.js';
import type { usePlanExercise } from './use-plan-exercise.js';

/** The lines of a plan, placed in this order, each in its colour; risk and reward shaded. */
const ROLES: readonly LineRole[] = [
  { name: 'Entry', color: ENTRY_COLOR },
  { name: 'Stop', color: STOP_COLOR, shadeTo: 'Entry' },
  { name: 'Target', color: TARGET_COLOR, shadeTo: 'Entry' },
];

interface PlanExerciseProps {
  exercise: ReturnType<typeof usePlanExercise>;
  setup: PlanSetup;
  label: string;
  /** Next / Skip, shown after the tools. */
  actions?: ReactNode;
}

/**
 * A trade-plan exercise: the zone is given (blue box) and the next opposing zone is dashed; the
 * learner places entry, stop and target, enters the account and the risk, sees the size, the
 * risk in dollars and the reward-to-risk worked out live, and sends the plan for grading. Once
 * passed or after three tries, the model plan is shown and Replay plays both plans out.
 */
export function PlanExercise({ exercise, setup, label, actions }: PlanExerciseProps) {
  const { state, submit, reload } = exercise;
  const { chart, result } = state;
  const frame = useExerciseChart(chart, undefined, exercise.subject);
  const { engine } = frame;
  const pointer = usePointerKind();
  const { lines, tool, setTool, addLine, clearLines } = useLines(engine);
  const { earlierPlan } = state;
  const [account, setAccount] = useState(String(earlierPlan?.account ?? setup.account));
  const [risk, setRisk] = useState(String(earlierPlan?.riskPercent ?? setup.riskPercent));

  // The zone is given, not to be found: shown from the start, with the opposing zone dashed.
  useEffect(() => {
    if (!engine) return;
    void engine.showZone(
      { upper: setup.zone.upper, lower: setup.zone.lower, label: zoneLabel(setup.zone.type) },
      { animate: false },
    );
    engine.setFixedLines([setup.opposing.upper, setup.opposing.lower]);
  }, [engine, setup]);

  // A plan from an earlier visit is placed again, as the learner left it, once the chart is up.
  const placedEarlierPlanOn = useRef<ChartEngine>(undefined);
  useEffect(() => {
    if (!engine || !earlierPlan || placedEarlierPlanOn.current === engine) return;
    placedEarlierPlanOn.current = engine;
    if (engine.lines().length > 0) return;
    for (const price of [earlierPlan.entry, earlierPlan.stop, earlierPlan.target]) {
      engine.addLine(price);
    }
    engine.setTool('none');
  }, [engine, earlierPlan]);

  // Once revealed, the course's plan is drawn beside the learner's: dashed, named at the left.
  const model = state.revealed ? result?.model : undefined;
  useEffect(() => {
    if (!engine) return;
    engine.setReferenceLines(
      model
        ? [
            { price: model.entry, label: 'Course entry', color: ENTRY_COLOR },
            { price: model.stop, label: 'Course stop', color: STOP_COLOR },
            { price: model.target, label: 'Course target', color: TARGET_COLOR },
          ]
        : [],
    );
  }, [engine, model]);

  const numbers = planNumbers(lines, setup, Number(account), Number(risk));
  const long = setup.zone.type === 'demand';
  const opposingName = long ? 'supply' : 'demand';
  const { entry, stop, target, size } = numbers;
  const ready = entry !== undefined && stop !== undefined && target !== undefined;

  const onTry = () => {
    if (entry === undefined || stop === undefined || target === undefined) return;
    if (size === undefined) return;
    void submit({
      entry,
      stop,
      target,
      account: Number(account),
      riskPercent: Number(risk),
      size,
    });
  };

  // The replay plays until both trades are over, and a little beyond, so the view ends on them.
  const { replay, start: startReplay } = useTradeReplay(
    engine,
    chart,
    result?.outcome,
    result?.model?.outcome,
  );

  // After the replay, where each trade filled and left is marked on its candle, with its result.
  const outcome = result?.outcome;
  const modelOutcome = model?.outcome;
  useEffect(() => {
    if (!engine || !outcome || replay.state.status !== 'finished') return;
    engine.setMarkers([
      ...outcomeMarkers(outcome, 'Your', USER_MARK_COLOR),
      ...(modelOutcome ? outcomeMarkers(modelOutcome, 'Course', MODEL_MARK_COLOR) : []),
    ]);
    const times = [outcome.fillTime, outcome.exitTime].filter(
      (time): time is number => time !== null,
    );
    engine.highlightCandles(times);
  }, [engine, outcome, modelOutcome, replay.state.status]);

  return (
    <ExercisePanel
      frame={frame}
      label={label}
      className="plan"
      boxStyle={{ height: 440 }}
      loadError={state.loadError}
      onRetry={reload}
      lines={{
        maxLines: ROLES.length,
        roles: ROLES,
        drawing: tool === 'line',
        canDraw: lines.length < ROLES.length,
        lineCount: lines.length,
        onDraw: () => setTool('line'),
        onClear: clearLines,
        onPlace: (price) => addLine(price),
      }}
      submit={{
        label: 'Try',
        submitting: state.submitting,
        disabled: !engine || !ready,
        onSubmit: onTry,
      }}
      actions={actions}
      statusLive
      status={
        lines.length < ROLES.length
          ? `Press Draw Line and ${pressWord(pointer)} to place the ${nextRoleName(lines)}. ` +
            `The blue box is the ${long ? 'demand' : 'supply'} zone; the dashed lines are the next ${opposingName} zone.`
          : 'All three lines are placed. Drag a line to adjust it, then press Try.'
      }
      side={{
        label: 'Your plan',
        content: (
          <PlanPanel
            setup={setup}
            numbers={numbers}
            account={account}
            risk={risk}
            onAccount={setAccount}
            onRisk={setRisk}
          />
        ),
      }}
      error={state.error}
      grade={
        result && {
          pass: result.pass,
          content: (
            <ul className="plan__feedback" data-testid="plan-feedback">
              {result.feedback.map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
          ),
          tries: result.pass
            ? undefined
            : `${state.tries} failed ${state.tries === 1 ? 'try' : 'tries'}` +
              (result.triesLeft > 0
                ? ` · the course's plan shows after ${result.triesLeft} more`
                : ''),
        }
      }
      answer={
        state.revealed && result?.model
          ? {
              label: "The course's plan",
              content: (
                <>
                  <h3>The course&apos;s plan</h3>
                  <p>
                    Entry {result.model.entry.toFixed(2)} at the zone&apos;s proximal line, stop{' '}
                    {result.model.stop.toFixed(2)} a quarter of an average candle beyond its distal
                    line, target {result.model.target.toFixed(2)} just short of the next{' '}
                    {opposingName} zone: {ratioText(result.model.rewardToRisk)}, {result.model.size}{' '}
                    {setup.unit} risking{' '}
                    {moneyText(
                      result.model.size *
                        Math.abs(result.model.entry - result.model.stop) *
                        setup.pointValue,
                    )}{' '}
                    dollars.
                  </p>
                  <p className="muted">
                    The dashed lines on the chart are the course&apos;s plan. Replay plays the
                    candles after the exercise: an entry fills when price trades at it; then the
                    stop or the target ends the trade. When one candle reaches both, the course
                    counts the stop first, because a chart cannot show which came first. When a
                    candle opens past a price (a gap), the order fills at that open instead.
                  </p>
                  {replay.state.status === 'finished' && result.outcome && (
                    <dl className="trade-outcomes">
                      <dt>Your plan</dt>
                      <dd data-testid="plan-outcome">{result.outcome.summary}</dd>
                      <dt>The course&apos;s plan</dt>
                      <dd data-testid="model-outcome">{result.model.outcome.summary}</dd>
                    </dl>
                  )}
                </>
              ),
              replay: {
                label: 'Replay: watch the plans play out',
                state: replay.state,
                onStart: startReplay,
              },
            }
          : undefined
      }
    />
  );
}

function nextRoleName(lines: readonly { role?: string }[]): string {
  const taken = new Set(lines.map((line) => line.role));
  return (ROLES.find((role) => !taken.has(role.name))?.name ?? '').toLowerCase();
}
