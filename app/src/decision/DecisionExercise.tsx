import type { ChartEngine } from 'chart-kit';
import { LazyChart } from '../exercise/LazyChart.js';
import { useTimeframe } from 'chart-kit/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DecisionCheck, DecisionSetup } from '../api/index.js';
import { Notice } from '../components/Notice.js';
import { ExerciseChartBox, TimeframeToggle, ToolbarEnd } from '../exercise/ChartTools.js';
import { exerciseHomeViews, exerciseSeries, zoneLabel } from '../exercise/chart-series.js';
import { exposeEngineForTests } from '../exercise/chart-test-hook.js';
import {
  ENTRY_COLOR,
  MODEL_MARK_COLOR,
  outcomeMarkers,
  STOP_COLOR,
  TARGET_COLOR,
  useTradeReplay,
} from '../plan/trade-replay.js';
import type { useDecisionExercise } from './use-decision-exercise.js';
import { useExerciseTime } from '../analytics/analytics-context.js';
import { ReplayButton } from '../exercise/ReplayButton.js';
import { chartGestureHint, usePointerKind } from '../components/pointer-words.js';

const MARKET_TIME_ZONE = 'America/New_York';
/** The next opposing zone's lines, in the pulled-line colour the course uses for walls. */
const WALL_COLOR = 0xce93d8;

const CHECK_LABELS: Record<DecisionCheck, string> = {
  room: 'Room: a target short of the wall pays under 2R',
  fresh: 'Not fresh: price has already come back into the zone',
  'higher-timeframe': '1-hour chart: the trend points against the trade',
};

interface DecisionExerciseProps {
  exercise: ReturnType<typeof useDecisionExercise>;
  setup: DecisionSetup;
  label: string;
  actions?: ReactNode;
}

/**
 * A take-or-skip exercise: the zone is given (blue box) and the next opposing zone drawn as two
 * dashed lines; the learner decides Take or Skip and, to skip, ticks the checks that fail. The
 * answer shows the course's decision with each check's numbers, its plan as dashed lines, and a
 * Replay of what a trade there met.
 */
