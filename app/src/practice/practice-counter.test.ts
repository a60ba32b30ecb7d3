import {
  canGoBack,
  canGoOn,
  canLeave,
  counterText,
  INITIAL_PRACTICE,
  PRACTICE_CHART_COUNT,
  practiceReducer,
  type PracticeAction,
  type PracticeState,
} from './practice-counter.js';

const run = (...actions: PracticeAction['type'][]) =>
  actions.reduce((state, type) => practiceReducer(state, { type }), INITIAL_PRACTICE);

describe('practice counter', () => {
  it('starts at 1/10 with the modal open', () => {
    expect(counterText(INITIAL_PRACTICE.position)).toBe('1/10');
    expect(INITIAL_PRACTICE.modalOpen).toBe(true);
  });

  it('locks Back on the first chart', () => {
    expect(canGoBack(INITIAL_PRACTICE)).toBe(false);
    expect(run('back')).toBe(INITIAL_PRACTICE);
  });

  it('moves on with Next, resetting pass and reopening the modal', () => {
    expect(run('close-modal', 'next')).toEqual({ position: 2, pass: false, modalOpen: true });
  });

  it('counts the chart as passed when going back, without asking again what to find', () => {
    expect(run('next', 'close-modal', 'next', 'close-modal', 'back')).toEqual({
      position: 2,
      pass: true,
      modalOpen: false,
    });
    // Even when the modal was still open on the later chart.
    expect(run('next', 'next', 'back').modalOpen).toBe(false);
  });

  it('offers Leave from the tenth chart and extra charts after it, up to the last one', () => {
    const nine = run(...Array<'next'>(8).fill('next'));
    expect(canLeave(nine)).toBe(false);
    const ten = practiceReducer(nine, { type: 'next' });
    expect(counterText(ten.position)).toBe('10/10');
    expect(canLeave(ten)).toBe(true);
    expect(counterText(11)).toBe('Extra chart 1');
    const last: PracticeState = { position: PRACTICE_CHART_COUNT, pass: false, modalOpen: false };
    expect(canGoOn(last)).toBe(false);
    expect(practiceReducer(last, { type: 'next' })).toBe(last);
    expect(counterText(PRACTICE_CHART_COUNT)).toBe('Extra chart 90');
  });
});
