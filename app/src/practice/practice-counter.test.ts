import {
  canGoBack,
  canLeave,
  counterText,
  INITIAL_PRACTICE,
  practiceCharts,
  practiceReducer,
  type PracticeAction,
} from './practice-counter.js';

const run = (...actions: PracticeAction['type'][]) =>
  actions.reduce((state, type) => practiceReducer(state, { type }), INITIAL_PRACTICE);

describe('practice counter', () => {
  it('starts at 1/10 on charts 50 and 100 with the modal open', () => {
    expect(counterText(INITIAL_PRACTICE.position)).toBe('1/10');
    expect(practiceCharts(1)).toEqual({ fiveMinute: 50, hourly: 100 });
    expect(INITIAL_PRACTICE.modalOpen).toBe(true);
  });

  it('locks Back on the first chart', () => {
    expect(canGoBack(INITIAL_PRACTICE)).toBe(false);
    expect(run('back')).toBe(INITIAL_PRACTICE);
  });

  it('moves on with Next, resetting pass and reopening the modal', () => {
    const state = run('close-modal', 'next');
    expect(state).toEqual({ position: 2, pass: false, modalOpen: true });
    expect(practiceCharts(2)).toEqual({ fiveMinute: 51, hourly: 101 });
  });

  it('counts the chart as passed when going back', () => {
    expect(run('next', 'next', 'back')).toEqual({ position: 2, pass: true, modalOpen: true });
  });

  it('offers Leave from the tenth chart and generated charts after it', () => {
    const nine = run(...Array<'next'>(8).fill('next'));
    expect(canLeave(nine)).toBe(false);
    const ten = practiceReducer(nine, { type: 'next' });
    expect(counterText(ten.position)).toBe('10/10');
    expect(canLeave(ten)).toBe(true);
    expect(practiceCharts(10)).toEqual({ fiveMinute: 59, hourly: 109 });
    expect(practiceCharts(11)).toEqual({ fiveMinute: 1000, hourly: 501_000 });
    expect(counterText(11)).toBe('Extra chart 1');
  });
});
