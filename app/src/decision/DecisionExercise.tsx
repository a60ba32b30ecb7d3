import { useCallback, useEffect, type ReactNode } from 'react';
import type { DecisionSetup } from '../api/index.js';
import { chartGestureHint, usePointerKind } from '../components/pointer-words.js';
import { zoneLabel } from '../exercise/chart-series.js';
import { ExercisePanel } from '../exercise/ExercisePanel.js';
import { useExerciseChart } from '../exercise/use-exercise-chart.js';
import {
  ENTRY_COLOR,
  MODEL_MARK_COLOR,
  outcomeMarkers,
  STOP_COLOR,
  TARGET_COLOR,
  useTradeReplay,
} from '../plan/trade-replay.js';
import { DecisionPanel } from './DecisionPanel.js';
import type { useDecisionExercise } from './use-decision-exercise.js';

/** The next opposing zone's lines, in the pulled-line colour the course uses for walls. */
const WALL_COLOR = 0xce93d8;

interface DecisionExerciseProps {
  exercise: ReturnType<typeof useDecisionExercise>;
  setup: DecisionSetup;
  label: string;
  actions?: ReactNode;
}

/**
 * A take-or-skip exercise: the zone is given (blue box) and the next opposing zone drawn as two
 * dashed lines; the learner scores the zone on the Finding module's criteria, then decides Take
 * or Skip and, to skip, ticks the checks that fail. The answer shows the course's score and
 * decision with each criterion's and check's numbers, its plan as dashed lines, and a Replay of
 * what a trade there met.
 */
export function DecisionExercise({ exercise, setup, label, actions }: DecisionExerciseProps) {
  const { state, submit, reload } = exercise;
  const { chart, hourly, result } = state;
  const frame = useExerciseChart(chart, hourly, exercise.subject);
  const { engine } = frame;
  const { timeframe, setTimeframe } = frame.timeframe;
  const pointer = usePointerKind();
  const long = setup.zone.type === 'demand';
  const wallName = long ? 'Next supply zone' : 'Next demand zone';

  const course = result?.revealed ? result.course : undefined;
  const scorecard = result?.revealed ? result.scorecard : undefined;
  useEffect(() => {
    if (!engine) return;
    void engine.showZone(
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

  return (
    <ExercisePanel
      frame={frame}
      label={label}
      className="plan decision"
      boxStyle={{ height: 440 }}
      loadError={state.loadError}
      onRetry={reload}
      actions={actions}
      status={
        <>
          The blue box is the {setup.zone.type} zone price is coming back to; the dashed lines are
          the {wallName.toLowerCase()}.
          {hourly && ' Switch to 1hr to read the trend for the third check.'}{' '}
          {chartGestureHint(pointer)}
        </>
      }
      side={{
        label: 'Your decision',
        content: (
          <DecisionPanel
            long={long}
            answered={Boolean(result?.revealed)}
            submitting={state.submitting}
            onDecide={(choice) => void submit(choice)}
          />
        ),
      }}
      error={state.error}
      grade={
        result && {
          pass: result.pass,
          content: (
            <>
              {result.scorecard && (
                <p data-testid="decision-score-verdict">{result.scorecard.feedback[0]}</p>
              )}
              <p data-testid="decision-verdict">
                You chose to {result.answer.take ? 'take' : 'skip'} the trade. {result.feedback[0]}
              </p>
            </>
          ),
        }
      }
      answer={
        course && {
          label: "The course's decision",
          content: (
            <>
              {scorecard && (
                <>
                  <h3>
                    The course scores the zone {scorecard.course.points} of 5: a{' '}
                    {scorecard.course.grade}
                  </h3>
                  <MarkedList
                    testId="decision-scorecard"
                    items={scorecard.course.readings.map((reading) => ({
                      key: reading.criterion,
                      ok: reading.met,
                      text: reading.text,
                    }))}
                  />
                </>
              )}
              <h3>The course {course.take ? 'takes' : 'skips'} this trade</h3>
              <MarkedList
                testId="decision-checks"
                items={course.checks.map((check) => ({ key: check.check, ...check }))}
              />
              {replay.state.status === 'finished' && (
                <dl className="trade-outcomes">
                  <dt>{course.take ? 'The course’s trade' : 'A 2R trade at this zone'}</dt>
                  <dd data-testid="decision-outcome">{course.outcome.summary}</dd>
                </dl>
              )}
            </>
          ),
          replay: {
            label: course.take
              ? 'Replay: watch the course’s trade'
              : 'Replay: see what a 2R trade met',
            state: replay.state,
            onStart: () => void startReplay(),
          },
        }
      }
    />
  );
}

/** The course's readings, each ticked or crossed: the zone's criteria, the decision's checks. */
function MarkedList({
  testId,
  items,
}: {
  testId: string;
  items: readonly { key: string; ok: boolean; text: string }[];
}) {
  return (
    <ul className="decision__checks" data-testid={testId}>
      {items.map(({ key, ok, text }) => (
        <li key={key} className={ok ? 'decision__ok' : 'decision__fail'}>
          <span aria-hidden="true">{ok ? '✓' : '✗'} </span>
          {text}
        </li>
      ))}
    </ul>
  );
}

type Course = NonNullable<
  NonNullable<ReturnType<typeof useDecisionExercise>['state']['result']>['course']
>;

function twoR(model: Course['model']): number {
  return model.entry + 2 * (model.entry - model.stop);
}
