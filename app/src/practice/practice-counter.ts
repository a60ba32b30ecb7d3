/** Practice charts in a round (spec, section 9). */
export const PRACTICE_ROUND = 10;
/** Chart numbers of the practice round: 5-minute from 50, their hourly twins from 100. */
export const PRACTICE_FIRST_CHART = 50;
export const PRACTICE_FIRST_HOURLY_CHART = 100;
/** Generated practice charts after the round, and the offset of their hourly twins. */
export const GENERATED_FIRST_CHART = 1000;
export const GENERATED_HOURLY_OFFSET = 500_000;

export interface PracticeState {
  /** 1-based position; beyond PRACTICE_ROUND the charts are generated ones. */
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
      return { position: state.position + 1, pass: false, modalOpen: true };
    case 'back':
      // Back is locked on the first chart; going back counts the earlier chart as done.
      if (state.position <= 1) return state;
      return { position: state.position - 1, pass: true, modalOpen: true };
    case 'close-modal':
      return { ...state, modalOpen: false };
  }
}

export function practiceCharts(position: number): { fiveMinute: number; hourly: number } {
  if (position <= PRACTICE_ROUND) {
    return {
      fiveMinute: PRACTICE_FIRST_CHART + position - 1,
      hourly: PRACTICE_FIRST_HOURLY_CHART + position - 1,
    };
  }
  const generated = GENERATED_FIRST_CHART + position - PRACTICE_ROUND - 1;
  return { fiveMinute: generated, hourly: generated + GENERATED_HOURLY_OFFSET };
}

export function counterText(position: number): string {
  return position <= PRACTICE_ROUND
    ? `${position}/${PRACTICE_ROUND}`
    : `Extra chart ${position - PRACTICE_ROUND}`;
}

export const canGoBack = (state: PracticeState) => state.position > 1;
export const canLeave = (state: PracticeState) => state.position >= PRACTICE_ROUND;
export const isExtraPractice = (state: PracticeState) => state.position > PRACTICE_ROUND;
