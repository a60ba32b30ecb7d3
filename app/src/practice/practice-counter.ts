import type { PracticeRules } from '../api/index.js';

/** What the counter needs of the API's practice rules: the round and the charts there are. */
export type PracticeLimits = Pick<PracticeRules, 'round' | 'charts'>;

export interface PracticeState {
  /** 1-based place in the portal; beyond the round the charts are extra practice. */
  position: number;
  pass: boolean;
  /** The "Find a ... zone" modal. */
  modalOpen: boolean;
}

export type PracticeAction =
  /** `charts`: how many there are (Next on the last one stays there). */
  { type: 'next'; charts: number } | { type: 'back' } | { type: 'close-modal' };

export const INITIAL_PRACTICE: PracticeState = { position: 1, pass: false, modalOpen: true };

export function practiceReducer(state: PracticeState, action: PracticeAction): PracticeState {
  switch (action.type) {
    case 'next':
      if (state.position >= action.charts) return state;
      return { position: state.position + 1, pass: false, modalOpen: true };
    case 'back':
      // Back is locked on the first chart; going back counts the earlier chart as done, and the
      // learner has already been told what to find there, so the modal stays closed.
      if (state.position <= 1) return state;
      return { position: state.position - 1, pass: true, modalOpen: false };
    case 'close-modal':
      return { ...state, modalOpen: false };
  }
}

export function counterText(position: number, limits: PracticeLimits): string {
  return position <= limits.round
    ? `${position}/${limits.round}`
    : `Extra chart ${position - limits.round}`;
}

export const canGoBack = (state: PracticeState) => state.position > 1;
export const canLeave = (state: PracticeState, limits: PracticeLimits) =>
  state.position >= limits.round;
export const canGoOn = (state: PracticeState, limits: PracticeLimits) =>
  state.position < limits.charts;
export const isExtraPractice = (state: PracticeState, limits: PracticeLimits) =>
  state.position > limits.round;

/** "Your first chart is free" (or the first n charts), as the API's free count says. */
export function freeTasterText(free: number, noun: string, nouns: string): string {
  return free === 1 ? `Your first ${noun} is free` : `Your first ${free} ${nouns} are free`;
}