export function DecisionExercise({ exercise, setup, label, actions }: DecisionExerciseProps) {
  const { state, submit, reload } = exercise;
  const { chart, hourly, result } = state;
  useExerciseTime(chart ? exercise.subject : undefined);
  const [engine, setEngine] = useState<ChartEngine>();
  const pointer = usePointerKind();
  const [take, setTake] = useState<boolean>();
  const [reasons, setReasons] = useState<DecisionCheck[]>([]);
  const long = setup.zone.type === 'demand';
  const wallName = long ? 'Next supply zone' : 'Next demand zone';

  const onEngine = useCallback((next: ChartEngine | undefined) => {
    setEngine(next);
    exposeEngineForTests(next);
  }, []);
  const series = useMemo(
    () => (chart ? exerciseSeries(chart, hourly) : undefined),
    [chart, hourly],
  );
  const homeViews = useMemo(
    () => (chart ? exerciseHomeViews(chart, hourly) : undefined),
    [chart, hourly],
  );
  const { timeframe, setTimeframe, switching } = useTimeframe(engine);

  const course = result?.revealed ? result.course : undefined;
  useEffect(() => {
    if (!engine) return;
    void engine.revealZone(
      { upper: setup.zone.upper, lower: setup.zone.lower, label: zoneLabel(setup.zone.type) },
      { animate: false },
    );
    const wall = [
      { price: setup.opposing.upper, color: WALL_COLOR },
      { price: setup.opposing.lower, label: wallName, color: WALL_COLOR },
    ];
    const plan = course
      ? [
          { price: course.model.entry, label: 'Course entry', color: ENTRY_COLOR },
          { price: course.model.stop, label: 'Course stop', color: STOP_COLOR },
          // On a zone to skip: the target a 2R trade would have needed, beyond the wall.
          {
            price: course.take ? course.model.target : twoR(course.model),
            label: course.take ? 'Course target' : '2R target',
            color: TARGET_COLOR,
          },
        ]
      : [];
    engine.setReferenceLines([...wall, ...plan]);
  }, [engine, setup, course, wallName]);

  const { replay, start: playTrade } = useTradeReplay(engine, chart, course?.outcome);
  // The trade plays out candle by candle on the 5-minute chart, where it was planned.
  const startReplay = useCallback(async () => {
    if (timeframe !== '5min') await setTimeframe('5min');
    playTrade();
  }, [timeframe, setTimeframe, playTrade]);
  useEffect(() => {
    if (!engine || !course || replay.state.status !== 'finished') return;
    engine.setMarkers(
      outcomeMarkers(course.outcome, course.take ? 'Course' : '2R trade', MODEL_MARK_COLOR),
    );
  }, [engine, course, replay.state.status]);

  const toggleReason = (check: DecisionCheck) =>
    setReasons((current) =>
      current.includes(check) ? current.filter((entry) => entry !== check) : [...current, check],
    );
  const ready = take === true || (take === false && reasons.length > 0);

  return (
    <div className="exercise plan decision">
      <div className="plan__layout">
        <div className="plan__chart">
          <ExerciseChartBox
            style={{ height: 440 }}
            loaded={series !== undefined}
            loadError={state.loadError}
            onRetry={reload}
          >
            {series && (
              <LazyChart
                series={series}
                height="100%"
                maxLines={0}
                timeZone={MARKET_TIME_ZONE}
                homeViews={homeViews}
                label={label}
                onEngine={onEngine}
              />
            )}
          </ExerciseChartBox>
          <div className="exercise__toolbar" role="toolbar" aria-label="Chart tools">
            {hourly && (
              <TimeframeToggle
                engine={engine}
                timeframe={timeframe}
                switching={switching}
                onSwitch={(option) => void setTimeframe(option)}
              />
            )}
            <ToolbarEnd engine={engine} actions={actions} />
          </div>
          <p className="exercise__status">
            The blue box is the {setup.zone.type} zone price is coming back to; the dashed lines are
            the {wallName.toLowerCase()}.
            {hourly && ' Switch to 1hr to read the trend for the third check.'}{' '}
            {chartGestureHint(pointer)}
          </p>
        </div>

        <aside className="plan__panel" aria-label="Your decision">
          <h3>Take it or skip it?</h3>
          <p className="muted">
            A {long ? 'long' : 'short'} trade at the zone: entry at its proximal line, stop a
            quarter of an average candle beyond its distal line, target short of the dashed zone.
          </p>
          <div className="decision__choices" role="radiogroup" aria-label="Your decision">
            {[true, false].map((choice) => (
              <button
                key={String(choice)}
                type="button"
                role="radio"
                aria-checked={take === choice}
                className={`button ${take === choice ? 'button--active' : 'button--ghost'}`}
                onClick={() => setTake(choice)}
                disabled={Boolean(result)}
              >
                {choice ? 'Take' : 'Skip'}
              </button>
            ))}
          </div>
          {take === false && (
            <fieldset className="decision__reasons" disabled={Boolean(result)}>
              <legend>Skip because (tick every check that fails):</legend>
              {(Object.keys(CHECK_LABELS) as DecisionCheck[]).map((check) => (
                <label key={check}>
                  <input
                    type="checkbox"
                    checked={reasons.includes(check)}
                    onChange={() => toggleReason(check)}
                  />{' '}
                  {CHECK_LABELS[check]}
                </label>
              ))}
            </fieldset>
          )}
          {!result && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => take !== undefined && void submit(take, reasons)}
              disabled={!ready || state.submitting}
            >
              {state.submitting ? 'Checking…' : 'Decide'}
            </button>
          )}
          <p className="muted">One answer: with two choices a second try would be a guess.</p>
        </aside>
      </div>

      {state.error && <Notice tone="error">{state.error}</Notice>}
      {result && (
        <Notice tone={result.pass ? 'success' : 'info'}>
          <p data-testid="decision-verdict">
            You chose to {result.answer.take ? 'take' : 'skip'} the trade. {result.feedback[0]}
          </p>
        </Notice>
      )}
      {course && (
        <section className="exercise__answer" aria-label="The course's decision">
          <h3>The course {course.take ? 'takes' : 'skips'} this trade</h3>
          <ul className="decision__checks" data-testid="decision-checks">
            {course.checks.map((check) => (
              <li key={check.check} className={check.ok ? 'decision__ok' : 'decision__fail'}>
                <span aria-hidden="true">{check.ok ? '✓' : '✗'} </span>
                {check.text}
              </li>
            ))}
          </ul>
          {replay.state.status === 'finished' && (
            <dl className="trade-outcomes">
              <dt>{course.take ? 'The course’s trade' : 'A 2R trade at this zone'}</dt>
              <dd data-testid="decision-outcome">{course.outcome.summary}</dd>
            </dl>
          )}
          {chart?.next && (
            <ReplayButton
              state={replay.state}
              onStart={() => void startReplay()}
              subject={exercise.subject}
              label={
                course.take ? 'Replay: watch the course’s trade' : 'Replay: see what a 2R trade met'
              }
            />
          )}
        </section>
      )}
    </div>
  );
}

type Course = NonNullable<
  NonNullable<ReturnType<typeof useDecisionExercise>['state']['result']>['course']
>;

function twoR(model: Course['model']): number {
  return model.entry + 2 * (model.entry - model.stop);
}
