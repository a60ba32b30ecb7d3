import {
  canGoBack,
  canGoOn,
  canLeave,
  counterText,
  freeTasterText,
  INITIAL_PRACTICE,
  practiceReducer,
  type PracticeAction,
  type PracticeLimits,
  type PracticeState,
} from './practice-counter.js';

/** The spec's round of 10, and the API's 100 charts. */
const LIMITS: PracticeLimits = { round: 10, charts: 100 };

function act(type: PracticeAction['type']): PracticeAction {
  return type === 'next' ? { type, charts: LIMITS.charts } : { type };
}

const run = (...actions: PracticeAction['type'][]) =>
  actions.reduce((state, type) => practiceReducer(state, act(type)), INITIAL_PRACTICE);

describe('practice counter', () => {
  it('starts at 1/10 with the modal open', () => {
    expect(counterText(INITIAL_PRACTICE.position, LIMITS)).toBe('1/10');
    expect(INITIAL_PRACTICE.modalOpen).toBe(true);
  });

  it('locks Back on the first chart', () => {
    expect(canGoBack(INITIAL_PRACTICE)).toBe(false);
    expect(run('back')).toBe(INITIAL_PRACTICE);
  });

  it('moves on with Next, reopening the modal', () => {
    expect(run('close-modal', 'next')).toEqual({ position: 2, modalOpen: true });
  });

  it('goes back without asking again what to find, and without claiming a pass', () => {
    expect(run('next', 'close-modal', 'next', 'close-modal', 'back')).toEqual({
      position: 2,
      modalOpen: false,
    });
    // Even when the modal was still open on the later chart.
    expect(run('next', 'next', 'back').modalOpen).toBe(false);
  });

  it('offers Leave from the tenth chart and extra charts after it, up to the last one', () => {
    const nine = run(...Array<'next'>(8).fill('next'));
    expect(canLeave(nine, LIMITS)).toBe(false);
    const ten = practiceReducer(nine, act('next'));
    expect(counterText(ten.position, LIMITS)).toBe('10/10');
    expect(canLeave(ten, LIMITS)).toBe(true);
    expect(counterText(11, LIMITS)).toBe('Extra chart 1');
    const last: PracticeState = { position: LIMITS.charts, modalOpen: false };
    expect(canGoOn(last, LIMITS)).toBe(false);
    expect(practiceReducer(last, act('next'))).toBe(last);
    expect(counterText(LIMITS.charts, LIMITS)).toBe('Extra chart 90');
  });

  it('follows the limits the API states', () => {
    const short: PracticeLimits = { round: 3, charts: 4 };
    expect(counterText(3, short)).toBe('3/3');
    expect(canLeave({ ...INITIAL_PRACTICE, position: 3 }, short)).toBe(true);
    expect(canGoOn({ ...INITIAL_PRACTICE, position: 4 }, short)).toBe(false);
  });

  it('words the free taster as the API counts it', () => {
    expect(freeTasterText(1, 'chart', 'charts')).toBe('Your first chart is free');
    expect(freeTasterText(3, 'plan', 'plans')).toBe('Your first 3 plans are free');
  });
});
