import { type ReactNode, useState } from 'react';
import { gradeOfPoints, zoneGradeWords } from '@course/rules';
import type { DecisionAnswer, DecisionCheck, ZoneCriterion } from '../api/index.js';
import { useCourseRules } from '../course/course-rules.js';
import { SubmitButton } from '../exercise/ChartTools.js';

/** The Finding module's checklist, in its order and words: one point each. */
const CRITERION_LABELS: Record<ZoneCriterion, string> = {
  time: 'Time on the zone: a base of one or two candles',
  base: 'The base: every body under half of its candle’s range',
  move: 'The move out: at least three times the zone’s height',
  'round-number': 'Psychological level: a whole or half dollar inside the zone',
  fresh: 'Freshness: price has not come back to the zone since it left',
};

const CHECK_LABELS: Record<DecisionCheck, string> = {
  grade: 'Grade: the zone scores a C, 3 of 5 or less',
  room: 'Room: a target short of the wall pays under 2R',
  fresh: 'Not fresh: price has already come back into the zone',
  'higher-timeframe': '1-hour chart: the trend points against the trade',
};

interface DecisionPanelProps {
  /** A long trade at demand, a short one at supply. */
  long: boolean;
  /** The server has shown its decision: the choices close and Decide goes away. */
  answered: boolean;
  submitting: boolean;
  onDecide: (choice: DecisionAnswer) => void;
}

interface TickListProps<Key extends string> {
  className: string;
  legend: string;
  /** Each box's words, in the order shown. */
  labels: Record<Key, string>;
  ticked: readonly Key[];
  onChange: (ticked: Key[]) => void;
  disabled: boolean;
  children?: ReactNode;
}

/** A fieldset of checkboxes, one per label: the zone's criteria, or the checks a skip names. */
function TickList<Key extends string>({
  className,
  legend,
  labels,
  ticked,
  onChange,
  disabled,
  children,
}: TickListProps<Key>) {
  const toggle = (key: Key) =>
    onChange(ticked.includes(key) ? ticked.filter((entry) => entry !== key) : [...ticked, key]);
  return (
    <fieldset className={className} disabled={disabled}>
      <legend>{legend}</legend>
      {(Object.keys(labels) as Key[]).map((key) => (
        <label key={key}>
          <input type="checkbox" checked={ticked.includes(key)} onChange={() => toggle(key)} />{' '}
          {labels[key]}
        </label>
      ))}
      {children}
    </fieldset>
  );
}

/**
 * Beside the take-or-skip chart: first the zone's score on the Finding module's five criteria,
 * then Take or Skip and, to skip, the checks that fail; Decide once the answer is complete (a
 * take, or a skip with at least one reason). The score is sent with the decision and graded
 * beside it.
 */
export function DecisionPanel({ long, answered, submitting, onDecide }: DecisionPanelProps) {
  const [criteria, setCriteria] = useState<ZoneCriterion[]>([]);
  const [take, setTake] = useState<boolean>();
  const [reasons, setReasons] = useState<DecisionCheck[]>([]);
  const ready = take === true || (take === false && reasons.length > 0);
  const tries = useCourseRules().rules?.triesBeforeReveal.decision;
  const scoreWords = zoneGradeWords(gradeOfPoints(criteria.length));

  return (
    <>
      <h3>Score the zone</h3>
      <TickList
        className="decision__reasons decision__score"
        legend="Tick each criterion the blue zone meets (one point each):"
        labels={CRITERION_LABELS}
        ticked={criteria}
        onChange={setCriteria}
        disabled={answered}
      >
        <p className="muted" aria-live="polite" data-testid="decision-score">
          Your score: {criteria.length} of 5, {scoreWords}.
        </p>
      </TickList>
      <h3>Take it or skip it?</h3>
      <p className="muted">
        A {long ? 'long' : 'short'} trade at the zone: entry at its proximal line, stop a quarter of
        an average candle beyond its distal line, target short of the dashed zone.
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
            disabled={answered}
          >
            {choice ? 'Take' : 'Skip'}
          </button>
        ))}
      </div>
      {take === false && (
        <TickList
          className="decision__reasons"
          legend="Skip because (tick every check that fails):"
          labels={CHECK_LABELS}
          ticked={reasons}
          onChange={setReasons}
          disabled={answered}
        />
      )}
      {!answered && (
        <SubmitButton
          label="Decide"
          submitting={submitting}
          disabled={!ready}
          onSubmit={() => take !== undefined && onDecide({ take, reasons, criteria })}
        />
      )}
      {tries === 1 && (
        <p className="muted">One answer: with two choices a second try would be a guess.</p>
      )}
      {tries !== undefined && tries > 1 && (
        <p className="muted">The course’s decision shows after {tries} tries.</p>
      )}
    </>
  );
}
