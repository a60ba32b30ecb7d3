import type { ManageChoice, ManagementRule } from '../api/index.js';
import { useCourseRules } from '../course/course-rules.js';
import { SubmitButton } from '../exercise/ChartTools.js';

interface ManagePanelProps {
  choices: readonly ManageChoice[];
  rule: ManagementRule | undefined;
  onChoose: (rule: ManagementRule) => void;
  /** The server has shown every rule's result: the choices close and Try goes away. */
  answered: boolean;
  submitting: boolean;
  onTry: () => void;
}

/** Beside the trade-management chart: the rules to manage the trade by at +1R, and Try. */
export function ManagePanel({
  choices,
  rule,
  onChoose,
  answered,
  submitting,
  onTry,
}: ManagePanelProps) {
  const tries = useCourseRules().rules?.triesBeforeReveal.manage;
  return (
    <>
      <h3>Price has reached +1R. What does this lesson’s rule do now?</h3>
      <div className="manage__choices" role="radiogroup" aria-label="Management rules">
        {choices.map((choice) => (
          <button
            key={choice.rule}
            type="button"
            role="radio"
            aria-checked={rule === choice.rule}
            className={`button ${rule === choice.rule ? 'button--active' : 'button--ghost'}`}
            onClick={() => onChoose(choice.rule)}
            disabled={answered}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {!answered && (
        <SubmitButton
          label="Try"
          submitting={submitting}
          disabled={rule === undefined}
          onSubmit={onTry}
        />
      )}
      {tries === 1 && (
        <p className="muted">
          One answer: the replay shows every rule’s result, so a second try would not be a test.
        </p>
      )}
      {tries !== undefined && tries > 1 && (
        <p className="muted">Every rule’s result shows after {tries} tries.</p>
      )}
    </>
  );
}
