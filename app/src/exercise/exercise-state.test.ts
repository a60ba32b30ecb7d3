import type { AttemptResult } from '../api/index.js';
import {
  advanceButton,
  exerciseReducer,
  INITIAL_EXERCISE,
  triesText,
  type ExerciseState,
} from './exercise-state.js';

/** A miss as the server answers it under its three-tries rule. */
const miss = (tries: number, extra: Partial<AttemptResult> = {}): AttemptResult => ({
  pass: false,
  reason: 'too-low',
  feedback: 'Both lines are below the zone.',
  tries,
  triesLeft: Math.max(0, 3 - tries),
  revealed: tries >= 3,
  ...extra,
});

function afterTries(count: number): ExerciseState {
  let state = INITIAL_EXERCISE;
  for (let tries = 1; tries <= count; tries += 1) {
    state = exerciseReducer(state, { type: 'submit' });
    state = exerciseReducer(state, { type: 'graded', result: miss(tries) });
  }
  return state;
}

describe('exercise state', () => {
  it('counts failed tries and keeps the API feedback', () => {
    const state = afterTries(2);
    expect(state.tries).toBe(2);
    expect(state.feedback).toBe('Both lines are below the zone.');
    expect(state.revealed).toBe(false);
    expect(state.submitting).toBe(false);
  });

  it('reveals the zone from the third failed try and unlocks Skip', () => {
    const state = exerciseReducer(afterTries(2), {
      type: 'graded',
      result: miss(3, { zone: { type: 'demand', upper: 101, lower: 100 }, explanation: 'Base.' }),
    });
    expect(state.revealed).toBe(true);
    expect(state.answer?.zone).toEqual({ type: 'demand', upper: 101, lower: 100 });
    expect(advanceButton(state, true)).toEqual({ label: 'Skip', enabled: true });
  });

  it('shows Next after a pass', () => {
    const state = exerciseReducer(afterTries(1), {
      type: 'graded',
      result: {
        pass: true,
        reason: 'pass',
        feedback: 'Correct!',
        tries: 1,
        triesLeft: 0,
        revealed: true,
      },
    });
    expect(state.pass).toBe(true);
    expect(advanceButton(state, true)).toEqual({ label: 'Next', enabled: true });
  });

  it('shows a disabled Skip on a pass-required lesson until passed, Next otherwise', () => {
    expect(advanceButton(afterTries(1), true)).toEqual({ label: 'Skip', enabled: false });
    expect(advanceButton(afterTries(1), false)).toEqual({ label: 'Next', enabled: true });
  });

  it('keeps the count when a try could not be graded, and says why', () => {
    const state = exerciseReducer(exerciseReducer(afterTries(1), { type: 'submit' }), {
      type: 'failed',
      message: 'Draw two lines first.',
    });
    expect(state.tries).toBe(1);
    expect(state.error).toBe('Draw two lines first.');
    expect(state.submitting).toBe(false);
  });

  it('restores where the learner stood when the page loads', () => {
    const state = exerciseReducer(INITIAL_EXERCISE, {
      type: 'restore',
      standing: { passed: false, tries: 3, triesLeft: 0, revealed: true },
    });
    expect(advanceButton(state, true)).toEqual({ label: 'Skip', enabled: true });
  });

  it('reveals when the server says so and not before, whatever the count', () => {
    const early = exerciseReducer(INITIAL_EXERCISE, {
      type: 'graded',
      result: miss(1, { triesLeft: 0, revealed: true }),
    });
    expect(early.revealed).toBe(true);
    const late = exerciseReducer(afterTries(2), {
      type: 'graded',
      result: miss(3, { triesLeft: 1, revealed: false }),
    });
    expect(late.revealed).toBe(false);
    expect(advanceButton(late, true)).toEqual({ label: 'Skip', enabled: false });
  });

  it('counts down the tries the server says are left', () => {
    expect(triesText(0, undefined)).toBe('No tries yet');
    const state = afterTries(1);
    expect(triesText(state.tries, state.triesLeft)).toBe(
      '1 failed try · the zone shows after 2 more',
    );
    const revealed = afterTries(3);
    expect(triesText(revealed.tries, revealed.triesLeft)).toBe('3 failed tries');
  });
});
