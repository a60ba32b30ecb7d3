import {
  INITIAL_DEVIATION,
  isDue,
  masteryOf,
  MIN_DEVIATION,
  newSkillState,
  type SkillAnswer,
  type SkillState,
  updateSkill,
  updateSkills,
} from './learner-model.js';

const START = new Date('2026-03-02T14:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(START.getTime() + days * DAY);
const pass: SkillAnswer = { pass: true, kind: 'zone' };
const miss: SkillAnswer = { pass: false, kind: 'zone' };

function answerAll(answers: readonly [SkillAnswer, number][], skill = 'freshness' as const) {
  return answers.reduce<SkillState>(
    (state, [answer, day]) => updateSkill(state, answer, at(day)),
    newSkillState(skill, START),
  );
}

describe('a new skill', () => {
  it('is at even odds and very uncertain, and not due', () => {
    const state = newSkillState('room', START);
    const mastery = masteryOf(state);
    expect(mastery.mastery).toBeCloseTo(0.5, 5);
    expect(mastery.uncertainty).toBeGreaterThan(0.4);
    expect(isDue(state, at(30))).toBe(false);
  });

  it('is plain JSON: it survives a round trip unchanged', () => {
    const state = answerAll([
      [pass, 0],
      [miss, 1],
    ]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('updateSkill', () => {
  it('raises mastery after every pass and narrows the uncertainty', () => {
    let state = newSkillState('entry', START);
    let previous = masteryOf(state);
    for (let day = 0; day < 6; day++) {
      state = updateSkill(state, { pass: true, kind: 'plan' }, at(day));
      const next = masteryOf(state);
      expect(next.mastery).toBeGreaterThan(previous.mastery);
      expect(next.uncertainty).toBeLessThan(previous.uncertainty);
      previous = next;
    }
    expect(previous.mastery).toBeGreaterThan(0.8);
    expect(state).toMatchObject({
      attempts: 6,
      passes: 6,
      recent: [true, true, true, true, true, true],
    });
  });

  it('lowers mastery after misses', () => {
    const state = answerAll([
      [miss, 0],
      [miss, 0],
      [miss, 1],
    ]);
    expect(masteryOf(state).mastery).toBeLessThan(0.25);
    expect(state.passes).toBe(0);
  });

  it('moves less for a pass a guess could explain (take or skip) than for a drawn zone', () => {
    const zone = updateSkill(newSkillState('freshness', START), pass, START);
    const decision = updateSkill(
      newSkillState('freshness', START),
      { pass: true, kind: 'decision' },
      START,
    );
    expect(masteryOf(zone).mastery).toBeGreaterThan(masteryOf(decision).mastery);
    expect(masteryOf(decision).mastery).toBeGreaterThan(0.5);
  });

  it('takes no ability from a pass after the answer was shown, but counts it as a Hard review', () => {
    const missed = answerAll([[miss, 0]]);
    const copied = updateSkill(missed, { pass: true, kind: 'zone', afterReveal: true }, at(0));
    expect(copied.rating).toBe(missed.rating);
    expect(copied.attempts).toBe(2);
    expect(copied.review.reps).toBe(2);
    const earned = updateSkill(missed, pass, at(0));
    expect(Date.parse(copied.review.due)).toBeLessThanOrEqual(Date.parse(earned.review.due));
  });

  it('never narrows the belief below its floor', () => {
    const state = answerAll(
      Array.from({ length: 40 }, (_, day) => [pass, day] as [SkillAnswer, number]),
    );
    expect(state.deviation).toBeGreaterThanOrEqual(MIN_DEVIATION);
  });

  it('gives the same state for the same answers in the same order', () => {
    const answers: [SkillAnswer, number][] = [
      [pass, 0],
      [miss, 0.5],
      [{ pass: true, kind: 'decision' }, 2],
      [{ pass: true, kind: 'zone', afterReveal: true }, 2],
      [pass, 9],
    ];
    expect(answerAll(answers)).toEqual(answerAll(answers));
    const reordered = [answers[1], answers[0], ...answers.slice(2)] as [SkillAnswer, number][];
    // Same times, another order: a different learner.
    expect(
      answerAll(reordered.map(([answer], index) => [answer, answers[index]?.[1] ?? 0])),
    ).not.toEqual(answerAll(answers));
  });

  it('refuses answers that go back in time', () => {
    const state = answerAll([[pass, 3]]);
    expect(() => updateSkill(state, pass, at(1))).toThrow(/time order/);
  });
});

describe('reviews', () => {
  it('a skill not seen for its interval comes back due', () => {
    const state = answerAll([
      [pass, 0],
      [pass, 1],
      [pass, 4],
    ]);
    const due = Date.parse(state.review.due);
    const lastSeen = Date.parse(state.lastAnswerAt ?? '');
    expect(due - lastSeen).toBeGreaterThanOrEqual(2 * DAY);
    expect(isDue(state, new Date(due - 60_000))).toBe(false);
    expect(isDue(state, new Date(due))).toBe(true);
  });

  it('passes push the next review further out; a miss brings it back soon', () => {
    const interval = (state: SkillState) =>
      Date.parse(state.review.due) - Date.parse(state.lastAnswerAt ?? '');
    const twice = answerAll([
      [pass, 0],
      [pass, 3],
    ]);
    const thrice = updateSkill(twice, pass, new Date(Date.parse(twice.review.due)));
    expect(interval(thrice)).toBeGreaterThan(interval(twice));
    const lapsed = updateSkill(thrice, miss, new Date(Date.parse(thrice.review.due)));
    expect(interval(lapsed)).toBeLessThan(interval(thrice));
    expect(lapsed.review.lapses).toBe(1);
  });

  it('grows the uncertainty of a skill left alone, up to the prior', () => {
    const state = answerAll(
      Array.from({ length: 8 }, (_, day) => [pass, day] as [SkillAnswer, number]),
    );
    const soon = masteryOf(state, at(8));
    const later = masteryOf(state, at(120));
    expect(later.uncertainty).toBeGreaterThan(soon.uncertainty);
    expect(masteryOf(state, at(100_000)).high - masteryOf(state, at(100_000)).low).toBeCloseTo(
      masteryOf({ ...state, deviation: INITIAL_DEVIATION }).high -
        masteryOf({ ...state, deviation: INITIAL_DEVIATION }).low,
      10,
    );
  });
});

describe('updateSkills', () => {
  it('applies each skill of an answer, starting skills never seen', () => {
    const states = updateSkills(
      {},
      [
        { skill: 'find-supply-zone', pass: true, kind: 'zone' },
        { skill: 'zone-bounds', pass: false, kind: 'zone' },
      ],
      START,
    );
    expect(Object.keys(states).sort()).toEqual(['find-supply-zone', 'zone-bounds']);
    expect(states['zone-bounds']?.passes).toBe(0);
    expect(states['find-supply-zone']?.passes).toBe(1);
  });
});
