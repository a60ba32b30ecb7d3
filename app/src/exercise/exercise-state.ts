import type { AttemptResult, ExerciseStanding, RevealedZone } from '../api/index.js';

/** The correct answer, once the learner may see it. */
export interface RevealedAnswer {
  zone: RevealedZone;
  explanation?: string;
  baseTimes?: number[];
}

export interface ExerciseState {
  submitting: boolean;
  pass: boolean;
  /** Failed tries so far (the spec's count), as the server counts them. */
  tries: number;
  /** Tries still allowed before the answer shows, as the server says; unknown before it has. */
  triesLeft: number | undefined;
  /** The server says the answer may be shown (passed, or the tries are used). */
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
  triesLeft: undefined,
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
        triesLeft: action.standing.triesLeft,
        revealed: action.standing.revealed,
      };
    case 'submit':
      return { ...state, submitting: true, error: undefined };
    case 'graded': {
      const { result } = action;
      return {
        ...state,
        submitting: false,
        pass: state.pass || result.pass,
        tries: result.tries,
        triesLeft: result.triesLeft,
        revealed: result.revealed,
        feedback: result.feedback,
        answer: result.zone
          ? { zone: result.zone, explanation: result.explanation, baseTimes: result.baseTimes }
          : state.answer,
      };
    }
    case 'failed':
      return { ...state, submitting: false, error: action.message };
    case 'answer-known':
      return {
        ...state,
        revealed: true,
        triesLeft: 0,
        answer: { ...state.answer, ...action.answer },
      };
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

/** "2 failed tries · the zone shows after 1 more" style text for the try counter. */
export function triesText(tries: number, triesLeft: number | undefined): string {
  if (tries === 0) return 'No tries yet';
  const used = `${tries} failed ${tries === 1 ? 'try' : 'tries'}`;
  return triesLeft ? `${used} · the zone shows after ${triesLeft} more` : used;
}
