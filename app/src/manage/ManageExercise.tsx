import type { ChartMarker } from 'chart-kit';
import { useEffect, useState } from 'react';
import type { ManagedRuleOutcome, ManagementRule, ManageSetup } from '../api/index.js';
import { zoneLabel } from '../exercise/chart-series.js';
import { ExercisePanel } from '../exercise/ExercisePanel.js';
import { useExerciseChart } from '../exercise/use-exercise-chart.js';
import { resultClass, rText, tradeRText } from '../plan/plan-numbers.js';
import {
  ENTRY_COLOR,
  MODEL_MARK_COLOR,
  STOP_COLOR,
  TARGET_COLOR,
  USER_MARK_COLOR,
  useTradeReplay,
} from '../plan/trade-replay.js';
import { ManagePanel } from './ManagePanel.js';
import type { useManageExercise } from './use-manage-exercise.js';

/** The next opposing zone's lines, in the colour the course uses for walls. */
const WALL_COLOR = 0xce93d8;
/** The +1R level every rule acts at. */
const ONE_R_COLOR = 0xffd54f;

interface ManageExerciseProps {
  exercise: ReturnType<typeof useManageExercise>;
  setup: ManageSetup;
  label: string;
}

/** The rule whose trade lasted longest: the replay plays until it is over. */
function lastToEnd(outcomes: readonly ManagedRuleOutcome[]): ManagedRuleOutcome | undefined {
  const end = (outcome: ManagedRuleOutcome) =>
    outcome.exit === 'open' ? Infinity : (outcome.exitTime ?? outcome.fillTime ?? 0);
  return [...outcomes].sort((a, b) => end(b) - end(a))[0];
}

/** Where a rule's trade left, as a chart marker ("Breakeven 0.0R"). */
function exitMarker(outcome: ManagedRuleOutcome | undefined, color: number): ChartMarker[] {
  const time = outcome?.exitTime;
  const price = outcome?.exitPrice;
  if (!outcome || time == null || price == null) return [];
  const name = outcome.label.split(':')[0] ?? outcome.rule;
  return [
    {
      time,
      price,
      // "Hold breakeven 0.0R"; the breakeven rule's own name already says it.
      text: `${name} ${name.toLowerCase() === 'breakeven' ? rText(outcome.resultR) : tradeRText(outcome.resultR)}`,
      color,
    },
  ];
}

/**
 * A trade-management exercise: the zone, the wall and the course's plan are drawn; the learner
 * picks the rule to manage the trade by before seeing what happens, and presses Try. The server's
 * verdict follows, then Replay plays the trade and every rule's result is told in words.
 */
export function ManageExercise({ exercise, setup, label }: ManageExerciseProps) {
  const { state, submit, reload } = exercise;
  const { chart, result } = state;
  const frame = useExerciseChart(chart, undefined, exercise.subject);
  const { engine } = frame;
  const [rule, setRule] = useState<ManagementRule | undefined>(result?.answer.rule);
  const long = setup.zone.type === 'demand';

  useEffect(() => {
    if (!engine) return;
    void engine.showZone(
      { upper: setup.zone.upper, lower: setup.zone.lower, label: zoneLabel(setup.zone.type) },
      { animate: false },
    );
    // The wall is named on its far line: its near line sits just beyond the target's label.
    engine.setReferenceLines([
      {
        price: long ? setup.opposing.upper : setup.opposing.lower,
        label: long ? 'Next supply zone' : 'Next demand zone',
        color: WALL_COLOR,
      },
      { price: long ? setup.opposing.lower : setup.opposing.upper, color: WALL_COLOR },
      { price: setup.plan.entry, label: 'Entry', color: ENTRY_COLOR },
      { price: setup.plan.stop, label: 'Stop', color: STOP_COLOR },
      { price: setup.plan.target, label: 'Target', color: TARGET_COLOR },
      { price: setup.oneR, label: '+1R', color: ONE_R_COLOR },
    ]);
  }, [engine, setup, long]);

  const course = result?.revealed ? result.course : undefined;
  const longest = course ? lastToEnd(course.outcomes) : undefined;
  const { replay, start: startReplay } = useTradeReplay(engine, chart, longest);
  const finished = replay.state.status === 'finished';
  useEffect(() => {
    if (!engine || !course || !result || !finished) return;
    const chosen = course.outcomes.find((outcome) => outcome.rule === result.answer.rule);
    const taught = course.outcomes.find((outcome) => outcome.rule === course.rule);
    engine.setMarkers([
      ...exitMarker(chosen, USER_MARK_COLOR),
      ...(taught === chosen ? [] : exitMarker(taught, MODEL_MARK_COLOR)),
    ]);
  }, [engine, course, result, finished]);

  return (
    <ExercisePanel
      frame={frame}
      label={label}
      className="plan manage"
      boxStyle={{ height: 440 }}
      loadError={state.loadError}
      onRetry={reload}
      status={
        <>
          A {long ? 'long' : 'short'} trade at the {setup.zone.type} zone: entry{' '}
          {setup.plan.entry.toFixed(2)}, stop {setup.plan.stop.toFixed(2)}, target{' '}
          {setup.plan.target.toFixed(2)}. +1R is {setup.oneR.toFixed(2)}.
        </>
      }
      side={{
        label: 'Your management rule',
        content: (
          <ManagePanel
            choices={setup.choices}
            rule={rule}
            onChoose={setRule}
            answered={Boolean(result?.revealed)}
            submitting={state.submitting}
            onTry={() => rule !== undefined && void submit(rule)}
          />
        ),
      }}
      error={state.error}
      grade={
        result && {
          pass: result.pass,
          content: (
            <div data-testid="manage-verdict">
              {result.feedback.map((sentence) => (
                <p key={sentence}>{sentence}</p>
              ))}
            </div>
          ),
        }
      }
      answer={
        course && {
          label: 'Every rule on this trade',
          content: (
            <>
              <h3>Every rule on this trade</h3>
              {finished ? (
                <>
                  <dl className="trade-outcomes" data-testid="manage-outcomes">
                    {course.outcomes.map((outcome) => (
                      <div key={outcome.rule} className="manage__outcome">
                        <dt>
                          {outcome.label.split(':')[0]}{' '}
                          <span className={resultClass(outcome.resultR)}>
                            {tradeRText(outcome.resultR)}
                          </span>
                          {outcome.rule === result?.answer.rule && ' (your choice)'}
                          {outcome.rule === course.rule && ' (this lesson’s rule)'}
                        </dt>
                        <dd>{outcome.summary}</dd>
                      </div>
                    ))}
                  </dl>
                  <p data-testid="manage-lesson">{course.lesson}</p>
                </>
              ) : (
                <p className="muted">Replay the trade to see what each rule made of it.</p>
              )}
            </>
          ),
          replay: {
            label: 'Replay: watch the trade and every rule',
            state: replay.state,
            onStart: startReplay,
          },
        }
      }
    />
  );
}
