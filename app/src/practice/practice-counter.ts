/** Practice charts in a round (spec, section 9). */
export const PRACTICE_ROUND = 10;
/** Each learner's own practice charts (the API's api/practice/{index}, 1 to 100). */
export const PRACTICE_CHART_COUNT = 100;

export interface PracticeState {
  /** 1-based place in the portal; beyond PRACTICE_ROUND the charts are extra practice. */
  position: number;
  pass: boolean;
  /** The "Find a ... zone" modal. */
  modalOpen: boolean;
}

export type PracticeAction = { type: 'next' } | { type: 'back' } | { type: 'close-modal' };

export const INITIAL_PRACTICE: PracticeState = { position: 1, pass: false, modalOpen: true };

export function practiceReducer(state: PracticeState, action: PracticeAction): PracticeState {
  switch (action.type) {
    case 'next':
      if (state.position >= PRACTICE_CHART_COUNT) return state;
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

export function counterText(position: number): string {
  return position <= PRACTICE_ROUND
    ? `${position}/${PRACTICE_ROUND}`
    : `Extra chart ${position - PRACTICE_ROUND}`;
}

export const canGoBack = (state: PracticeState) => state.position > 1;
export const canLeave = (state: PracticeState) => state.position >= PRACTICE_ROUND;
export const canGoOn = (state: PracticeState) => state.position < PRACTICE_CHART_COUNT;
export const isExtraPractice = (state: PracticeState) => state.position > PRACTICE_ROUND;
