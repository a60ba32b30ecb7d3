import type { ChartEngine, LineRole } from 'chart-kit';
import { useLines } from 'chart-kit/react';
import { LazyChart } from '../exercise/LazyChart.js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PlanSetup } from '../api/index.js';
import { Notice } from '../components/Notice.js';
import { DrawingTools, ExerciseChartBox, ToolbarEnd } from '../exercise/ChartTools.js';
import { exerciseHomeViews, exerciseSeries, zoneLabel } from '../exercise/chart-series.js';
import { exposeEngineForTests } from '../exercise/chart-test-hook.js';
import { KeyboardHelp } from '../exercise/KeyboardHelp.js';
import { planNumbers, ratioText } from './plan-numbers.js';
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
import { useExerciseTime } from '../analytics/analytics-context.js';
import { ReplayButton } from '../exercise/ReplayButton.js';
import { pressWord, usePointerKind } from '../components/pointer-words.js';

const MARKET_TIME_ZONE = 'America/New_York';

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

function money(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
  useExerciseTime(chart ? exercise.subject : undefined);
  const [engine, setEngine] = useState<ChartEngine>();
  const pointer = usePointerKind();
  const { lines, tool, setTool, addLine, clearLines } = useLines(engine);
  const { earlierPlan } = state;
  const [account, setAccount] = useState(String(earlierPlan?.account ?? setup.account));
  const [risk, setRisk] = useState(String(earlierPlan?.riskPercent ?? setup.riskPercent));

  const onEngine = useCallback((next: ChartEngine | undefined) => {
    setEngine(next);
    exposeEngineForTests(next);
  }, []);

  const series = useMemo(() => (chart ? exerciseSeries(chart, undefined) : undefined), [chart]);
  const homeViews = useMemo(
    () => (chart ? exerciseHomeViews(chart, undefined) : undefined),
    [chart],
  );

  // The zone is given, not to be found: shown from the start, with the opposing zone dashed.
  useEffect(() => {
    if (!engine) return;
    void engine.revealZone(
      { upper: setup.zone.upper, lower: setup.zone.lower, label: zoneLabel(setup.zone.type) },
      { animate: false },
    );
    engine.setPulledLines([setup.opposing.upper, setup.opposing.lower]);
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

  const chartBoxStyle = { height: 440 };

  return (
    <div className="exercise plan">
      <div className="plan__layout">
        <div className="plan__chart">
          <ExerciseChartBox
            style={chartBoxStyle}
            loaded={series !== undefined}
            loadError={state.loadError}
            onRetry={reload}
          >
            {series && (
              <LazyChart
                series={series}
                height="100%"
                lineRoles={ROLES}
                maxLines={ROLES.length}
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
              drawing={tool === 'line'}
              canDraw={lines.length < ROLES.length}
              hasLines={lines.length > 0}
              onDraw={() => setTool('line')}
              onClear={clearLines}
            />
            <button
              type="button"
              className="button button--primary"
              onClick={onTry}
              disabled={!engine || !ready || state.submitting}
            >
              {state.submitting ? 'Checking…' : 'Try'}
            </button>
            <ToolbarEnd engine={engine} actions={actions} />
          </div>
          <p className="exercise__status" aria-live="polite">
            {lines.length < ROLES.length
              ? `Press Draw Line and ${pressWord(pointer)} to place the ${nextRoleName(lines)}. ` +
                `The blue box is the ${long ? 'demand' : 'supply'} zone; the dashed lines are the next ${opposingName} zone.`
              : 'All three lines are placed. Drag a line to adjust it, then press Try.'}
          </p>
        </div>

        <aside className="plan__panel" aria-label="Your plan">
          <h3>Your plan</h3>
          <div className="plan__money">
            <label>
              Account (dollars)
              <input
                type="number"
                min="1"
                step="any"
                inputMode="decimal"
                value={account}
                onChange={(event) => setAccount(event.target.value)}
              />
            </label>
            <label>
              Risk per trade (%)
              <input
                type="number"
                min="0.1"
                max="100"
                step="0.1"
                inputMode="decimal"
                value={risk}
                onChange={(event) => setRisk(event.target.value)}
              />
            </label>
          </div>
          <dl className="plan__numbers">
            <dt>Money at risk</dt>
            <dd>{money(numbers.budget)} dollars</dd>
            {setup.buyingPower !== null && (
              <>
                <dt>Buying power</dt>
                <dd>{money(setup.buyingPower)} dollars</dd>
              </>
            )}
            {(['entry', 'stop', 'target'] as const).map((role) => (
              <div key={role} className={`plan__row plan__row--${role}`}>
                <dt>{role.charAt(0).toUpperCase() + role.slice(1)}</dt>
                <dd>{numbers[role] === undefined ? '–' : numbers[role].toFixed(2)}</dd>
              </div>
            ))}
            <dt>Size</dt>
            <dd data-testid="plan-size">
              {numbers.size === undefined ? '–' : `${numbers.size} ${setup.unit}`}
            </dd>
            {numbers.positionValue !== undefined && (
              <>
                <dt>Position value</dt>
                <dd>{money(numbers.positionValue)} dollars</dd>
              </>
            )}
            <dt>Risk if the stop is hit</dt>
            <dd>
              {numbers.riskDollars === undefined ? '–' : `${money(numbers.riskDollars)} dollars`}
            </dd>
            <dt>Reward-to-risk</dt>
            <dd data-testid="plan-ratio">
              {numbers.rewardToRisk === undefined ? '–' : ratioText(numbers.rewardToRisk)}
            </dd>
          </dl>
          <p className="muted">The course asks for at least {setup.minRewardToRisk}:1.</p>
          {numbers.missing && <p className="muted">{numbers.missing}</p>}
          {numbers.limitedByBuyingPower && setup.buyingPower !== null && (
            <p className="muted" data-testid="plan-buying-power">
              The risk would allow more {setup.unit}, but {money(setup.buyingPower)} dollars of
              buying power pays for only {numbers.size}: this trade risks less than planned.
            </p>
          )}
          <p className="muted">
            Size = money at risk ÷ (entry − stop
            {setup.pointValue === 1 ? '' : ` × ${setup.pointValue} dollars per point`}), rounded
            down.
          </p>
        </aside>
      </div>

      {state.error && <Notice tone="error">{state.error}</Notice>}
      {result && (
        <Notice tone={result.pass ? 'success' : 'info'}>
          <ul className="plan__feedback" data-testid="plan-feedback">
            {result.feedback.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          {!result.pass && (
            <span className="exercise__tries">
              {state.tries} failed {state.tries === 1 ? 'try' : 'tries'}
              {result.triesLeft > 0
                ? ` · the course's plan shows after ${result.triesLeft} more`
                : ''}
            </span>
          )}
        </Notice>
      )}

      {state.revealed && result?.model && (
        <section className="exercise__answer" aria-label="The course's plan">
          <h3>The course&apos;s plan</h3>
          <p>
            Entry {result.model.entry.toFixed(2)} at the zone&apos;s proximal line, stop{' '}
            {result.model.stop.toFixed(2)} a quarter of an average candle beyond its distal line,
            target {result.model.target.toFixed(2)} just short of the next {opposingName} zone:{' '}
            {ratioText(result.model.rewardToRisk)}, {result.model.size} {setup.unit} risking{' '}
            {money(
              result.model.size *
                Math.abs(result.model.entry - result.model.stop) *
                setup.pointValue,
            )}{' '}
            dollars.
          </p>
          <p className="muted">
            The dashed lines on the chart are the course&apos;s plan. Replay plays the candles after
            the exercise: an entry fills when price trades at it; then the stop or the target ends
            the trade. When one candle reaches both, the course counts the stop first, because a
            chart cannot show which came first. When a candle opens past a price (a gap), the order
            fills at that open instead.
          </p>
          {replay.state.status === 'finished' && result.outcome && (
            <dl className="trade-outcomes">
              <dt>Your plan</dt>
              <dd data-testid="plan-outcome">{result.outcome.summary}</dd>
              <dt>The course&apos;s plan</dt>
              <dd data-testid="model-outcome">{result.model.outcome.summary}</dd>
            </dl>
          )}
          {chart?.next && (
            <ReplayButton
              state={replay.state}
              onStart={startReplay}
              subject={exercise.subject}
              label="Replay: watch the plans play out"
            />
          )}
        </section>
      )}

      <KeyboardHelp onPlace={(price) => addLine(price)} disabled={!engine} />
    </div>
  );
}

function nextRoleName(lines: readonly { role?: string }[]): string {
  const taken = new Set(lines.map((line) => line.role));
  return (ROLES.find((role) => !taken.has(role.name))?.name ?? '').toLowerCase();
}
