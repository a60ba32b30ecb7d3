import { newSkillState, type SkillState, updateSkills } from './learner-model.js';
import {
  MAX_SAME_KIND_IN_A_ROW,
  nextPractice,
  PRACTICE_ROUTES,
  type PracticeChoice,
  type PracticeHistoryItem,
  practiceReasonWords,
} from './practice-chooser.js';
import {
  type ExerciseDescription,
  type SkillEvidence,
  type SkillKey,
  skillsTested,
} from './skill-map.js';

const START = new Date('2026-03-02T14:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type States = Partial<Record<SkillKey, SkillState>>;

/** The exercise the generator would make for a choice (a skill-less decision: one to take). */
function exerciseOf(choice: PracticeChoice, index: number): ExerciseDescription {
  const zoneType = choice.zoneType ?? (index % 2 === 0 ? 'demand' : 'supply');
  if (choice.kind === 'decision') {
    return choice.skipBecause
      ? { kind: 'decision', zoneType, decision: 'skip', skipBecause: choice.skipBecause }
      : { kind: 'decision', zoneType, decision: 'take' };
  }
  return { kind: choice.kind, zoneType, concepts: choice.concept ? [choice.concept] : ['zone'] };
}

/** A simulated learner: answers every skill of an exercise, passing those `passes` allows. */
interface Learner {
  states: States;
  history: PracticeHistoryItem[];
  now: Date;
}

function practise(
  learner: Learner,
  passes: (skill: SkillKey) => boolean,
  items: number,
): PracticeChoice[] {
  const chosen: PracticeChoice[] = [];
  for (let item = 0; item < items; item++) {
    const choice = nextPractice(learner.states, learner.history, learner.now);
    const exercise = exerciseOf(choice, learner.history.length);
    const evidence: SkillEvidence[] = skillsTested(exercise).map((skill) => ({
      skill,
      pass: passes(skill),
      kind: exercise.kind,
    }));
    learner.states = updateSkills(learner.states, evidence, learner.now);
    learner.history.push({ kind: choice.kind, skill: choice.skill });
    learner.now = new Date(learner.now.getTime() + 3 * MINUTE);
    chosen.push(choice);
  }
  return chosen;
}

const newLearner = (): Learner => ({ states: {}, history: [], now: START });
const countOf = (choices: readonly PracticeChoice[], skill: SkillKey) =>
  choices.filter((choice) => choice.skill === skill).length;

describe('nextPractice', () => {
  it('gives a learner who always misses freshness at least twice the freshness items', () => {
    const struggling = newLearner();
    const strong = newLearner();
    // A first round each, then the ten that count.
    practise(struggling, (skill) => skill !== 'freshness', 10);
    practise(strong, () => true, 10);
    const next = (learner: Learner, passes: (skill: SkillKey) => boolean) =>
      practise(learner, passes, 10);
    const strugglingNext = next(struggling, (skill) => skill !== 'freshness');
    const strongNext = next(strong, () => true);
    const freshness = countOf(strugglingNext, 'freshness');
    expect(freshness).toBeGreaterThanOrEqual(2 * countOf(strongNext, 'freshness'));
    expect(freshness).toBeGreaterThanOrEqual(4);
    expect(strugglingNext.find((choice) => choice.skill === 'freshness')?.reason).toMatch(
      /^You missed freshness (twice|three times|\d+ times): here is another\.$/,
    );
  });

  it('never gives one kind more than three times in a row, nor one skill more than twice', () => {
    for (const passes of [() => true, () => false, (skill: SkillKey) => skill !== 'entry']) {
      const learner = newLearner();
      const choices = practise(learner, passes, 40);
      for (let index = MAX_SAME_KIND_IN_A_ROW; index < choices.length; index++) {
        const run = choices.slice(index - MAX_SAME_KIND_IN_A_ROW, index + 1);
        expect(new Set(run.map((choice) => choice.kind)).size).toBeGreaterThan(1);
      }
      for (let index = 2; index < choices.length; index++) {
        const run = choices.slice(index - 2, index + 1);
        expect(new Set(run.map((choice) => choice.skill)).size).toBeGreaterThan(1);
      }
    }
  });

  it('rests a kind that filled the last three, even for the weakest skill', () => {
    const plan: PracticeHistoryItem[] = [
      { kind: 'plan', skill: 'entry' },
      { kind: 'plan', skill: 'stop' },
      { kind: 'plan', skill: 'position-size' },
    ];
    const weakSizing: States = {
      'position-size': updateSkills(
        {},
        Array.from({ length: 4 }, () => ({
          skill: 'position-size' as const,
          pass: false,
          kind: 'plan' as const,
        })),
        START,
      )['position-size'],
    };
    expect(nextPractice(weakSizing, plan.slice(0, 2), START).skill).toBe('position-size');
    expect(nextPractice(weakSizing, plan, START).kind).not.toBe('plan');
  });

  it('brings back a skill once it is due, saying so', () => {
    const learner = newLearner();
    practise(learner, () => true, 30);
    const later = new Date(learner.now.getTime() + 60 * DAY);
    const choice = nextPractice(learner.states, learner.history, later);
    expect(choice.reason).toMatch(/^Time to review .+: you last practised it \d+ days ago\.$/);
  });

  it('gives its reason as data, worded by practiceReasonWords', () => {
    const learner = newLearner();
    const choices = practise(learner, (skill) => skill !== 'freshness', 30);
    for (const choice of choices) {
      expect(choice.reasonData).toMatchObject({ skill: choice.skill, kind: choice.kind });
      expect(practiceReasonWords(choice.reasonData)).toBe(choice.reason);
    }
    const reason = { skill: 'freshness', kind: 'decision' } as const;
    expect(practiceReasonWords({ ...reason, cause: 'missed', misses: 1 })).toBe(
      'You missed freshness last time: here is another.',
    );
    expect(practiceReasonWords({ ...reason, cause: 'missed', misses: 3 })).toBe(
      'You missed freshness three times: here is another.',
    );
    expect(practiceReasonWords({ ...reason, cause: 'review', misses: 0, daysAgo: 1 })).toBe(
      'Time to review freshness: you last practised it a day ago.',
    );
    expect(practiceReasonWords({ ...reason, cause: 'least-sure', misses: 1 }, true)).toBe(
      'You are least sure of freshness: here is one more. This one is a real chart.',
    );
  });

  it('starts a new learner on something new, and never picks a skill it cannot practise', () => {
    const first = nextPractice({}, [], START);
    expect(first).toEqual({
      kind: 'zone',
      zoneType: 'demand',
      skill: 'find-demand-zone',
      reasonData: { cause: 'new', skill: 'find-demand-zone', kind: 'zone', misses: 0 },
      reason: 'Something new: finding demand zones.',
    });
    const learner = newLearner();
    const choices = practise(learner, () => false, 30);
    expect(choices.some((choice) => PRACTICE_ROUTES[choice.skill].length === 0)).toBe(false);
    expect(choices.map((choice) => choice.skill)).not.toContain('trade-management');
  });

  it('is deterministic: the same states, history and time give the same choice', () => {
    const one = newLearner();
    const two = newLearner();
    expect(practise(one, (skill) => skill !== 'room', 15)).toEqual(
      practise(two, (skill) => skill !== 'room', 15),
    );
    expect(one.states).toEqual(two.states);
    expect(JSON.parse(JSON.stringify(one.states))).toEqual(one.states);
  });

  it('takes a learner whose states leave skills out as new at them', () => {
    const states: States = { 'find-demand-zone': newSkillState('find-demand-zone', START) };
    expect(nextPractice(states, [], START)).toEqual(nextPractice({}, [], START));
  });
});
