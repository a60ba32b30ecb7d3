import { useState } from 'react';
import type { DecisionCheck } from '../api/index.js';
import { useCourseRules } from '../course/course-rules.js';
import { SubmitButton } from '../exercise/ChartTools.js';

const CHECK_LABELS: Record<DecisionCheck, string> = {
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
  onDecide: (take: boolean, reasons: DecisionCheck[]) => void;
}

/**
 * Beside the take-or-skip chart: Take or Skip and, to skip, the checks that fail; Decide once
 * the answer is complete (a take, or a skip with at least one reason).
 */
export function DecisionPanel({ long, answered, submitting, onDecide }: DecisionPanelProps) {
  const [take, setTake] = useState<boolean>();
  const [reasons, setReasons] = useState<DecisionCheck[]>([]);
  const toggleReason = (check: DecisionCheck) =>
    setReasons((current) =>
      current.includes(check) ? current.filter((entry) => entry !== check) : [...current, check],
    );
  const ready = take === true || (take === false && reasons.length > 0);
  const tries = useCourseRules().rules?.triesBeforeReveal.decision;

  return (
    <>
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
        <fieldset className="decision__reasons" disabled={answered}>
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
      {!answered && (
        <SubmitButton
          label="Decide"
          submitting={submitting}
          disabled={!ready}
          onSubmit={() => take !== undefined && onDecide(take, reasons)}
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
