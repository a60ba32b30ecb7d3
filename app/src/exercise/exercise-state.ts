import type { AttemptResult, ExerciseStanding, RevealedZoneBody } from '../api/index.js';

/** Failed tries after which the correct zone shows and Skip unlocks (spec, section 9). */
export const TRIES_BEFORE_REVEAL = 3;

/** The correct answer, once the learner may see it. */
export interface RevealedAnswer {
  zone: RevealedZoneBody;
  explanation?: string;
  baseTimes?: number[];
}

export interface ExerciseState {
  submitting: boolean;
  pass: boolean;
  /** Failed tries so far (the spec's count). */
  tries: number;
  revealed: boolean;
  /** The API's sentence about the last try. */
  feedback: string | undefined;
  /** Why the last try could not be graded (network, fewer than two lines, ...). */
  error: string | undefined;
  answer: RevealedAnswer | undefined;
}

export type ExerciseAction =
  | { type: 'restore'; standing: ExerciseStanding }
  | { type: 'submit' }
  | { type: 'graded'; result: AttemptResult }
  | { type: 'failed'; message: string }
  | { type: 'answer-known'; answer: RevealedAnswer }
  | { type: 'reset' };

export const INITIAL_EXERCISE: ExerciseState = {
  submitting: false,
  pass: false,
  tries: 0,
  revealed: false,
  feedback: undefined,
  error: undefined,
  answer: undefined,
};

export function exerciseReducer(state: ExerciseState, action: ExerciseAction): ExerciseState {
  switch (action.type) {
    case 'restore':
      return {
        ...state,
        pass: action.standing.passed,
        tries: action.standing.tries,
        revealed: action.standing.revealed,
      };
    case 'submit':
      return { ...state, submitting: true, error: undefined };
    case 'graded': {
      const { result } = action;
      const revealed = result.revealed || result.pass || result.tries >= TRIES_BEFORE_REVEAL;
      return {
        ...state,
        submitting: false,
        pass: state.pass || result.pass,
        tries: result.tries,
        revealed,
        feedback: result.feedback,
        answer: result.zone
          ? { zone: result.zone, explanation: result.explanation, baseTimes: result.baseTimes }
          : state.answer,
      };
    }
    case 'failed':
      return { ...state, submitting: false, error: action.message };
    case 'answer-known':
      return { ...state, revealed: true, answer: { ...state.answer, ...action.answer } };
    case 'reset':
      return INITIAL_EXERCISE;
  }
}

export interface AdvanceButton {
  label: 'Next' | 'Skip';
  enabled: boolean;
}

/**
 * Next after a pass (or on a lesson that does not require one); Skip once the tries are used up;
 * a disabled Skip on a lesson that requires a pass until then (spec, section 4).
 */
export function advanceButton(
  state: Pick<ExerciseState, 'pass' | 'revealed'>,
  passRequired: boolean,
): AdvanceButton {
  if (state.pass) return { label: 'Next', enabled: true };
  if (state.revealed) return { label: 'Skip', enabled: true };
  if (passRequired) return { label: 'Skip', enabled: false };
  return { label: 'Next', enabled: true };
}

/** "2 tries so far" style text for the try counter. */
export function triesText(tries: number): string {
  if (tries === 0) return 'No tries yet';
  const left = Math.max(0, TRIES_BEFORE_REVEAL - tries);
  const used = `${tries} failed ${tries === 1 ? 'try' : 'tries'}`;
  return left > 0 ? `${used} · the zone shows after ${left} more` : used;
}
