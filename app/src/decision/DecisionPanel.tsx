import { useState } from 'react';
import { gradeOfPoints, zoneGradeWords } from '@course/rules';
import type { DecisionCheck, ZoneCriterion } from '../api/index.js';
import { useCourseRules } from '../course/course-rules.js';
import { SubmitButton } from '../exercise/ChartTools.js';
import type { DecisionChoice } from './use-decision-exercise.js';

/** The Finding module's checklist, in its order and words: one point each. */
export const CRITERION_LABELS: Record<ZoneCriterion, string> = {
  time: 'Time on the zone: a base of one or two candles',
  base: 'The base: every body under half of its candle’s range',
  move: 'The move out: at least three times the zone’s height',
  'round-number': 'Psychological level: a whole or half dollar inside the zone',
  fresh: 'Freshness: price has not come back to the zone since it left',
};
const CRITERIA = Object.keys(CRITERION_LABELS) as ZoneCriterion[];

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
  onDecide: (choice: DecisionChoice) => void;
}

function toggled<T>(list: readonly T[], entry: T): T[] {
  return list.includes(entry) ? list.filter((item) => item !== entry) : [...list, entry];
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
      <fieldset className="decision__reasons decision__score" disabled={answered}>
        <legend>Tick each criterion the blue zone meets (one point each):</legend>
        {CRITERIA.map((criterion) => (
          <label key={criterion}>
            <input
              type="checkbox"
              checked={criteria.includes(criterion)}
              onChange={() => setCriteria((current) => toggled(current, criterion))}
            />{' '}
            {CRITERION_LABELS[criterion]}
          </label>
        ))}
        <p className="muted" aria-live="polite" data-testid="decision-score">
          Your score: {criteria.length} of 5, {scoreWords}.
        </p>
      </fieldset>
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
                onChange={() => setReasons((current) => toggled(current, check))}
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
