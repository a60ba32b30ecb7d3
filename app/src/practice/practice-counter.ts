import type { PracticeRules } from '../api/index.js';

/** What the counter needs of the API's practice rules: the round and the charts there are. */
export type PracticeLimits = Pick<PracticeRules, 'round' | 'charts'>;

/**
 * The zone round's place. Whether a chart is passed is no part of it: that is the server's
 * standing of each chart, which the chart brings when it loads.
 */
export interface PracticeState {
  /** 1-based place in the portal; beyond the round the charts are extra practice. */
  position: number;
  /** The "Find a ... zone" modal. */
  modalOpen: boolean;
}

export type PracticeAction =
  /** `charts`: how many there are (Next on the last one stays there). */
  { type: 'next'; charts: number } | { type: 'back' } | { type: 'close-modal' };

export const INITIAL_PRACTICE: PracticeState = { position: 1, modalOpen: true };

export function practiceReducer(state: PracticeState, action: PracticeAction): PracticeState {
  switch (action.type) {
    case 'next':
      if (state.position >= action.charts) return state;
      return { position: state.position + 1, modalOpen: true };
    case 'back':
      // Back is locked on the first chart. The learner has already been told what to find on
      // the earlier chart, so the modal stays closed. Going back does not make the chart passed
      // (the spec's "pass true" would turn Skip into Next with nothing passed): the chart's own
      // standing, from the server, says whether it is.
      if (state.position <= 1) return state;
      return { position: state.position - 1, modalOpen: false };
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
